// The highlighting of .game scripts: a small stream language (the words of
// grammar/meeple.pest; the editor's meaning comes from the server).
import { StreamLanguage } from '@codemirror/language';

// Every keyword of the dialect table (src/syntax/dialect.rs); the other
// words it names are atoms. tests/it/editors.rs checks both lists.
const keywords = new Set([
  'scenario', 'track', 'route', 'shortcut',
  'game', 'board', 'piece', 'dice', 'rule', 'set', 'input', 'solve', 'line', 'analyze', 'show',
  'play', 'step', 'undo', 'expect',
  'at', 'facing', 'with', 'uniform', 'x', 'to', 'boards',
]);
const words = new Set([
  // games
  'footholds', 'yut', 'stacking',
  // directions
  'up', 'down', 'left', 'right', 'up-left', 'up-right', 'down-left', 'down-right',
  // rules and their values
  'origin', 'first', 'steps', 'pieces', 'stack', 'limit', 'mover',
  'orthogonal', 'king', 'none', 'any', 'bottom',
  // `expect` fields and their values
  'answer', 'moves', 'winner', 'score', 'expected', 'turn', 'cycle', 'forever', 'yes', 'no',
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
