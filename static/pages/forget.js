/* Forget this phone (templates/forget.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as forget } from "../forget.js";

shell();
forget();
