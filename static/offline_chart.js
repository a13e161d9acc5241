/* The balance chart (tracker/present/chart.py, drawn by the server) with the rounds waiting in
   this phone's outbox after its own, provisional (offline_view.js shows them, offline): the
   picture made room for them (the server wrote its frame on it: data-plot, data-range,
   data-rounds), each player's line going on from its last saved point through the balances
   the engine in the phone gave after each waiting round (outbox.js: the entry's ledger), paler,
   each such point a hollow ring, on a shaded band, and "round 5 · provisional" under it.
   Nothing here judges or adds up: the balances are the engine's, only placed on the picture.
   Once the outbox is sent, the server's picture comes back, and then its own with them. */
import { t } from "./words.js";

var SVG = "http://www.w3.org/2000/svg";
/** @type {WeakMap<Element, string>} the picture as the server drew it */
var drawn = new WeakMap();

/** @param {string} tag @param {Record<string, string | number>} attrs */
function make(tag, attrs) {
  var el = document.createElementNS(SVG, tag);
  Object.keys(attrs).forEach(function (k) { el.setAttribute(k, String(attrs[k])); });
  return el;
}
function numbers(text) { return String(text || "").trim().split(/[\s,]+/).map(Number); }
function at(x, y) { return x.toFixed(1) + "," + y.toFixed(1); }

/* an axis label as the server writes it ("−₱1,240"): only where the range grew */
function short(value, unit) {
  var whole = Math.round(Math.abs(value)).toLocaleString("en-US");
  return (value < 0 ? "\u2212" : "") + (unit === "pts" ? "" : unit) + whole;
}

function draw(svg, view, unit) {
  var plot = numbers(svg.getAttribute("data-plot")), range = numbers(svg.getAttribute("data-range"));
  var left = plot[0], top = plot[1], width = plot[2], height = plot[3], low = range[0], high = range[1];
  var saved = parseInt(svg.getAttribute("data-rounds") || "0", 10), steps = Math.max(saved, 1);
  var rows = view.waiting.map(function (e) {
    return e.ledger.players.map(function (name) { return Number(e.ledger.balances[name]); });
  });
  var all = [].concat.apply([], rows), most = Math.max.apply(null, [high].concat(all));
  var least = Math.min.apply(null, [low].concat(all)), rounds = saved + rows.length;
  function x(i) { return left + width * i / rounds; }
  function y(value) { return top + height * (most - value) / (most - least); }
  /* a point of the server's picture, in the new frame: its round and its balance back */
  function moved(point) {
    var xy = numbers(point);
    return [(xy[0] - left) * steps / width, high - (xy[1] - top) * (high - low) / height];
  }

  var band = make("rect", { "class": "provisional", x: x(saved).toFixed(1), y: top, width: (x(rounds) - x(saved)).toFixed(1), height: height });
  var zero = svg.querySelector("line.zero"), label = function (cls) { return svg.querySelector("text." + cls); };
  zero.setAttribute("y1", y(0).toFixed(1));
  zero.setAttribute("y2", y(0).toFixed(1));
  zero.parentNode.insertBefore(band, zero);
  label("zero").setAttribute("y", (y(0) + 4).toFixed(1));
  if (most !== high) label("top").textContent = short(most, unit);
  if (least !== low) label("bottom").textContent = short(least, unit);
  label("last").textContent = t("round {n}", { n: rounds }) + " \u00b7 " + t("provisional");

  svg.querySelectorAll("polyline").forEach(function (line, seat) {
    var points = line.getAttribute("points").trim().split(/\s+/).map(moved);
    line.setAttribute("points", points.map(function (p) { return at(x(p[0]), y(p[1])); }).join(" "));
    var colour = line.getAttribute("stroke"), dash = line.getAttribute("stroke-dasharray");
    var on = [at(x(saved), y(points[points.length - 1][1]))].concat(rows.map(function (row, i) { return at(x(saved + 1 + i), y(row[seat])); }));
    var more = make("polyline", { "class": "provisional", fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-linejoin": "round", points: on.join(" ") });
    if (dash) more.setAttribute("stroke-dasharray", dash);
    line.parentNode.insertBefore(more, line.nextSibling);
    rows.forEach(function (row, i) {
      svg.appendChild(make("circle", { "class": "provisional", cx: x(saved + 1 + i).toFixed(1), cy: y(row[seat]).toFixed(1), r: 3.5, stroke: colour, "stroke-width": 2 }));
    });
  });
}

/**
 * The chart of the ledger part with the waiting rounds of `view` (outbox.js `judgedOn`), or
 * as the server drew it when `view` is null (nothing waits, or a conflict waits for the table).
 * @param {Element} ledger
 * @param {any} view
 * @param {string} unit
 */
export function show(ledger, view, unit) {
  var figure = /** @type {HTMLElement | null} */ (ledger.querySelector("#chart"));
  if (!figure || !figure.querySelector("svg.chart")) return;
  var key = view ? view.waiting.map(function (e) { return e.key + " " + e.number; }).join(",") : "";
  if ((figure.dataset.shown || "") === key) return;  // as it is shown already
  var server = drawn.get(figure);
  if (server !== undefined) {
    figure.innerHTML = server;
    drawn.delete(figure);
    if (figure.dataset.hid) figure.hidden = true;
    delete figure.dataset.hid;
  }
  figure.dataset.shown = key;
  if (!view) return;
  drawn.set(figure, figure.innerHTML);
  if (figure.hidden) { figure.hidden = false; figure.dataset.hid = "1"; }
  draw(figure.querySelector("svg.chart"), view, unit);
}
