// Text cut on a phone page: every shown element with words whose content is wider than its box
// (not a box that scrolls sideways on purpose), cut with "…" by text-overflow: ellipsis,
// taller than a box that hides what overflows, or taller than a short box (a status line, under
// LINE_BOX px) that scrolls up and down: at a card table a message read by scrolling inside two
// lines is a cut message. A taller panel that scrolls (a review, a verdict) is not a line; and the
// page itself scrolling sideways.
() => {
  const out = [], LINE_BOX = 100;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const scrolls = (value) => value === 'auto' || value === 'scroll';
  for (const el of document.querySelectorAll('body *')) {
    if (!shown(el) || !el.textContent.trim() || el.closest('.sr, .brand-word, svg, script, style')) continue;
    const s = getComputedStyle(el), name = el.className + ' "' + el.textContent.trim().slice(0, 50) + '"';
    const wide = el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
    if (wide && s.textOverflow === 'ellipsis') out.push('cut with …: ' + name);
    else if (wide && !scrolls(s.overflowX)) out.push('wider than its box: ' + name);
    if (el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1 && (s.overflowY === 'hidden' || s.overflowY === 'clip'))
      out.push('taller than its box: ' + name);
    else if (el.clientHeight > 0 && el.clientHeight < LINE_BOX && el.scrollHeight > el.clientHeight + 1 && scrolls(s.overflowY))
      out.push('scrolls inside its box: ' + name);
  }
  if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways');
  return out;
}
