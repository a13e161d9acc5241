/* A points-only round (templates/round_points.html).
   The page's one entry: the app's shell first (shell.js), then what the page does, in order. */
import { start as shell } from "../shell.js";
import { start as points_entry } from "../entry/points_entry.js";

shell();
points_entry();
