/* What every page starts, before what the page does: the installable app (install.js) and
   working with no network (offline.js). Each page's one entry (static/pages/) calls it first. */
import { start as install } from "./install.js";
import { start as offline } from "./offline.js";

export function start() {
  install();
  offline();
}
