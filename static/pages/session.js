/* A session's page (templates/session.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as live } from "../live.js";
import { start as share } from "../share.js";
import { start as undo_saved } from "../entry/undo_saved.js";
import { start as sheet } from "../sheet.js";
import { start as earlier } from "../earlier.js";
import { start as print_summary } from "../print_summary.js";

shell();
live();
share();
undo_saved();
sheet();
earlier();
print_summary();
