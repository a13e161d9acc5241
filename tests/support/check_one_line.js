// Words that run onto a second line: every shown element matching `selector` (a page's main
// buttons, a title) with a run of its text on more than one line. A run is the text of one
// inline formatting box: a part given a line of its own on purpose (an inline-block or a block
// inside a button, such as "Ben's phone") may stand on the next line, but no run may break.
// Lines are counted from the boxes of the text (Range.getClientRects of each text node, a box a
// line), gathered into rows: a box whose middle is below the row before starts a row. With
// `row`, the element's children must stand on one row too (a title and its control side by side).
([selector, row]) => {
  const out = [];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const runOf = (node, el) => {
    for (let at = node.parentElement; at !== el; at = at.parentElement)
      if (getComputedStyle(at).display !== 'inline') return at;
    return el;
  };
  const rows = (rects) => {
    let count = 0, bottom = -Infinity;
    for (const r of [...rects].sort((a, b) => a.top - b.top)) {
      if ((r.top + r.bottom) / 2 > bottom) { count += 1; bottom = r.bottom; }
      else bottom = Math.max(bottom, r.bottom);
    }
    return count;
  };
  const words = (el) => '"' + el.textContent.trim().replace(/\s+/g, ' ').slice(0, 70) + '"';
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el)) continue;
    const runs = new Map();
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest('.sr, [hidden], option')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const run = runOf(node, el);
      if (!runs.has(run)) runs.set(run, []);
      for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) runs.get(run).push(r);
    }
    for (const [run, rects] of runs) {
      const count = rows(rects);
      if (count > 1) out.push(count + ' lines: ' + selector + ' ' + words(run));
    }
    if (row) {
      const count = rows([...el.children].filter(shown).map((child) => child.getBoundingClientRect()));
      if (count > 1) out.push(count + ' rows: ' + selector + ' ' + words(el));
    }
  }
  return out;
}
