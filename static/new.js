/* New-session form: choosing a preset fills every option; dealer buttons show the names. */
import { t } from "./words.js";

export function start() {
  var form = /** @type {HTMLFormElement | null} */ (document.getElementById("new-session"));
  if (!form) return;
  document.documentElement.classList.add("js");
  var preset = /** @type {HTMLSelectElement} */ (document.getElementById("preset"));
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
  function names() {
    for (var seat = 0; seat < 3; seat++) {
      var name = form.elements["player_" + seat].value.trim();
      document.querySelector("label[for=dealer-" + seat + "]").textContent = name || t("Player {n}", { n: seat + 1 });
    }
  }
  form.addEventListener("input", names);
  names();
}
