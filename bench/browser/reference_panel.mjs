// The Reference panel's frame time in headless Chromium (issue 28): the page opened on
// #v1.r=ER/795 with no file, the whole Elden Ring template listed (every type, the list drawn
// through an ImGuiListClipper) and ER 795 shown; then the same with a file open (the shown
// type's per-field values counted from it). Each rAF callback is timed on the main thread, and
// the time inside WebGL calls apart (with SwiftShader those wait for the GPU process), as
// bench/browser/open_and_play.mjs does. Prints Markdown rows like that script's.
//
//   node bench/browser/reference_panel.mjs DIST [FILE]
import fs from 'node:fs';
import path from 'node:path';
import { launch, median, percentile } from './browser_bench.mjs';
import { installFrameClock } from './frame_clock.mjs';

const [dist = 'dist', file] = process.argv.slice(2);
const VIEWPORT = { width: 1400, height: 860 };
const FRAMES = 120;

const fixed = (x) => x.toFixed(2);

const session = await launch(path.resolve(dist));
const { browser, url } = session;
const rows = [];
try {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await installFrameClock(page);
  await page.goto(`${url}?sample=none#v1.r=ER/795`);
  await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 60000 });
  await page.evaluate(() => window.taescope.ready);

  async function measure(label) {
    await page.evaluate(() => new Promise((resolve) => { let n = 0; const step = () => (++n >= 20 ? resolve() : requestAnimationFrame(step)); requestAnimationFrame(step); }));
    const from = await page.evaluate(() => window.__frames.length);
    await page.waitForFunction(([from, n]) => window.__frames.length >= from + n, [from, FRAMES], { timeout: 120000 });
    const frames = await page.evaluate(([from, n]) => window.__frames.slice(from, from + n), [from, FRAMES]);
    const whole = frames.map((f) => f[1] - f[0]);
    const app = frames.map((f) => f[1] - f[0] - f[2]);
    const s = await page.evaluate(() => window.taescope.state().reference);
    const note = `${s.hitCount} types listed (${s.game || 'every game'}), ${s.shown ? `${s.shown.game}/${s.shown.type} shown with ${s.shown.fields.length} fields` : 'no type shown'}${s.shown && s.shown.file ? `, ${s.shown.file.events} events counted in the file` : ''}`;
    rows.push(`| browser: Reference panel frame outside WebGL calls, ${label} (rAF callback minus its WebGL calls, median of ${FRAMES}) | ms | ${fixed(median(app))} | p90 | ${fixed(percentile(app, 0.9))} | - | ${median(app) <= 4 ? 'met' : 'NOT met'} (<= 4 ms); ${note} |`);
    rows.push(`| browser: Reference panel whole frame, ${label} (rAF callback, median of ${FRAMES}) | ms | ${fixed(median(whole))} | p90 | ${fixed(percentile(whole, 0.9))} | - | includes waiting inside WebGL calls for SwiftShader |`);
  }

  await page.evaluate(() => window.taescope.referenceSearch('', 'ER'));
  await measure('whole Elden Ring template listed, no file');
  await page.evaluate(() => window.taescope.referenceSearch('', ''));
  await measure('every game listed, no file');
  if (file) {
    const bytes = fs.readFileSync(file);
    await page.evaluate(async (base64) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      await window.taescope.open(data, 'bench.anibnd.dcx');
    }, bytes.toString('base64'));
    await page.evaluate(() => { window.taescope.referenceSearch('', 'ER'); window.taescope.openReference('ER', 0); });
    await measure(`whole Elden Ring template listed, ${path.basename(file)} open, ER/0 (Jump Table) shown with its values there`);
  }
  if (problems.length) rows.push(`| browser: page errors | - | ${problems.length} | - | 0 | - | ${problems.join('; ').slice(0, 300)} |`);
  await context.close();
} finally {
  await session.close();
}
console.log(rows.join('\n'));
