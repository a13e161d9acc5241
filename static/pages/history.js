/* A session's or a barkada's history (templates/history.html, group_history.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as history } from "../history.js";

shell();
history();
