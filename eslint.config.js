// ESLint for the phone's scripts (static/) and their tests (tests/js/): `npx eslint .`,
// run by scripts/test.sh. Every file is an ES module; the service worker and the engine's
// worker run in a worker's scope instead of a page's.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", ".cache/", "instance/", "build/", "tests/support/"] },
  js.configs.recommended,
  {
    files: ["static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      "no-var": "off",
      eqeqeq: ["error", "smart"],
      "no-implicit-globals": "error",
      "no-restricted-globals": ["error", { name: "event", message: "use the handler's own event" }],
    },
  },
  {
    files: ["static/sw.js", "static/engine_worker.js"],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.worker } },
  },
  {
    files: ["static/sw.js"],
    // written before the worker's text by the server (tracker/web/pages/app_shell.py)
    languageOptions: { globals: { VERSION: "readonly", STATIC_AT: "readonly", STATIC: "readonly", OFFLINE_PAGE: "readonly", NOT_SENT_PAGE: "readonly" } },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
