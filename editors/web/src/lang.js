// The highlighting of .game scripts: a small stream language (the words of
// grammar/meeple.pest; the editor's meaning comes from the server).
import { StreamLanguage } from '@codemirror/language';

const keywords = new Set([
  'scenario', 'track', 'game', 'board', 'piece', 'dice', 'rule', 'input', 'solve', 'line',
  'analyze', 'show', 'play', 'undo', 'expect', 'route', 'shortcut',
]);
const words = new Set([
  'at', 'to', 'step', 'facing', 'boards', 'uniform', 'up', 'down', 'left', 'right', 'x',
  'footholds', 'yut', 'stacking',
]);

export const meeple = StreamLanguage.define({
  name: 'meeple',
  startState: () => ({ raw: false }),
  token(stream, state) {
    if (state.raw) {
      if (stream.skipTo('"""')) { stream.match('"""'); state.raw = false; } else stream.skipToEnd();
      return 'string';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('#')) { stream.skipToEnd(); return 'comment'; }
    if (stream.match('"""')) { state.raw = true; return 'string'; }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^-?\d+(?:[./]\d+)?/)) return 'number';
    if (stream.match(/^[A-Za-z_][\w-]*/)) {
      const w = stream.current();
      if (keywords.has(w)) return 'keyword';
      if (words.has(w)) return 'atom';
      return 'variableName';
    }
    stream.next();
    return 'punctuation';
  },
  languageData: { commentTokens: { line: '#' } },
});
