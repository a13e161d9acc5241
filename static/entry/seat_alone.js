/* Seat mode without the server (used by seat.js): taps keep being queued and sent as always;
   once the server has been out of reach for AFTER_MS, the seat page offers to finish the round
   on this phone alone. The tap puts every card known here (this seat's, as tapped; the
   others', as the last draft showed them) and the round's header into the one-phone page's
   kept taps (entry_keep.js `handOver`, the store a reload of that page reads) and opens that page,
   which the service worker keeps and whose engine judges offline. Only a phone that can judge
   there (ready to work offline, this session kept) is offered it. */
import { t } from "../words.js";
import { formValues, hands as H } from "./entry.js";
import { handOver } from "./entry_keep.js";
import * as Engine from "../engine_client.js";
import * as Outbox from "../outbox.js";

var AFTER_MS = 20000;

/* the one-phone form's fields (templates/round.html) of the seat page's round, as the page's
   kept taps (entry_keep.js): a choice not made or a flag not ticked left out */
function formOf(header, hands, dealer) {
  var values = formValues(header, hands, ""), form = new URLSearchParams();
  values.dealer = String(dealer);  // the page's dealer control, whatever the header says
  Object.keys(values).forEach(function (name) { if (values[name]) form.set(name, values[name]); });
  return form.toString();
}

export function create(root, current) {
  var since = null, timer = null;
  var box = document.createElement("div");
  box.className = "seat-alone";
  box.hidden = true;
  var said = document.createElement("p");
  said.textContent = t("The server has not answered for a while. Finish this round on this phone alone, with every card entered here?");
  var go = document.createElement("button");
  go.type = "button";
  go.className = "btn primary wide";
  go.textContent = t("Finish on this phone");
  box.appendChild(said);
  box.appendChild(go);
  root.appendChild(box);

  go.addEventListener("click", function () {
    var now = current(), d = now.draft;
    var hands = [0, 1, 2].map(function (seat) {
      if (seat === now.me) return now.mine;
      return d ? H.read(d.seats[seat].hand) : H.blank();
    });
    var form = formOf(now.header, hands, now.dealer);
    if (!handOver(root.getAttribute("data-token"), form, d && d.changed)) return;
    window.location.assign(root.getAttribute("data-one-phone"));
  });

  var able = false;
  if (Engine.wanted() && window.isSecureContext) {
    Outbox.state(root.getAttribute("data-token")).then(function (kept) { able = !!kept; }, function () {});
  }
  /* called at each render: whether the server is out of reach now */
  function update(offline) {
    if (!offline) { since = null; clearTimeout(timer); box.hidden = true; return; }
    if (since === null) {
      since = Date.now();
      timer = setTimeout(function () { box.hidden = since === null || !able; }, AFTER_MS);
    }
  }
  return { update: update };
}

