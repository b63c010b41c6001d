// The highlighting of .game scripts: a small stream language (the words of
// grammar/meeple.pest; the editor's meaning comes from the server).
import { StreamLanguage } from '@codemirror/language';

// Every keyword of the dialect table (src/syntax/dialect.rs); the other
// words it names are atoms. tests/it/editors.rs checks both lists.
const keywords = new Set([
  'scenario', 'track', 'route', 'shortcut',
  'game', 'board', 'piece', 'dice', 'rule', 'set', 'input', 'solve', 'line', 'analyze', 'show',
  'play', 'step', 'undo', 'expect',
  'at', 'facing', 'with', 'uniform', 'x', 'to', 'boards', 'case',
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
  'answer', 'moves', 'winner', 'score', 'expected', 'turn', 'cycle', 'forever', 'printed', 'yes', 'no',
]);

// The rules language's words (RULES_WORDS), keywords inside a `rules NAME
// { … }` block (and `rules`, `import` at the top level); its functions
// (RULES_FUNCTIONS) and built-in names (RULES_NAMES) there.
const rulesWords = new Set([
  'import', 'rules', 'players', 'none', 'solo', 'param', 'layer', 'var',
  'placed', 'interchangeable', 'legend', 'number', 'neighbourhood', 'grid', 'setup', 'when', 'stuck',
  'turn', 'moves', 'outcome', 'score', 'max', 'min', 'shortest', 'within',
  'longest', 'simulate', 'limit', 'bool', 'cell', 'dir', 'player', 'square',
  'list', 'of', 'let', 'if', 'else', 'then', 'for', 'in',
  'where', 'repeat', 'while', 'choose', 'say', 'require', 'roll', 'win',
  'lose', 'draw', 'stop', 'print', 'simultaneously', 'swap', 'push', 'push_front', 'pop',
  'pop_front', 'next', 'break', 'not', 'and', 'or', 'true', 'false',
  'all', 'any', 'count', 'sum', 'find', 'cases', 'rows', 'chars', 'char',
  'numbers', 'cells', 'pieces', 'as', 'from', 'bracketed', 'border', 'once', 'output',
  'lists', 'by', 'increasing', 'distinct',
]);
const rulesFunctions = new Set([
  'step', 'neighbours', 'directions', 'opposite', 'left', 'right', 'rotate', 'forward',
  'lanes', 'lines', 'region', 'abs', 'min', 'max', 'len', 'index',
  'reverse', 'contains', 'advance', 'value',
]);
const rulesNames = new Set([
  'off', 'here', 'nobody', 'rows', 'cols', 'cells', 'pieces', 'players',
  'squares', 'moves', 'start', 'finish', 'orthogonal', 'diagonal', 'king', 'dir',
  'me', 'opponent',
]);

export const meeple = StreamLanguage.define({
  name: 'meeple',
  startState: () => ({ raw: false, depth: 0, rules: 0, heading: false }),
  copyState: (s) => ({ ...s }),
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
      // In a rules block (state.rules: the depth inside its braces).
      if (state.rules && state.depth >= state.rules) {
        if (rulesWords.has(w) || keywords.has(w)) return 'keyword';
        if (rulesFunctions.has(w) && stream.match(/^\s*(?=\()/, false)) return 'variableName.function';
        if (rulesNames.has(w)) return 'atom';
      } else if (state.depth === 0 && (w === 'rules' || w === 'import')) {
        state.heading = w === 'rules';
        return 'keyword';
      }
      if (keywords.has(w)) return 'keyword';
      if (words.has(w)) return 'atom';
      return 'variableName';
    }
    const c = stream.next();
    if (c === '{') {
      state.depth += 1;
      if (state.heading) { state.rules = state.depth; state.heading = false; }
    } else if (c === '}') {
      if (state.rules === state.depth) state.rules = 0;
      state.depth = Math.max(0, state.depth - 1);
    }
    return 'punctuation';
  },
  languageData: { commentTokens: { line: '#' } },
});
