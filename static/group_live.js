/* Group page: when another phone changes the group (a payment, a member, a session settled),
   its event stream (stream.js, through Pushpin) says so, and the page offers "Updated · Reload"
   rather than reloading under a thumb that may be typing. Without Pushpin nothing changes: the
   page is read as it was loaded, as before. */
import { watch } from "./stream.js";

export function start() {
  var page = document.getElementById("group-live"), updated = document.getElementById("updated");
  if (!page || !updated) return;
  var shown = page.getAttribute("data-revision");
  watch(page.getAttribute("data-events"), function (data) {
    if (data.revision !== undefined && String(data.revision) !== shown) updated.hidden = false;
  });
  if (!updated.hasAttribute("data-reloads")) {  // offline.js may reload on a tap already
    updated.setAttribute("data-reloads", "");
    updated.addEventListener("click", function () { window.location.reload(); });
  }
}
