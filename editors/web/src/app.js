// The page of `meeple serve`: an editor (CodeMirror 6) whose diagnostics,
// completion, hover and formatting come from the server's API
// (docs/http.md), a results pane, and the collection browser.
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, hoverTooltip } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching } from '@codemirror/language';
import { linter, lintGutter, forceLinting } from '@codemirror/lint';
import { autocompletion } from '@codemirror/autocomplete';
import { meeple } from './lang.js';
import { toByte, fromByte } from './offsets.js';
import { render, diagnosticBox } from './results.js';

const $ = (id) => document.getElementById(id);
const status = (text, error = false) => {
  $('status').textContent = text;
  $('status').className = error ? 'error' : '';
};

// The script's name for the API: the open file's path (its imports are
// read beside it), else the path typed for saving, else none.
function named(path) {
  const name = opened.path ?? $('path').value.trim();
  if (!name) return path;
  return `${path}${path.includes('?') ? '&' : '?'}name=${encodeURIComponent(name)}`;
}

async function post(path, text, init = {}) {
  const r = await fetch(named(path), { method: 'POST', body: text, ...init });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r;
}

// Diagnostics as you type: /api/check, each on its exact span.
const check = linter(async (view) => {
  const text = view.state.doc.toString();
  let objects;
  try {
    objects = await (await post('/api/check', text)).json();
  } catch (e) {
    status(String(e), true);
    return [];
  }
  return objects.filter((o) => o.kind === 'diagnostic').map((d) => {
    const from = d.span ? fromByte(text, d.span.start) : 0;
    const to = d.span ? fromByte(text, d.span.end) : 0;
    return {
      from, to, severity: 'error', source: d.code, message: d.message,
      renderMessage() {
        const box = document.createElement('div');
        const code = document.createElement('code');
        code.textContent = `${d.code} `;
        const msg = document.createElement('div');
        msg.textContent = d.label ? `${d.message} (${d.label})` : d.message;
        box.append(code, msg);
        if (d.help) {
          const help = document.createElement('span');
          help.className = 'help';
          help.textContent = `help: ${d.help}`;
          box.append(help);
        }
        return box;
      },
    };
  });
}, { delay: 300 });

const kinds = { keyword: 'keyword', game: 'type', rule: 'property', value: 'constant', field: 'property', direction: 'enum', track: 'variable', function: 'function', name: 'variable' };

async function complete(ctx) {
  const word = ctx.matchBefore(/[\w-]*/);
  if (!ctx.explicit && word.from === word.to && !/\s$/.test(ctx.state.sliceDoc(0, ctx.pos))) return null;
  const text = ctx.state.doc.toString();
  const items = await (await post(`/api/complete?offset=${toByte(text, ctx.pos)}`, text)).json();
  if (!items.length) return null;
  return {
    from: word.from,
    options: items.map((c) => ({ label: c.label, type: kinds[c.kind] ?? 'text', detail: c.detail })),
    validFor: /^[\w-]*$/,
  };
}

const hover = hoverTooltip(async (view, pos) => {
  const text = view.state.doc.toString();
  const h = await (await post(`/api/hover?offset=${toByte(text, pos)}`, text)).json();
  if (!h) return null;
  return {
    pos: fromByte(text, h.span.start),
    end: fromByte(text, h.span.end),
    create() {
      const dom = document.createElement('div');
      dom.className = 'hover';
      dom.textContent = h.markdown;
      return { dom };
    },
  };
});

let running = null; // the AbortController of the run in flight

async function run() {
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  $('cancel').disabled = false;
  const text = view.state.doc.toString();
  const started = performance.now();
  status('solving…');
  const objects = [];
  try {
    const r = await post('/api/run', text, { signal: controller.signal });
    const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const o = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (o.kind === 'progress') {
          const bound = o.bound ? `, ${o.bound}` : '';
          status(`solving… ${(o.elapsed_ms / 1000).toFixed(1)} s, ${o.states.toLocaleString()} states${bound}`);
        } else {
          objects.push(o);
        }
      }
    }
    render($('results'), objects, goToLine);
    const done = objects.find((o) => o.kind === 'done');
    const ms = Math.round(performance.now() - started);
    const verdict = done && done.exit_code === 0 ? 'all well' : done && done.exit_code === 2 ? 'the script has errors' : 'failures';
    status(`ran in ${ms} ms: ${verdict}`, !done || done.exit_code !== 0);
  } catch (e) {
    if (e.name === 'AbortError') status('cancelled');
    else status(String(e), true);
  } finally {
    if (running === controller) {
      running = null;
      $('cancel').disabled = true;
    }
  }
}

function goToLine(n) {
  const line = view.state.doc.line(Math.min(n, view.state.doc.lines));
  view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
  view.focus();
}

async function format() {
  const text = view.state.doc.toString();
  const reply = await (await post('/api/fmt', text)).json();
  if (reply.ok) {
    if (reply.text !== text) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: reply.text } });
    status('formatted');
  } else {
    status('cannot format: the script has syntax errors', true);
    $('results').replaceChildren(...reply.diagnostics.map((d) => diagnosticBox(d, d.line ? `line ${d.line}: ` : '')));
  }
}

// The collection browser: the file open now and the ETag it was read with.
let opened = { path: null, etag: null };

async function listFiles() {
  const { files } = await (await fetch('/api/files')).json();
  const list = $('file-list');
  list.replaceChildren(...files.map((f) => {
    const li = document.createElement('li');
    li.textContent = f;
    li.title = f;
    li.className = f === opened.path ? 'open' : '';
    li.onclick = () => openFile(f);
    return li;
  }));
}

async function openFile(path) {
  const r = await fetch(`/api/file?path=${encodeURIComponent(path)}`);
  if (!r.ok) { status(`${path}: ${r.status} ${await r.text()}`, true); return; }
  const text = await r.text();
  opened = { path, etag: r.headers.get('ETag') };
  $('path').value = path;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  status(`opened ${path}`);
  listFiles();
}

async function save() {
  const path = $('path').value.trim();
  if (!path) { status('name the file first (the box left of Save)', true); $('path').focus(); return; }
  const headers = {};
  if (path === opened.path && opened.etag) headers['If-Match'] = opened.etag;
  const r = await fetch(`/api/file?path=${encodeURIComponent(path)}`, { method: 'PUT', body: view.state.doc.toString(), headers });
  if (r.ok) {
    opened = { path, etag: r.headers.get('ETag') };
    status(`saved ${path}`);
    listFiles();
  } else {
    status(`not saved: ${r.status} ${(await r.text()).trim()}`, true);
  }
}

const view = new EditorView({
  parent: $('editor'),
  state: EditorState.create({
    doc: '',
    extensions: [
      lineNumbers(), highlightActiveLine(), history(), bracketMatching(),
      meeple, syntaxHighlighting(defaultHighlightStyle),
      lintGutter(), check, hover,
      autocompletion({ override: [complete] }),
      keymap.of([
        { key: 'Ctrl-Enter', mac: 'Cmd-Enter', run: () => { run(); return true; } },
        { key: 'Ctrl-s', mac: 'Cmd-s', run: () => { save(); return true; }, preventDefault: true },
        ...defaultKeymap, ...historyKeymap,
      ]),
    ],
  }),
});

$('run').onclick = run;
$('cancel').onclick = () => { if (running) running.abort(); };
$('format').onclick = format;
$('save').onclick = save;
window.meeple = { view, forceLinting: () => forceLinting(view) };
listFiles().catch((e) => status(String(e), true));
view.focus();
