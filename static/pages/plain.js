/* Every page without scripts of its own (base.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";

shell();
