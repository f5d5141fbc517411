// End-to-end tests of the page in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core). Serves dist/ on 127.0.0.1 with tools/serve.mjs, opens the page, drops real
// files on it the way a user does (a DragEvent carrying a File) and asserts on what the app
// reports through window.taescope.state(). Screenshots go to build/e2e/ for people to look at.
//
//   node tests/e2e/run-e2e.mjs            (after building dist/: ./run or the wasm build)
// Prints one line per test and ends with exactly "N passed, M failed"; exits 1 on failure.
// Real game files come from ../shared/corpus (or $TAESCOPE_CORPUS); without it, the tests
// that need them say so and are skipped, the others still run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../tools/serve.mjs';
import { editTests } from './edit-tests.mjs';
import { referenceTests } from './reference-tests.mjs';
import { openTests } from './open-tests.mjs';
import { bodyTests } from './body-tests.mjs';
import { poseTests } from './pose-tests.mjs';
import { startupDropTests } from './startup-drop-tests.mjs';
import { gltfPageTests } from './gltf-page-tests.mjs';
import { viewerTests } from './viewer-tests.mjs';
import { inferenceTests } from './inference-tests.mjs';
import { gameTests } from './game-tests.mjs';
import { hitboxTests } from './hitbox-tests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// TAESCOPE_DIST: another build of the page (a second build tree's TAESCOPE_WEB_OUTPUT_DIR).
const dist = process.env.TAESCOPE_DIST || path.join(root, 'dist');
const shots = path.join(root, 'build', 'e2e');
const corpus = process.env.TAESCOPE_CORPUS || path.resolve(root, '../shared/corpus');
fs.mkdirSync(shots, { recursive: true });

// --expose-gc: a test collects its own garbage (the base64 it decoded into a file's bytes) before
// the span it traces, so that a major GC of the test's leftovers is not counted as the page's task.
const CHROMIUM_ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--js-flags=--expose-gc',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

let passed = 0, failed = 0, skipped = 0;
function check(condition, message) {
  if (!condition) throw new Error(message);
}
function corpusFile(rel) {
  const p = path.join(corpus, rel);
  return fs.existsSync(p) ? p : null;
}

if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(path.join(dist, 'taescope.wasm'))) {
  console.log('FAIL  dist/ is not built (index.html, taescope.wasm): build the taescope_web target first');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
if (!fs.existsSync(corpus)) console.log(`note  corpus not found at ${corpus}: tests on real game files are skipped`);

const { server, url } = await startServer(dist, 0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

// One page per test group; records console errors, page errors and requests leaving the origin.
// `initScript`: a function run in the page before its own scripts (to take a browser feature away).
async function openPage({ width = 1400, height = 860, scale = 1, query = '', permissions = [], initScript = null } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale, acceptDownloads: true });
  if (permissions.length) await context.grantPermissions(permissions, { origin: new URL(url).origin });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  const problems = [];
  const origin = new URL(url).origin;
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.origin !== origin) problems.push(`request to another origin: ${r.url()}`);
  });
  await page.goto(url + query);
  await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 60000 });
  const state = await page.evaluate(() => window.taescope.ready);
  return { page, context, problems, state };
}

