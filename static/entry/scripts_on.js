/* Loaded before the one-phone page's first paint (a classic script in its head, round.html):
   says that scripts run here, so that app.css keeps the typed form out of sight until the
   picker takes its place (round.js), instead of painting the form and swapping it. Without
   scripts nothing says so, and the typed form is the page at once. */
document.documentElement.classList.add("js");
