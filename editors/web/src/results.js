// The results pane: the lines of POST /api/run (the objects of
// `meeple run --format json`, pictures inline) drawn per scenario.

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function picture(svg) {
  const p = el('div', 'picture');
  p.innerHTML = svg; // made by the server's SVG writer (text escaped)
  return p;
}

export function diagnosticBox(d, where) {
  const box = el('div', 'diagnostic');
  box.append(el('code', null, d.code), el('div', 'message', `${where}${d.message}`));
  if (d.label) box.append(el('div', 'label', d.label));
  if (d.help) box.append(el('div', 'help', `help: ${d.help}`));
  return box;
}

// The answer's text, a line per element (the step-through marks its move).
function textLines(lines) {
  const pre = el('pre');
  for (const l of lines) pre.append(el('div', 'text-line', l));
  return pre;
}

function stepper(steps, pre) {
  const box = el('div', 'steps');
  const controls = el('div', 'controls');
  const prev = el('button', 'prev', '◀ previous');
  const next = el('button', 'next', 'next ▶');
  const caption = el('span', 'caption');
  controls.append(prev, next, caption);
  const frame = el('div', 'frame');
  box.append(controls, frame);
  let at = 0;
  const show = () => {
    caption.textContent = `${at} / ${steps.svgs.length - 1}: ${steps.captions[at]}`;
    frame.replaceChildren(picture(steps.svgs[at]));
    for (const line of pre.children) {
      line.classList.toggle('current', at > 0 && new RegExp(`^\\s*${at}\\.\\s`).test(line.textContent));
    }
    prev.disabled = at === 0;
    next.disabled = at === steps.svgs.length - 1;
  };
  prev.onclick = () => { if (at > 0) { at--; show(); } };
  next.onclick = () => { if (at < steps.svgs.length - 1) { at++; show(); } };
  show();
  return box;
}

// objects: every non-progress line of a run, in order.
export function render(pane, objects, onLine) {
  pane.replaceChildren();
  const scenarios = new Map();
  const section = (name) => {
    const key = name ?? '';
    if (!scenarios.has(key)) {
      const s = el('div', 'scenario');
      if (name) s.append(el('h3', null, name));
      scenarios.set(key, s);
      pane.append(s);
    }
    return scenarios.get(key);
  };
  const steps = objects.filter((o) => o.kind === 'steps');
  for (const o of objects) {
    if (o.kind === 'answer') {
      const a = el('div', 'answer');
      a.dataset.line = o.line;
      a.dataset.query = o.query;
      const head = el('div', 'head', `line ${o.line} · ${o.query}`);
      head.style.cursor = 'pointer';
      head.onclick = () => onLine(o.line);
      a.append(head);
      if (o.answer !== undefined) a.append(el('div', 'value', `answer ${o.answer}`));
      const pre = textLines(o.text);
      a.append(pre);
      const st = steps.find((s) => s.scenario === o.scenario && s.line === o.line);
      if (st && st.svgs.length) a.append(stepper(st, pre));
      else if (o.svg) a.append(picture(o.svg));
      section(o.scenario).append(a);
    } else if (o.kind === 'expect') {
      const e = el('div', `expect ${o.passed ? 'passed' : 'failed'}`, `expect ${o.field} ${o.value} (line ${o.line})`);
      section(o.scenario).append(e);
    } else if (o.kind === 'diagnostic') {
      const where = o.line ? `line ${o.line}: ` : '';
      section(o.scenario).append(diagnosticBox(o, where));
    } else if (o.kind === 'error') {
      pane.append(el('div', 'diagnostic', o.message));
    }
  }
  if (!objects.some((o) => o.kind === 'answer' || o.kind === 'diagnostic')) {
    pane.append(el('p', 'hint', 'No queries ran.'));
  }
}