// Drops `bytes` as a file named `name` on the canvas, like a user dragging it from the desktop.
async function dropFile(page, bytes, name) {
  // The open is over when the edit generation (advanced by every finished open, ready or failed)
  // has moved past the one before the drop: waiting for the file name alone returned at once
  // when the file open before had the same name (ds3 and Sekiro c0000.anibnd.dcx), before the
  // new open had begun.
  const before = await page.evaluate(() => { const s = window.taescope.state(); return s.edit ? s.edit.generation : -1; });
  await page.evaluate(async ({ base64, name }) => {
    const binary = atob(base64);
    const data = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
    const transfer = new DataTransfer();
    transfer.items.add(new File([data], name, { type: 'application/octet-stream' }));
    const target = document.getElementById('canvas');
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, { base64: Buffer.from(bytes).toString('base64'), name });
  await page.waitForFunction(([name, before]) => {
    const s = window.taescope.state();
    return s.edit && s.edit.generation > before && s.fileName === name && (s.status === 'ready' || s.status === 'error');
  }, [name, before], { timeout: 60000 });
  await frames(page);  // let a frame or two draw the result before screenshots
  return page.evaluate(() => window.taescope.state());
}

// Waits until the app has drawn `count` more frames (input is handled during a frame; the
// machine may be slow, so fixed sleeps are not enough).
async function frames(page, count = 3) {
  const start = await page.evaluate(() => window.taescope.state().frame);
  await page.waitForFunction(([start, count]) => window.taescope.state().frame >= start + count, [start, count], { timeout: 60000 });
}

// TAESCOPE_E2E_FILTER=regex runs only the tests whose names match (for working on one area).
const filter = process.env.TAESCOPE_E2E_FILTER ? new RegExp(process.env.TAESCOPE_E2E_FILTER) : null;
async function test(name, body) {
  if (filter && !filter.test(name)) return;
  const started = Date.now();
  try {
    const result = await body();
    if (result === 'skip') {
      skipped++;
      console.log(`skip  ${name}`);
      return;
    }
    passed++;
    console.log(`ok    ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`FAIL  ${name}: ${error.message.split('\n')[0]}`);
  }
}

// ---- the tests ----
const main = await openPage();
const { page } = main;

await test('page loads, starts the module and opens the sample without console errors', async () => {
  const index = JSON.parse(fs.existsSync(path.join(dist, 'samples/index.json')) ? fs.readFileSync(path.join(dist, 'samples/index.json'), 'utf8') : '{"samples":[]}');
  const s = main.state;
  if (index.samples.length) {
    check(s.status === 'ready', `sample ${index.samples.join(', ')} listed but status is ${s.status} ${s.error ? s.error.text : ''}`);
    check(s.document.animationCount > 0, 'the sample shows no animation');
  } else {
    check(s.status === 'empty', `no sample published, expected status empty, got ${s.status}`);
    console.log('note  assets-sample/ is empty: the default-sample check only verified the empty start');
  }
  const canvas = await page.evaluate(() => ({ w: canvas.width, h: canvas.height, cw: canvas.clientWidth }));
  check(canvas.w > 0 && canvas.h > 0 && canvas.w === canvas.cw, `canvas backing store ${canvas.w}x${canvas.h} for css width ${canvas.cw}`);
  check(await page.isVisible('#open-button'), 'the Open… button is not visible');
  await page.screenshot({ path: path.join(shots, '01-start.png') });
  check(main.problems.length === 0, main.problems.join('; '));
});

await test('the page declares a Content-Security-Policy and has no inline script or style', async () => {
  const facts = await page.evaluate(() => ({
    csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content || '',
    inlineScripts: Array.from(document.scripts).filter((s) => !s.src).length,
    inlineStyles: document.querySelectorAll('style, [style]').length,
  }));
  check(/script-src 'self' 'wasm-unsafe-eval'/.test(facts.csp), `CSP: ${facts.csp}`);
  check(/worker-src 'self'(;|$)/.test(facts.csp), `CSP: the decode worker needs worker-src 'self' (and no more): ${facts.csp}`);
  check(/default-src 'none'/.test(facts.csp) && /connect-src 'self'/.test(facts.csp), `CSP too open: ${facts.csp}`);
  check(facts.inlineScripts === 0, `${facts.inlineScripts} inline scripts`);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  check(!/https?:\/\//.test(html.replace(/<!--[\s\S]*?-->/g, '')), 'index.html names an external URL');
});

await test('dropping a loose Elden Ring TAE (corpus c0000-a512.tae, dropped as a512.tae) opens it', async () => {
  const file = corpusFile('eldenring/c0000-a512.tae');
  if (!file) return 'skip';
  const bytes = fs.readFileSync(file);
  // The game names it a512.tae; that name tells the engine its numbers are within group 512.
  const s = await dropFile(page, bytes, 'a512.tae');
  check(s.status === 'ready', `status ${s.status}: ${s.error && s.error.text}`);
  check(s.document.kind === 'TAE' && s.document.taeFileCount === 1, `kind ${s.document.kind}, ${s.document.taeFileCount} TAE files`);
  const storedCount = bytes.readUInt32LE(0x54);  // the header's animation count, read independently
  check(s.document.animationCount === storedCount, `animations ${s.document.animationCount}, header says ${storedCount}`);
  check(s.selection.taeFile === 0 && s.selection.animation >= 0, 'no animation selected after opening');
  check(/^a512_\d{6}$/.test(s.selection.animationInfo.name), `loose a512.tae: names are in group 512, got ${s.selection.animationInfo.name}`);
  check(s.timeline.events.length === s.selection.animationInfo.events, 'timeline rows differ from the animation event count');
  await page.screenshot({ path: path.join(shots, '02-loose-tae.png') });
});

await test('dropping a Sekiro DFLT binder (c5070.anibnd.dcx) lists its TAE file and 32 animations', async () => {
  const file = corpusFile('sekiro/c5070.anibnd.dcx');
  if (!file) return 'skip';
  const s = await dropFile(page, fs.readFileSync(file), 'c5070.anibnd.dcx');
  check(s.status === 'ready', `status ${s.status}: ${s.error && s.error.text}`);
  check(s.document.kind === 'BND4 binder', `kind ${s.document.kind}`);
  check(/^DCX_DFLT/.test(s.document.container), `container ${s.document.container}`);
  check(s.document.taeFileCount === 1 && s.document.animationCount === 32, `${s.document.taeFileCount} TAE files, ${s.document.animationCount} animations`);
  check(s.document.taeFiles[0].game === 'SDT', `game ${s.document.taeFiles[0].game}`);
  // Pick the animation with the most events through the query API and check the timeline follows.
  const animations = await page.evaluate(() => window.taescope.animations(0));
  check(animations.length === 32, `animations() gave ${animations.length}`);
  const busiest = animations.reduce((a, b) => (b.events > a.events ? b : a));
  const after = await page.evaluate((name) => window.taescope.select(0, name), busiest.name);
  check(after.selection.animation === busiest.index, `select by name ${busiest.name} landed on ${after.selection.animation}`);
  check(after.timeline.events.length === busiest.events && busiest.events > 0, `timeline shows ${after.timeline.events.length} events, expected ${busiest.events}`);
  const labelled = after.timeline.events.filter((e) => !/^type -?\d+$/.test(e.label)).length;
  check(labelled > 0, 'no event is labelled with a template name');
  const withEvent = await page.evaluate(() => window.taescope.selectEvent(0));
  check(withEvent.selection.event === 0, 'event selection did not stick');
  await frames(page);
  await page.screenshot({ path: path.join(shots, '03-sekiro-binder.png') });
});

await test('timeline: every event of c5070 is classified from its stored times (negative start, reversed, open end, instant)', async () => {
  const s0 = await page.evaluate(() => window.taescope.state());
  if (s0.status !== 'ready' || s0.fileName !== 'c5070.anibnd.dcx') return 'skip';
  const F32_MAX = 3.4028234663852886e38;
  // The rule, written again here from the spec's description of event times.
  const expected = (e) => {
    if (!Number.isFinite(e.start) || Number.isNaN(e.end)) return 'not-finite';
    if (e.end === F32_MAX || e.end === Infinity) return 'open-end';
    if (!Number.isFinite(e.end)) return 'not-finite';
    if (e.end < e.start) return 'end-before-start';
    if (e.start < 0) return 'negative-start';
    if (e.end === e.start) return 'zero-length';
    return 'regular';
  };
  const all = await page.evaluate(() => {
    const out = [];
    for (const a of window.taescope.animations(0)) out.push({ name: a.name, events: window.taescope.select(0, a.index).timeline.events });
    return out;
  });
  const tally = {};
  for (const a of all) for (const e of a.events) {
    const want = expected(e);
    check(e.timing === want, `${a.name} event ${e.index}: shown as ${e.timing}, times ${e.start}..${e.end} say ${want}`);
    tally[want] = (tally[want] || 0) + 1;
  }
  check(all.length === 32, `walked ${all.length} animations`);
  console.log(`note  c5070 event timings: ${JSON.stringify(tally)}`);
});

await test('inspector: decoded integer and float fields match the event\'s raw parameter bytes', async () => {
  const s0 = await page.evaluate(() => window.taescope.state());
  if (s0.status !== 'ready' || s0.fileName !== 'c5070.anibnd.dcx') return 'skip';
  let compared = 0;
  const events = s0.timeline.events.length;
  for (let i = 0; i < events; i++) {
    const s = await page.evaluate((i) => window.taescope.selectEvent(i), i);
    const ev = s.selectedEvent;
    check(ev && ev.index === i, `event ${i} not selected`);
    const bytes = Buffer.from(ev.parameterHex, 'hex');
    for (const f of ev.fields) {
      if (!f.present) continue;
      check(f.offset + f.size <= bytes.length, `field ${f.name} lies past the ${bytes.length} bytes`);
      const readers = { s8: (b, o) => b.readInt8(o), u8: (b, o) => b.readUInt8(o), s16: (b, o) => b.readInt16LE(o),
        u16: (b, o) => b.readUInt16LE(o), s32: (b, o) => b.readInt32LE(o), u32: (b, o) => b.readUInt32LE(o),
        f32: (b, o) => b.readFloatLE(o) };
      const read = readers[f.type];
      if (!read) continue;
      const stored = read(bytes, f.offset);
      if (f.type === 'f32' && !Number.isFinite(stored)) continue;
      const shown = Number(f.value);
      const same = f.type === 'f32' ? Math.abs(shown - stored) <= 1e-6 * Math.max(1, Math.abs(stored)) : shown === stored;
      check(same, `event ${i} field ${f.name} (${f.type} at ${f.offset}) shows ${f.value}, bytes hold ${stored}`);
      compared++;
    }
  }
  check(compared > 0, 'no field was compared');
  console.log(`note  ${compared} decoded field values checked against raw bytes over ${events} events`);
  await page.evaluate(() => window.taescope.selectEvent(0));
});

await test('timeline mouse: wheel zooms around the cursor, right-drag pans, clicking a bar selects its event', async () => {
  let s = await page.evaluate(() => window.taescope.select(0, 0));
  if (s.status !== 'ready') return 'skip';
  await frames(page);
  s = await page.evaluate(() => window.taescope.state());
  const canvasTop = await page.evaluate(() => canvas.getBoundingClientRect().top);
  const g = s.timeline.geometry;
  check(g.axisX1 > g.axisX0 + 100, `timeline axis ${g.axisX0}..${g.axisX1}`);
  const timeAt = (st, x) => st.timeline.viewStart + ((x - g.axisX0) / (g.axisX1 - g.axisX0)) * (st.timeline.viewEnd - st.timeline.viewStart);
  // Below the last row, so no bar is under the mouse.
  const mx = g.axisX0 + (g.axisX1 - g.axisX0) * 0.7;
  const my = Math.min(g.visibleBottom - 10, g.rowsTop + g.rowHeight * (s.timeline.events.length + 1));
  await page.mouse.move(mx, canvasTop + my);
  const before = await page.evaluate(() => window.taescope.state());
  await page.mouse.wheel(0, -120);
  await frames(page);
  const zoomed = await page.evaluate(() => window.taescope.state());
  const span0 = before.timeline.viewEnd - before.timeline.viewStart, span1 = zoomed.timeline.viewEnd - zoomed.timeline.viewStart;
  check(span1 < span0 * 0.95, `wheel up did not zoom in: span ${span0} -> ${span1}`);
  check(Math.abs(timeAt(before, mx) - timeAt(zoomed, mx)) < span0 * 1e-3, `time under the cursor moved: ${timeAt(before, mx)} -> ${timeAt(zoomed, mx)}`);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(mx - 100, canvasTop + my, { steps: 5 });
  await page.mouse.up({ button: 'right' });
  await frames(page);
  const panned = await page.evaluate(() => window.taescope.state());
  const expectedShift = (100 * span1) / (g.axisX1 - g.axisX0);
  const shift = panned.timeline.viewStart - zoomed.timeline.viewStart;
  check(Math.abs(shift - expectedShift) < expectedShift * 0.1, `right-drag by 100 px shifted the view by ${shift} s, expected ${expectedShift}`);
  // Fit again, then click the middle of the longest visible bar.
  await page.keyboard.press('f');
  await frames(page);
  s = await page.evaluate(() => window.taescope.state());
  const bars = s.timeline.events.filter((e) => e.timing === 'regular' && e.end > e.start)
    .filter((e) => g.rowsTop + g.rowHeight * (e.index + 1) < g.visibleBottom);
  check(bars.length > 0, 'no regular bar visible');
  const target = bars.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
  const span = s.timeline.viewEnd - s.timeline.viewStart;
  const bx = g.axisX0 + (((target.start + target.end) / 2 - s.timeline.viewStart) / span) * (g.axisX1 - g.axisX0);
  const by = g.rowsTop + g.rowHeight * (target.index + 0.5);
  await page.mouse.click(bx, canvasTop + by);
  await frames(page);
  s = await page.evaluate(() => window.taescope.state());
  check(s.selection.event === target.index, `clicked event ${target.index}, selection is ${s.selection.event}`);
  await page.screenshot({ path: path.join(shots, '03b-event-clicked.png') });
});

await test('resizing the window resizes the canvas and the layout follows', async () => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.waitForTimeout(300);
  const facts = await page.evaluate(() => ({ w: canvas.width, h: canvas.height, g: window.taescope.state().timeline.geometry }));
  check(facts.w === 1000, `canvas width ${facts.w} after resizing to 1000`);
  check(facts.g.axisX1 <= 1000 && facts.g.axisX1 > 900, `timeline axis ends at ${facts.g.axisX1}`);
  await page.screenshot({ path: path.join(shots, '03c-resized.png') });
  await page.setViewportSize({ width: 1400, height: 860 });
  await frames(page);
});

// Gives the canvas keyboard focus by clicking the status bar's file name, where no view toggle is
// drawn; a click that changed which panels are shown would break later tests, so it is checked.
async function focusCanvas(page) {
  const before = (await page.evaluate(() => window.taescope.state())).windows;
  await page.click('#canvas', { position: { x: 5, y: 12 } });
  await frames(page);
  const after = (await page.evaluate(() => window.taescope.state())).windows;
  check(JSON.stringify(before) === JSON.stringify(after), `focusing the canvas changed the panels: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
}

await test('keyboard: Right steps a frame, Down selects the next animation, Space plays', async () => {
  let before = await page.evaluate(() => window.taescope.state());
  if (before.status !== 'ready') return 'skip';
  before = await page.evaluate(() => window.taescope.select(0, 0));
  await focusCanvas(page);
  const t0 = before.timeline.frame;
  await page.keyboard.press('ArrowRight');
  await frames(page);
  let s = await page.evaluate(() => window.taescope.state());
  check(s.timeline.frame === t0 + 1, `frame ${s.timeline.frame} after Right, was ${t0}`);
  const animation = s.selection.animation;
  await page.keyboard.press('ArrowDown');
  await frames(page);
  s = await page.evaluate(() => window.taescope.state());
  check(s.selection.animation !== animation || s.document.animationCount === 1, 'Down did not change the animation');
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  s = await page.evaluate(() => window.taescope.state());
  check(s.timeline.playing, 'Space did not start playback');
  check(s.timeline.frame > 0, `still at frame ${s.timeline.frame} while playing`);
  await page.keyboard.press('Space');
});

await test('dropping an Elden Ring Kraken binder (c1000.krak.anibnd.dcx) opens it', async () => {
  const file = corpusFile('eldenring/c1000.krak.anibnd.dcx');
  if (!file) return 'skip';
  const s = await dropFile(page, fs.readFileSync(file), 'c1000.krak.anibnd.dcx');
  check(s.status === 'ready', `status ${s.status}: ${s.error && s.error.text}`);
  check(/KRAK/.test(s.document.container), `container ${s.document.container}`);
  check(s.document.taeFileCount >= 1 && s.document.animationCount > 0, `${s.document.taeFileCount} TAE files, ${s.document.animationCount} animations`);
  await page.screenshot({ path: path.join(shots, '04-kraken-binder.png') });
});

await test('a large binder (ds3 c0000, 3.6 MB) passes through the parsing state and opens', async () => {
  const file = corpusFile('ds3/c0000.anibnd.dcx');
  if (!file) return 'skip';
  const s = await dropFile(page, fs.readFileSync(file), 'c0000.anibnd.dcx');
  // The statuses the engine reported to the page during the open (every change, drawn or not:
  // a fast machine may open it between two frames).
  const seen = (await page.evaluate(() => window.taescope.openStatus().open.statuses)) || [];
  check(seen.includes('parsing') && seen[seen.length - 1] === 'ready', `statuses reported during the open: ${seen.join(', ')}`);
  check(s.status === 'ready', `status ${s.status}: ${s.error && s.error.text}`);
  // The binder has 255 members in the event-file slots; 4 of them are empty (0 bytes) and
  // show as members that did not parse. The corpus README counts the 251 real ones.
  const parsed = s.document.taeFiles.filter((f) => !f.error);
  check(parsed.length === 251 && s.document.animationCount === 7777, `${parsed.length} TAE files parsed, ${s.document.animationCount} animations (README: 251, 7,777)`);
  check(parsed.every((f) => f.version === 0x1000C && f.game === 'DS3'), 'a DS3 TAE file is not version 0x1000C or not recognised as DS3');
  await page.screenshot({ path: path.join(shots, '05-ds3-player-binder.png') });
});

await test('Sekiro player binder (c0000): irregular events are classified from their times and drawn distinctly', async () => {
  const file = corpusFile('sekiro/c0000.anibnd.dcx');
  if (!file) return 'skip';
  const s = await dropFile(page, fs.readFileSync(file), 'c0000.anibnd.dcx');
  check(s.status === 'ready', `status ${s.status}: ${s.error && s.error.text}`);
  check(s.document.taeFileCount === 65 && s.document.animationCount === 2209, `${s.document.taeFileCount} TAE files, ${s.document.animationCount} animations (README: 65, 2,209)`);
  const F32_MAX = 3.4028234663852886e38;
  const rule = (e) => (!Number.isFinite(e.start) || Number.isNaN(e.end) ? 'not-finite'
    : e.end === F32_MAX || e.end === Infinity ? 'open-end' : !Number.isFinite(e.end) ? 'not-finite'
    : e.end < e.start ? 'end-before-start' : e.start < 0 ? 'negative-start' : e.end === e.start ? 'zero-length' : 'regular');
  // Walk every animation of every event file and keep the first example of each kind.
  const walked = await page.evaluate(() => {
    const rows = [];
    for (const t of window.taescope.state().document.taeFiles) {
      if (!t.animations) continue;
      for (const a of window.taescope.animations(t.index)) {
        const st = window.taescope.select(t.index, a.index);
        for (const e of st.timeline.events) rows.push([t.index, a.index, a.name, e.index, e.start, e.end, e.timing]);
      }
    }
    return rows;
  });
  const examples = {}, tally = {};
  for (const [tae, animation, name, index, start, end, timing] of walked) {
    const want = rule({ start, end });
    check(timing === want, `${name} event ${index}: shown as ${timing}, times ${start}..${end} say ${want}`);
    tally[timing] = (tally[timing] || 0) + 1;
    if (!examples[timing]) examples[timing] = { tae, animation, name, index };
  }
  console.log(`note  sekiro c0000 event timings: ${JSON.stringify(tally)}`);
  check(examples['negative-start'] && examples['end-before-start'], 'expected negative-start and end-before-start events in this binder');
  for (const kind of ['negative-start', 'end-before-start', 'open-end']) {
    const ex = examples[kind];
    if (!ex) continue;
    const st = await page.evaluate(({ tae, animation, index }) => { window.taescope.select(tae, animation); return window.taescope.selectEvent(index); }, ex);
    check(st.timeline.events[ex.index].timing === kind, `${ex.name} event ${ex.index} is not ${kind} on screen`);
    await frames(page);
    await page.screenshot({ path: path.join(shots, `10-irregular-${kind}.png`) });
  }
});

await test('a corrupt file shows an error with its offset in the page, not a blank canvas', async () => {
  const file = corpusFile('eldenring/c0000-a512.tae');
  let bytes, name;
  if (file) {
    bytes = Buffer.from(fs.readFileSync(file));
    bytes.writeUInt32LE(0x7fffff00, 0x58);  // animation table offset far past the end
    name = 'corrupt-a512.tae';
  } else {
    bytes = Buffer.from('TAE \0\0\0\0 this is not a real TAE file', 'latin1');
    name = 'corrupt.tae';
  }
  const s = await dropFile(page, bytes, name);
  check(s.status === 'error', `status ${s.status}`);
  check(s.error && typeof s.error.offset === 'number', `error without offset: ${JSON.stringify(s.error)}`);
  check(await page.isVisible('#error-overlay'), 'the error overlay is hidden');
  const text = await page.textContent('#error-text');
  check(/offset \d+/.test(text), `overlay text lacks the offset: ${text}`);
  await page.screenshot({ path: path.join(shots, '06-corrupt-file.png') });
  const garbage = await dropFile(page, Buffer.from('just some text, not a game file'), 'notes.txt');
  check(garbage.status === 'error' && /expected magic/.test(garbage.error.message), `garbage: ${garbage.error && garbage.error.message}`);
  await page.click('#error-dismiss');
  check(!(await page.isVisible('#error-overlay')), 'Dismiss did not hide the overlay');
  await frames(page);
  await page.screenshot({ path: path.join(shots, '07-error-on-canvas.png') });
});

await test('the Open… button opens a file chooser whose file is loaded', async () => {
  const file = corpusFile('eldenring/c0000-a600.tae');
  if (!file) return 'skip';
  const chooserFrom = async (what, action) => {
    try {
      const [c] = await Promise.all([page.waitForEvent('filechooser', { timeout: 60000 }), action()]);
      return c;
    } catch (error) {
      throw new Error(`${what} opened no file chooser (${error.message.split('\n')[0]})`);
    }
  };
  let chooser = await chooserFrom('the Open… button', () => page.click('#open-button'));
  await chooser.setFiles(file);
  await page.waitForFunction(() => window.taescope.state().fileName === 'c0000-a600.tae' && window.taescope.state().status === 'ready', null, { timeout: 60000 });
  const s = await page.evaluate(() => window.taescope.state());
  check(s.document.animationCount === fs.readFileSync(file).readUInt32LE(0x54), `animations ${s.document.animationCount}, header says ${fs.readFileSync(file).readUInt32LE(0x54)}`);
  const focus = await page.evaluate(() => document.activeElement && document.activeElement.id);
  check(focus !== 'open-button', 'the Open… button kept the focus (Space would open the chooser again)');
});

await test('F1 opens the help window', async () => {
  if ((await page.evaluate(() => window.taescope.state())).status !== 'ready') return 'skip';
  await focusCanvas(page);
  await page.keyboard.press('F1');
  await frames(page);
  check((await page.evaluate(() => window.taescope.state())).windows.help, 'help window not shown after F1');
  await page.screenshot({ path: path.join(shots, '09-help.png') });
  await page.keyboard.press('F1');
  await frames(page);
  check(!(await page.evaluate(() => window.taescope.state())).windows.help, 'F1 again did not close help');
});

// ---- issue 8: simulation, search, share links, PNG export (Elden Ring c4310) ----

// Selects `name` in whichever event file of the open binder holds it.
async function selectAnywhere(page, name) {
  return page.evaluate((name) => {
    for (const t of window.taescope.state().document.taeFiles) {
      try { return window.taescope.select(t.index, name); } catch { /* not in this file */ }
    }
    return null;
  }, name);
}

// Frame position of a stored f32 time, snapped to a whole frame within 1e-3 frame (the spec's rule).
const framePosition = (seconds) => {
  const f = seconds * 30, r = Math.round(f);
  return Math.abs(f - r) < 1e-3 ? r : f;
};
const F32_MAX_SECONDS = 3.4028234663852886e38;

await test('simulation: c4310 a000_001040 mask groups, active events and effects follow its 233/711/713 events frame by frame', async () => {
  const file = corpusFile('eldenring/c4310.anibnd.dcx');
  if (!file) return 'skip';
  let s = await dropFile(page, fs.readFileSync(file), 'c4310.anibnd.dcx');
  check(s.status === 'ready', `status ${s.status}: ${s.error && s.error.text}`);
  s = await selectAnywhere(page, 'a000_001040');
  check(s && s.selection.animationInfo.name === 'a000_001040', 'a000_001040 not found in c4310');
  check(s.simulation && s.windows.simulation, 'no simulation in the state: ' + JSON.stringify({sim: !!s.simulation, windows: s.windows}));
  // Every event with its parameter bytes, read through the Inspector's part of the API.
  const events = await page.evaluate((n) => {
    const out = [];
    for (let i = 0; i < n; i++) {
      const st = window.taescope.selectEvent(i);
      out.push({ ...st.timeline.events[i], hex: st.selectedEvent.parameterHex, fields: st.selectedEvent.fields });
    }
    window.taescope.selectEvent(-1);
    return out;
  }, s.timeline.events.length);
  const types = events.map((e) => e.type);
  check(types.includes(233) && (types.includes(711) || types.includes(713)), `expected 233 and 711/713 events, types: ${types.join(',')}`);
  // The rule, written again from the spec (tae-format-notes.txt, mesh-visibility events):
  // interval [start, end) in snapped frames; 233 latches from its start (0 hide, 1 show),
  // 711 hides / 713 shows while active (byte 1); record order, later wins.
  const span = (e) => {
    const a = framePosition(e.start), b = e.end >= F32_MAX_SECONDS ? Infinity : framePosition(e.end);
    return { a, b, ok: Number.isFinite(a) && b > a };
  };
  const expectedAt = (n) => {
    const masks = Array(32).fill('d'), by = Array(32).fill(-1), active = [], started = [];
    events.forEach((e, i) => {
      const { a, b, ok } = span(e);
      if (ok && a <= n && n < b) active.push(i);
      if (ok && (n === 0 ? a <= 0 : a > n - 1 && a <= n)) started.push(i);
      const bytes = Buffer.from(e.hex, 'hex');
      let speaks = false;
      if (e.type === 233) speaks = ok && a <= n;
      if (e.type === 711 || e.type === 713) speaks = ok && a <= n && n < b;
      if (!speaks) return;
      for (let g = 0; g < 32 && g < bytes.length; g++) {
        const v = bytes[g];
        let to = null;
        if (e.type === 233) to = v === 0 ? 'h' : v === 1 ? 's' : null;
        if (e.type === 711 && v === 1) to = 'h';
        if (e.type === 713 && v === 1) to = 's';
        if (to) { masks[g] = to; by[g] = i; }
      }
    });
    return { masks: masks.join(''), by, active, started };
  };
  const frameCount = s.simulation.frameCount;
  check(frameCount > 0, 'simulation has no frames');
  const shown = await page.evaluate((count) => {
    const out = [];
    for (let n = 0; n < count; n++) out.push(window.taescope.setTime(n / 30).simulation);
    return out;
  }, frameCount);
  let changes = 0, effects = 0, conditional = 0;
  for (let n = 0; n < frameCount; n++) {
    const want = expectedAt(n), got = shown[n];
    check(got.frame === n, `playhead at frame ${n} reported as ${got.frame}`);
    check(got.masks === want.masks, `frame ${n}: masks ${got.masks}, the rule gives ${want.masks}`);
    check(JSON.stringify(got.maskDecidedBy) === JSON.stringify(want.by), `frame ${n}: decided by ${got.maskDecidedBy}, expected ${want.by}`);
    check(JSON.stringify(got.active.map((e) => e.index)) === JSON.stringify(want.active), `frame ${n}: active ${got.active.map((e) => e.index)}, expected ${want.active}`);
    for (const e of got.effectsStarted) {
      check(want.started.includes(e.index), `frame ${n}: effect of event ${e.index} reported started, its start is frame ${framePosition(events[e.index].start)}`);
      effects++;
    }
    if (n > 0 && got.masks !== shown[n - 1].masks) changes++;
    // Conditional: a stored, non-zero "State Info" / "Additional Spawn Condition" (as the Inspector
    // decodes them) must be flagged conditional, never shown as certain.
    for (const a of got.active) {
      const f = events[a.index].fields.filter((x) => x.present && /^(State Info|Additional Spawn Condition)$/.test(x.name));
      if (f.some((x) => Number(x.value) !== 0)) {
        check(a.conditional === true, `frame ${n}: event ${a.index} has ${f.map((x) => `${x.name}=${x.value}`)} but is shown as certain`);
        conditional++;
      }
    }
  }
  check(changes > 0, 'the masks never change over the animation');
  console.log(`note  a000_001040: ${frameCount} frames, ${changes} mask changes, ${effects} effect starts, ${conditional} conditional active entries; strip: ${shown[0].stripRenderer}`);
  // Playhead where the masks differ from default, for the screenshot.
  const first = shown.findIndex((x) => /[sh]/.test(x.masks));
  await page.evaluate((n) => window.taescope.setTime(n / 30), Math.max(0, first));
  await frames(page);
  // Hover a decided cell of the strip: the panel names the event the rule says decided it.
  const strip = (await page.evaluate(() => window.taescope.state())).simulation.strip;
  check(strip.x1 > strip.x0 + 32 && strip.y1 > strip.y0 + 32, `strip drawn at ${JSON.stringify(strip)}`);
  const cellFrame = Math.max(0, first), cellGroup = expectedAt(cellFrame).by.findIndex((i) => i >= 0);
  const canvasTop = await page.evaluate(() => canvas.getBoundingClientRect().top);
  const cx = strip.x0 + ((cellFrame + 0.5) * (strip.x1 - strip.x0)) / frameCount;
  const cy = strip.y0 + ((cellGroup + 0.5) * (strip.y1 - strip.y0)) / 32;
  await page.mouse.move(cx, canvasTop + cy);
  await frames(page);
  const hovered = (await page.evaluate(() => window.taescope.state())).simulation.strip;
  check(hovered.hoveredGroup === cellGroup && hovered.hoveredFrame === cellFrame, `hovered group ${hovered.hoveredGroup} frame ${hovered.hoveredFrame}, pointed at ${cellGroup}, ${cellFrame}`);
  check(hovered.hoveredDecidedBy === expectedAt(cellFrame).by[cellGroup], `hover says event ${hovered.hoveredDecidedBy} decided group ${cellGroup + 1}, the rule says ${expectedAt(cellFrame).by[cellGroup]}`);
  await page.screenshot({ path: path.join(shots, '11-simulation.png') });
  await page.mouse.move(5, canvasTop + 200);
});

await test('simulation: effects started at each frame of a c4310 animation with FFX events match the events\' starts and FFX ID fields', async () => {
  const s0 = await page.evaluate(() => window.taescope.state());
  if (s0.status !== 'ready' || s0.fileName !== 'c4310.anibnd.dcx') return 'skip';
  // The first animation with a "Spawn FFX" event, found through search.
  const found = await page.evaluate(() => window.taescope.search('spawn ffx'));
  const hit = found.hits.find((h) => h.event >= 0);
  check(hit, 'no Spawn FFX event in c4310');
  let s = await page.evaluate((h) => window.taescope.select(h.taeFile, h.animation), hit);
  const events = await page.evaluate((n) => {
    const out = [];
    for (let i = 0; i < n; i++) {
      const st = window.taescope.selectEvent(i);
      out.push({ ...st.timeline.events[i], fields: st.selectedEvent.fields });
    }
    return out;
  }, s.timeline.events.length);
  const shown = await page.evaluate((count) => {
    const out = [];
    for (let n = 0; n < count; n++) out.push(window.taescope.setTime(n / 30).simulation);
    return out;
  }, s.simulation.frameCount);
  let starts = 0;
  for (let n = 0; n < shown.length; n++) {
    const reported = shown[n].effectsStarted;
    for (const e of reported) {
      const a = framePosition(events[e.index].start);
      check(n === 0 ? a <= 0 : a > n - 1 && a <= n, `frame ${n}: effect of event ${e.index} starts at frame ${a}`);
      const id = events[e.index].fields.find((f) => f.present && /FFX ID/.test(f.name));
      if (id && e.effectId !== null) check(Number(id.value) === e.effectId, `event ${e.index}: effect ${e.effectId}, FFX ID field ${id.value}`);
    }
    // Every Spawn FFX event that starts at this frame is listed.
    events.forEach((e, i) => {
      const a = framePosition(e.start);
      const startsHere = n === 0 ? a <= 0 : a > n - 1 && a <= n;
      if (startsHere && /Spawn FFX/i.test(e.label) && e.end > e.start)
        check(reported.some((r) => r.index === i), `frame ${n}: ${e.label} (event ${i}) starts here but is not listed`);
    });
    starts += reported.length;
  }
  check(starts > 0, `${hit.animationName}: no effect started at any frame`);
  console.log(`note  ${hit.animationName}: ${starts} effect starts over ${shown.length} frames`);
});

await test('search: type 233 over the whole c4310 binder, a decoded value, an animation; jump selects and moves the playhead', async () => {
  const s0 = await page.evaluate(() => window.taescope.state());
  if (s0.status !== 'ready' || s0.fileName !== 'c4310.anibnd.dcx') return 'skip';
  // Independent count: walk every animation and count type-233 events.
  const walked = await page.evaluate(() => {
    const found = [];
    for (const t of window.taescope.state().document.taeFiles) {
      if (!t.animations) continue;
      for (const a of window.taescope.animations(t.index)) {
        const st = window.taescope.select(t.index, a.index);
        for (const e of st.timeline.events) if (e.type === 233) found.push(`${a.name}#${e.index}`);
      }
    }
    return found;
  });
  const result = await page.evaluate(() => window.taescope.search('type:233'));
  const hits = result.hits.map((h) => `${h.animationName}#${h.event}`);
  check(!result.truncated && JSON.stringify(hits) === JSON.stringify(walked), `search type:233 gave ${hits.length} hits, the walk found ${walked.length}`);
  const i = result.hits.findIndex((h) => h.animationName === 'a000_001040');
  check(i >= 0, 'a000_001040 is not among the 233 hits');
  let s = await page.evaluate((i) => window.taescope.jump(i), i);
  const hit = result.hits[i];
  check(s.selection.animationInfo.name === 'a000_001040' && s.selection.event === hit.event, `jump landed on ${s.selection.animationInfo.name} event ${s.selection.event}`);
  check(s.timeline.frame === Math.round(s.timeline.events[hit.event].start * 30), `playhead at frame ${s.timeline.frame}, event starts at ${s.timeline.events[hit.event].start}`);
  // A parameter value: the first integer field of a non-mask event with a value >= 1000.
  let probe = null;
  for (let e = 0; e < s.timeline.events.length && !probe; e++) {
    const st = await page.evaluate((e) => window.taescope.selectEvent(e), e);
    const f = st.selectedEvent.fields.find((x) => x.present && /^[su](8|16|32)$/.test(x.type) && Math.abs(Number(x.value)) >= 1000);
    if (f) probe = { event: e, value: Number(f.value), field: f.name };
  }
  if (probe) {
    const byValue = await page.evaluate((v) => window.taescope.search(`value:${v}`), probe.value);
    check(byValue.hits.some((h) => h.animationName === 'a000_001040' && h.event === probe.event), `value:${probe.value} (${probe.field}) does not list a000_001040 event ${probe.event}`);
    for (let k = 0; k < Math.min(15, byValue.hits.length); k++) {
      const st = await page.evaluate((k) => window.taescope.jump(k), k);
      check(st.selectedEvent && st.selectedEvent.fields.some((f) => f.present && Number(f.value) === probe.value), `value hit ${k} (${byValue.hits[k].animationName} #${byValue.hits[k].event}) has no field equal to ${probe.value}`);
    }
    console.log(`note  value:${probe.value} (${probe.field}) -> ${byValue.hits.length} hits`);
  }
  const byName = await page.evaluate(() => window.taescope.search('anim:a000_001040'));
  check(byName.hits.length >= 1 && byName.hits.every((h) => h.animationName === 'a000_001040' && h.event === -1), `anim search: ${JSON.stringify(byName.hits.slice(0, 3))}`);
  // The keyboard opens the window.
  await focusCanvas(page);
  await page.keyboard.press('Control+Shift+F');
  await frames(page);
  check((await page.evaluate(() => window.taescope.state())).windows.search, 'Ctrl+Shift+F did not open the search window');
  await page.evaluate(() => window.taescope.search('233'));
  await frames(page);
  await page.screenshot({ path: path.join(shots, '12-search.png') });
  await page.keyboard.press('Escape');
  await frames(page);
  check(!(await page.evaluate(() => window.taescope.state())).windows.search, 'Escape did not close the search window');
});

await test('share link: a timeline link opens c4310 a000_001040\'s events in a fresh page without the file; a file link selects animation and frame', async () => {
  const s0 = await page.evaluate(() => window.taescope.state());
  if (s0.status !== 'ready' || s0.fileName !== 'c4310.anibnd.dcx') return 'skip';
  await selectAnywhere(page, 'a000_001040');
  const original = await page.evaluate(() => {
    const st = window.taescope.setTime(7 / 30);
    const params = st.timeline.events.map((e) => window.taescope.selectEvent(e.index).selectedEvent.parameterHex);
    window.taescope.selectEvent(-1);
    return { st, params, link: window.taescope.shareLink('timeline'), fileLink: window.taescope.shareLink('file') };
  });
  check(/#v1\.t=[A-Za-z0-9_-]+$/.test(original.link), `link ${original.link.slice(0, 80)}`);
  const fresh = await openPage({ query: '#' + original.link.split('#')[1] });
  try {
    const s = await fresh.page.evaluate(() => window.taescope.state());
    check(s.status === 'ready' && /^shared link/.test(s.fileName), `fresh page: ${s.status} ${s.fileName}`);
    check(s.selection.animationInfo && s.selection.animationInfo.name === 'a000_001040', `fresh page shows ${s.selection.animationInfo && s.selection.animationInfo.name}`);
    check(s.timeline.frame === 7, `playhead at frame ${s.timeline.frame}, link said 7`);
    const pick = (e) => [e.type, e.start, e.end, e.label, e.group];
    check(JSON.stringify(s.timeline.events.map(pick)) === JSON.stringify(original.st.timeline.events.map(pick)), 'events differ from the original');
    const params = await fresh.page.evaluate(() => window.taescope.state().timeline.events.map((e) => window.taescope.selectEvent(e.index).selectedEvent.parameterHex));
    check(JSON.stringify(params) === JSON.stringify(original.params), 'parameter bytes differ from the original');
    check(s.simulation.masks === original.st.simulation.masks, `masks ${s.simulation.masks} vs ${original.st.simulation.masks}`);
    await frames(fresh.page);
    await fresh.page.screenshot({ path: path.join(shots, '13-shared-link.png') });
    check(fresh.problems.length === 0, fresh.problems.join('; '));
  } finally {
    await fresh.context.close();
  }
  // The file kind: the page waits for the named file, then selects the animation and frame.
  check(/#v1\.f=c4310\.anibnd\.dcx&a=a000_001040&t=7$/.test(original.fileLink), `file link ${original.fileLink}`);
  const second = await openPage({ query: '#' + original.fileLink.split('#')[1] });
  try {
    const s = await dropFile(second.page, fs.readFileSync(corpusFile('eldenring/c4310.anibnd.dcx')), 'c4310.anibnd.dcx');
    check(s.selection.animationInfo.name === 'a000_001040' && s.timeline.frame === 7, `file link opened ${s.selection.animationInfo.name} at frame ${s.timeline.frame}`);
    check(second.problems.length === 0, second.problems.join('; '));
  } finally {
    await second.context.close();
  }
  // Copy link: the address bar gets the fragment.
  const copied = await page.evaluate(() => window.taescope.copyLink());
  check((await page.evaluate(() => location.hash)) === '#' + copied.link.split('#')[1], 'copyLink did not put the fragment in the address bar');
});

await test('PNG export: the PNG button downloads the timeline as a PNG of the expected size', async () => {
  const s0 = await page.evaluate(() => window.taescope.state());
  if (s0.status !== 'ready') return 'skip';
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click('#png-button')]);
  const saved = path.join(shots, '14-timeline-export.png');
  await download.saveAs(saved);
  const bytes = fs.readFileSync(saved);
  check(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `not a PNG signature: ${bytes.subarray(0, 8).toString('hex')}`);
  check(bytes.toString('latin1', 12, 16) === 'IHDR', 'no IHDR chunk first');
  const width = bytes.readUInt32BE(16), height = bytes.readUInt32BE(20);
  check(width > 100 && height > 11 * s0.timeline.events.length, `image ${width}x${height} for ${s0.timeline.events.length} events`);
  check(/\.png$/.test(download.suggestedFilename()), `download named ${download.suggestedFilename()}`);
  console.log(`note  ${download.suggestedFilename()}: ${bytes.length} bytes, ${width}x${height}`);
});

await test('no console errors or foreign requests during the session', async () => {
  check(main.problems.length === 0, main.problems.join('; '));
});
await main.context.close();

await test('high-DPI: a 2x screen gets a 2x canvas and the app knows the ratio', async () => {
  const hi = await openPage({ width: 1200, height: 760, scale: 2 });
  try {
    const file = corpusFile('sekiro/c5070.anibnd.dcx');
    if (file) await dropFile(hi.page, fs.readFileSync(file), 'c5070.anibnd.dcx');
    const facts = await hi.page.evaluate(() => ({ w: canvas.width, cw: canvas.clientWidth, dpr: window.taescope.state().devicePixelRatio }));
    check(facts.dpr === 2, `app sees devicePixelRatio ${facts.dpr}`);
    check(facts.w === 2 * facts.cw, `canvas ${facts.w} px for ${facts.cw} css px`);
    await hi.page.screenshot({ path: path.join(shots, '08-high-dpi.png') });
    check(hi.problems.length === 0, hi.problems.join('; '));
  } finally {
    await hi.context.close();
  }
});

await editTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await viewerTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await referenceTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await openTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await poseTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await bodyTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await startupDropTests({ browser, url, test, check, corpusFile, root });
await gltfPageTests({ openPage, dropFile, test, check, corpusFile, root });
await inferenceTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await gameTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });
await hitboxTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root });

await browser.close();
server.close();
console.log(`screenshots in ${path.relative(process.cwd(), shots) || shots}`);
if (skipped) console.log(`(${skipped} skipped: corpus file absent)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
