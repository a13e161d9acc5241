/* New-session form: choosing a preset fills every option; dealer buttons show the names. */
(function () {
  "use strict";
  var form = document.getElementById("new-session");
  if (!form) return;
  document.documentElement.classList.add("js");
  var preset = document.getElementById("preset");
  var values = JSON.parse(preset.getAttribute("data-presets"));
  preset.addEventListener("change", function () {
    var chosen = values[preset.value] || {};
    Object.keys(chosen).forEach(function (name) {
      var input = form.elements[name];
      if (!input) return;
      if (input.type === "checkbox") input.checked = !!chosen[name];
      else input.value = chosen[name];
    });
  });
  // "Player {n}" in the reader's language (templates/_js_words.html), else English
  var said = document.getElementById("words"), playerWords = "Player {n}";
  try { playerWords = (said && JSON.parse(said.textContent)[playerWords]) || playerWords; } catch (e) { /* English */ }
  function names() {
    for (var seat = 0; seat < 3; seat++) {
      var name = form.elements["player_" + seat].value.trim();
      document.querySelector("label[for=dealer-" + seat + "]").textContent = name || playerWords.split("{n}").join(seat + 1);
    }
  }
  form.addEventListener("input", names);
  names();
})();
