// Builds the page of `meeple serve` into dist/ (committed; the binary
// embeds it): src/index.html, src/style.css, and src/app.js bundled with
// its CodeMirror modules. The output is deterministic: no source maps, no
// timestamps, no hashes that depend on the machine.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist/assets', { recursive: true });
await build({
  entryPoints: ['src/app.js'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  legalComments: 'none',
  charset: 'utf8',
  outfile: 'dist/assets/app.js',
  logLevel: 'warning',
});
copyFileSync('src/style.css', 'dist/assets/app.css');
copyFileSync('src/index.html', 'dist/index.html');
