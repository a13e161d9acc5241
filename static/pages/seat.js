/* Round entry at a seat, a phone each (templates/round_seat.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as deals } from "../entry/deals.js";
import { start as seat } from "../entry/seat.js";
import { start as wake } from "../wake.js";

shell();
deals();
seat();
wake();
