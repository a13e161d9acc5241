// Layout problems of a phone page: sideways scrolling, tap targets under 44 px, unlabelled inputs.
() => {
  const problems = [];
  if (document.documentElement.scrollWidth > window.innerWidth) problems.push('scrolls sideways: ' + document.documentElement.scrollWidth);
  const visible = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  for (const el of document.querySelectorAll('a, button, select, summary, input, textarea, .seg label, label.check')) {
    if (el.type === 'hidden') continue;
    let target = el;
    if (el.type === 'radio') { target = document.querySelector('label[for="' + el.id + '"]'); }
    else if (el.type === 'checkbox') { target = el.closest('label') || document.querySelector('label[for="' + el.id + '"]'); }
    if (!target || !visible(target)) continue;
    const r = target.getBoundingClientRect();
    if (r.height < 44 || r.width < 44) problems.push('small tap target ' + (target.id || target.textContent.trim().slice(0, 20)) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (el.type === 'hidden') continue;
    if (!(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby')) problems.push('no label: ' + (el.name || el.id));
  }
  return problems;
}
