/* What a round is made of, as the engine describes it (tracker/engine/shape.py `describe`; each
   entry page renders it in its root's data-round-shape attribute): the round's header, a hand's
   parts and the flags a player may claim of a hand. The entry scripts take the flags from
   here, never from a list of their own. */

/** @type {{header: string[], parts: string[], flags: {name: string, ending: string, rule: string | null}[], seats: number}} */
export const SHAPE = read();

function read() {
  const page = typeof document === "undefined" ? null : document.querySelector("[data-round-shape]");
  try { if (page) return JSON.parse(page.getAttribute("data-round-shape") || ""); } catch { /* none */ }
  return { header: [], parts: [], flags: [], seats: 3 };  // no page: no round to enter
}

/** The names of the flags a player may claim of a hand, in the engine's order. */
export const FLAGS = SHAPE.flags.map(function (flag) { return flag.name; });
/** The round's header fields. */
export const HEADER = SHAPE.header;
