/* A round of the outbox the server did not save as this phone judged it (offline.js shows the
   outbox on the session page): another phone saved or changed rounds meanwhile (409), or the
   server refused it (a PIN asked, a settled session). Both versions are shown, and the table
   answers: keep it (saved after the rounds now on the server, with the server's verdict) or
   drop it. Nothing is merged or dropped without that tap. */
(function () {
  "use strict";
  var t = window.TongitsWords && window.TongitsWords.t;

  function line(text, cls) {
    var p = document.createElement("p");
    p.textContent = text;
    if (cls) p.className = cls;
    return p;
  }
  function button(text, cls, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "btn " + cls;
    b.textContent = text;
    b.addEventListener("click", action);
    return b;
  }

  function show(entry, unit, headline, after) {
    var body = entry.conflict.body || {}, found = body.conflict, box = document.createElement("div");
    box.className = "conflict-box";
    (body.errors || []).forEach(function (e) {
      var said = String(e.message || "");
      box.appendChild(line(said.charAt(0).toUpperCase() + said.slice(1), "err"));
    });
    box.appendChild(line(t("On this phone: round {n} \u00b7 {headline}", { n: entry.number, headline: headline(entry.result, unit) })));
    if (found) {
      found.since.forEach(function (r) {
        box.appendChild(line(t("Saved or changed meanwhile on another phone: round {n} \u00b7 {headline}", { n: r.number, headline: headline(r.result, unit) })));
      });
      box.appendChild(line(t("On the server now it would be round {n} \u00b7 {headline}", { n: found.now.number, headline: headline(found.now.result, unit) }), "now"));
    }
    var keep = found ? t("Save it as round {n}", { n: found.now.number }) : t("Send it again");
    box.appendChild(button(keep, "primary conflict-keep", function () {
      window.TongitsOutbox.answer(entry.key, "keep").then(after);
    }));
    box.appendChild(button(t("Drop this round"), "conflict-drop", function () {
      if (window.confirm(t("Drop round {n}? Its cards are not kept anywhere else.", { n: entry.number }))) {
        window.TongitsOutbox.answer(entry.key, "drop").then(after);
      }
    }));
    return box;
  }

  window.TongitsConflict = { show: show };
})();
