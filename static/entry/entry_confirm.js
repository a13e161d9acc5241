/* The one-phone page's Confirm, sent by the page itself (round.js), so that a network gone
   between the verdict and the tap never ends on the browser's error page. `send` resolves once
   the server saved the round (the page goes where the server sent it) or answered anything
   else (a refusal, a page to review again: posted again the ordinary way, under the same
   idempotency key, so that the server's own page shows it); it rejects when the server could
   not be reached, or said nothing for SEND_MS. */
var SEND_MS = 15000;

function again(form, submitter) {  // the ordinary post, with the button's name and value
  var field = document.createElement("input");
  field.type = "hidden";
  field.name = submitter && submitter.name ? submitter.name : "action";
  field.value = submitter && submitter.name ? submitter.value : "save";
  form.appendChild(field);
  HTMLFormElement.prototype.submit.call(form);  // no submit event: not sent by the page again
}

/* where the server sends the table once the round is saved: the session page, at the round
   changed for an edit (tracker/web/entry/round_entry.py) */
function savedTo(form) {
  var edit = form.getAttribute("data-edit");
  return form.getAttribute("data-session") + (edit ? "#round-" + edit : "");
}

export function send(form, submitter, saved) {
  var data = new FormData(form), stop = window.AbortController ? new AbortController() : null;
  if (submitter && submitter.name) data.set(submitter.name, submitter.value);
  var late = stop && setTimeout(function () { stop.abort(); }, SEND_MS);
  // not form.action: the buttons named "action" stand in for it. The redirect is not
  // followed here, so that the page it leads to is loaded once, with the "saved" news on it
  return fetch(form.getAttribute("action") || window.location.href, { method: "POST", body: data,
    credentials: "same-origin", redirect: "manual", signal: stop ? stop.signal : undefined })
    .then(function (r) {
      clearTimeout(late);
      if (r.type === "opaqueredirect") {  // a form's POST redirects only once it is saved
        saved();
        window.location.assign(savedTo(form));
      } else {
        again(form, submitter);
      }
    }, function (error) { clearTimeout(late); throw error; });
}

