// End-to-end test of `meeple serve` in headless Chromium (run by
// tests/it/serve.rs): node tests/web/e2e.mjs URL SERVED_DIR [SCREENSHOT.png]
// Types KAKAO example 1, sees answer 5 and a board picture, steps through
// the line, breaks a coordinate and sees the coded diagnostic, saves a
// file and reads it back from disk, opens a file that imports another and
// runs it. Exits non-zero on the first failure.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const require = createRequire(new URL('../../editors/web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const [url, dir, screenshot] = process.argv.slice(2);
const kakao1 = `scenario "kakao example 1" {
  game footholds
  board {
    1 1 1
    1 1 1
    1 1 1
  }
  piece A at (1, 0)
  piece B at (1, 2)
  solve
  expect answer 5
  expect winner A
  line
}
`;

async function save(page) {
  const [r] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PUT'),
    page.click('#save'),
  ]);
  check(r.ok(), `PUT ${r.url()}: ${r.status()}`);
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('saved'));
}

function check(ok, what) {
  if (!ok) throw new Error(`failed: ${what}`);
  console.log(`ok: ${what}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
  page.setDefaultTimeout(20000);
  page.on('pageerror', (e) => { console.error(`page error: ${e}`); process.exitCode = 1; });
  await page.goto(url);
  await page.waitForSelector('#file-list li');
  check(true, 'the page loads and lists the served files');

  // Type the script and run it.
  await page.click('.cm-content');
  await page.keyboard.insertText(kakao1);
  const t0 = Date.now();
  await page.keyboard.press('Control+Enter');
  const value = page.locator('.answer[data-query="solve"] .value');
  await value.waitFor();
  console.log(`time to first answer: ${Date.now() - t0} ms`);
  check((await value.textContent()) === 'answer 5', 'answer 5');
  check(await page.locator('.expect.passed').count() === 2, 'both expectations passed');
  const line = page.locator('.answer[data-query="line"]');
  check(await line.locator('.picture svg rect').count() >= 9, 'a board picture of the line');

  // Step through the line: the picture follows.
  const caption = line.locator('.caption');
  check((await caption.textContent()).startsWith('0 / 5'), 'the step-through starts at the start');
  const before = await line.locator('.frame').innerHTML();
  await line.locator('.next').click();
  check((await caption.textContent()).startsWith('1 / 5: move 1: A'), 'next: move 1');
  check(await line.locator('.frame').innerHTML() !== before, 'the picture follows the step');
  check((await line.locator('.text-line.current').textContent()).trim().startsWith('1. A'), 'the move is marked in the text');
  for (let i = 0; i < 4; i++) await line.locator('.next').click();
  check((await caption.textContent()).startsWith('5 / 5'), 'the last move');
  check(await line.locator('.next').isDisabled(), 'no step past the end');
  await line.locator('.prev').click();
  check((await caption.textContent()).startsWith('4 / 5'), 'previous');

  // Break a coordinate: the coded diagnostic on its exact span.
  await page.evaluate(() => {
    const { view } = window.meeple;
    const text = view.state.doc.toString();
    const at = text.indexOf('(1, 2)') + 4;
    view.dispatch({ changes: { from: at, to: at + 1, insert: '7' } });
  });
  const range = page.locator('.cm-lintRange-error');
  await range.first().waitFor();
  check((await range.first().textContent()).includes('7'), 'the broken coordinate is underlined');
  await range.first().hover();
  const tip = page.locator('.cm-tooltip-lint');
  await tip.waitFor();
  const tipText = await tip.textContent();
  check(/meeple::[a-z_:]+/.test(tipText), `the diagnostic's code on hover (${tipText.match(/meeple::[a-z_:]+/)?.[0]})`);
  check(tipText.includes('help:'), 'its help line on hover');

  // Fix it again, then save a new file and read it back from disk.
  await page.evaluate(() => {
    const { view } = window.meeple;
    const text = view.state.doc.toString();
    const at = text.indexOf('(1, 7)') + 4;
    view.dispatch({ changes: { from: at, to: at + 1, insert: '2' } });
  });
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.querySelectorAll('.cm-lintRange-error').length === 0);
  check(true, 'the fixed script has no diagnostic');
  await page.fill('#path', 'e2e.game');
  await save(page);
  const onDisk = readFileSync(join(dir, 'e2e.game'), 'utf8');
  check(onDisk === kakao1, 'the saved file on disk is the editor text');
  await page.locator('#file-list li', { hasText: 'e2e.game' }).waitFor();
  check(true, 'the new file is listed');
  // Saving again replaces it (If-Match with the ETag from the save).
  await page.evaluate(() => {
    const { view } = window.meeple;
    view.dispatch({ changes: { from: 0, insert: '# edited\n' } });
  });
  await save(page);
  check(readFileSync(join(dir, 'e2e.game'), 'utf8') === `# edited\n${kakao1}`, 'a second save replaces it');

  // A served file that imports another (`import "../nim.game"` from
  // sub/): opened, the page names it, so its import is read beside it.
  const checked = page.waitForResponse((r) => r.url().includes('/api/check?name=sub%2Fuses.game'));
  await page.locator('#file-list li', { hasText: 'sub/uses.game' }).click();
  await page.waitForFunction(() => document.getElementById('status').textContent === 'opened sub/uses.game');
  const objects = await (await checked).json();
  check(objects.length === 1 && objects[0].ok === true, `the opened file's import is read beside it (${JSON.stringify(objects[0])})`);
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/run?name=sub%2Fuses.game')), page.click('#run')]);
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('ran'));
  check(await page.locator('.expect.passed').count() === 1 && await page.locator('.expect.failed').count() === 0,
    'it runs with the imported game');

  if (screenshot) {
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/run')), page.click('#run')]);
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('ran'));
    await page.locator('.answer[data-query="line"] .next').click();
    await page.locator('.answer[data-query="line"] .next').click();
    await page.screenshot({ path: screenshot });
    console.log(`screenshot: ${screenshot}`);
  }
} finally {
  await browser.close();
}
