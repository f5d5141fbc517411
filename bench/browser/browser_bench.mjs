// What every browser benchmark shares (bench/browser/*.mjs): headless Chromium (Debian's
// /usr/bin/chromium, driven by tests/e2e's playwright-core, never a downloaded browser) with the
// toolchain note's flags, the page served from a dist directory by tools/serve.mjs, a fresh page
// per context, statistics, the native `taescope info` peer and the Markdown table of the rows.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { chromium } = await import(path.join(root, 'tests/e2e/node_modules/playwright-core/index.mjs'));
const { startServer } = await import(path.join(root, 'tools/serve.mjs'));

export const CHROMIUM_ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
export const VIEWPORT = { width: 1600, height: 1000 };
export const corpus = process.env.TAESCOPE_CORPUS || path.resolve(root, '../shared/corpus');
export const TABLE_HEADER = '| benchmark | metric | value | peer | peer value | ratio | note |\n|---|---|---:|---|---:|---:|---|';

export const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[s.length >> 1] : 0; };
export const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
// 3 decimals under 10, else 1.
export const fixed = (v) => (v !== 0 && Math.abs(v) < 10 ? v.toFixed(3) : v.toFixed(1));

// The page of `distDir` served on a free port and a browser: { browser, url, version, close() }.
export async function launch(distDir) {
  const { server, url } = await startServer(distDir, 0);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return { browser, url, version: browser.version(), close: async () => { await browser.close(); server.close(); } };
}

// A fresh context and page. `inputs`: { name: path } served at /__bench_input__/<name> (same origin,
// so the page's CSP lets it fetch them; never copied into dist/). The page's service worker
// would fetch them past page.route: blocked. `refuseWorkers`: the page gets no Web Worker.
export async function newPage(browser, { inputs = {}, refuseWorkers = false, viewport = VIEWPORT } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.route('**/__bench_input__/*', (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop());
    return route.fulfill({ body: fs.readFileSync(inputs[name]), contentType: 'application/octet-stream' });
  });
  if (refuseWorkers) await page.addInitScript(() => { window.Worker = function Worker() { throw new Error('refused by the benchmark'); }; });
  return { context, page, problems };
}

// Goes to the page and waits for the module and its start-up (the sample, unless `query` says
// ?sample=none).
export async function openApp(page, url, query = '') {
  await page.goto(url + query);
  await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 180000 });
  await page.evaluate(() => window.taescope.ready);
}

// Drops the inputs `names` (served by newPage) together on the canvas, as a user drops a
// character's binders (one DragEvent carrying every File), and waits for the document and its
// model; the state then, or throws when the model did not read.
export async function dropCharacter(page, names) {
  await page.evaluate(async (names) => {
    const transfer = new DataTransfer();
    for (const name of names) {
      const bytes = new Uint8Array(await (await fetch('/__bench_input__/' + encodeURIComponent(name))).arrayBuffer());
      transfer.items.add(new File([bytes], name, { type: 'application/octet-stream' }));
    }
    const target = document.getElementById('canvas');
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, names);
  await page.waitForFunction(() => {
    const s = window.taescope.state();
    return s.status === 'ready' && s.model && (s.model.status === 'ready' || s.model.status === 'error');
  }, null, { timeout: 120000 });
  const s = await page.evaluate(() => window.taescope.state());
  if (s.model.status !== 'ready') throw new Error(`the model did not read: ${s.model.error}`);
  return s;
}

// Waits for the page's warm-up (its open path run on the bundled sample) to be over.
export async function waitForWarmUp(page) {
  await page.waitForFunction(() => { const w = window.taescope.openStatus().warmUp; return w.state !== 'not started' && w.state !== 'running'; },
    null, { timeout: 60000 });
  return page.evaluate(() => window.taescope.openStatus().warmUp);
}

// The native `taescope info FILE` as a whole process: wall time, median of `runs`; null without the CLI.
export function nativeInfoMs(cli, file, runs = 5) {
  if (!cli || !fs.existsSync(cli)) return null;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cli, ['info', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`taescope info ${file}: exit ${r.status} ${r.stderr}`);
    times.push(ms);
  }
  return median(times);
}

export const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
