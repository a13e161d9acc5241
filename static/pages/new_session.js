/* The new-session form (templates/new_session.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as newSession } from "../new.js";

shell();
newSession();
