/* A barkada's page (templates/group.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as share } from "../share.js";
import { start as group_live } from "../group_live.js";

shell();
share();
group_live();
