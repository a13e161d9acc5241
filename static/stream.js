/* A page's event stream (GET …/events, held by Pushpin when it stands in front of the server):
   watch(url, onChange) calls onChange(data) for each change the server publishes
   ({revision, draft}: the state it names; a draft's change may also carry the draft's answer,
   {tag, answer}), and its live() says whether the stream is open, so that the page polls only
   while it is not. Pushpin sends an "alive" event every 20 s: a stream that hears nothing for
   QUIET ms has died without a word (a Wi-Fi gone and back), and is opened again.
   The first event of every (re)connection is the current state: whatever was missed while the
   stream was down is fetched then. Without Pushpin the server answers 204, the EventSource
   stops, and the page keeps polling; it asks again every AGAIN ms, in case Pushpin is back.
   <html data-stream="live|off"> says where it stands (for whoever looks at the page). */
var AGAIN = 60000, QUIET = 50000;

export function watch(url, onChange) {
  var live = false, source = null, timer = null, heardAt = 0;
  function heard() { heardAt = Date.now(); set(true); }
  function set(yes) { live = yes; document.documentElement.setAttribute("data-stream", yes ? "live" : "off"); }
  function open() {
    clearTimeout(timer);
    if (source || !window.EventSource || !url || document.hidden) return;
    source = new EventSource(url);
    source.addEventListener("open", heard);
    source.addEventListener("alive", heard);
    source.addEventListener("change", function (event) {
      heard();
      var data = null;
      try { data = JSON.parse(event.data); } catch (e) { data = null; }
      if (data) onChange(data);
    });
    source.addEventListener("error", function () {
      set(false);  // reconnecting by itself (retry), or closed (a 204, an error answer)
      if (source && source.readyState === EventSource.CLOSED) { source = null; timer = setTimeout(open, AGAIN); }
    });
  }
  /* a phone asleep loses its connection; awake, the stream opens again (and resyncs) */
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { if (source) source.close(); source = null; set(false); } else open();
  });
  setInterval(function () {
    if (source && live && Date.now() - heardAt > QUIET) { source.close(); source = null; set(false); open(); }
  }, QUIET / 5);
  open();
  return { live: function () { return live; } };
}
