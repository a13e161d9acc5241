/* Round entry on one phone (templates/round.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as round } from "../entry/round.js";
import { start as entry_dealer } from "../entry/entry_dealer.js";
import { start as wake } from "../wake.js";

shell();
round();
entry_dealer();
wake();
