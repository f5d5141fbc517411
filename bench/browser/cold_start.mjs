// Browser benchmark of the cold start (issue 42): from navigation to the sample drawn (status
// ready and the first frame after it presented) in a fresh browser context (empty HTTP cache, no
// service worker), against its floor measured in the same run: the same browser fetching and
// compiling the page's taescope.wasm (WebAssembly.compileStreaming, a fresh context too). Five of
// each, alternating, medians. Where the time goes comes from the page's own marks
// (web/page/taescope-page.js: runtime initialised, main() done, ready) and its resource timings:
// the module's script and wasm arriving, instantiation (to the runtime's start), main() (SDL,
// WebGL, ImGui, fonts, programs queued), the sample's fetch and open (the decode worker's start
// included), and the first frame after ready. Aim: ready <= 5x the floor.
//   node bench/browser/cold_start.mjs DIST_DIR
import path from 'node:path';
import { TABLE_HEADER as header, launch, loadAverage, median, root } from './browser_bench.mjs';

const distDir = process.argv[2] || path.join(root, 'dist');
const RUNS = Number(process.env.TAESCOPE_BENCH_COLD_RUNS || 5);
const LIMIT = 5;
const fixed = (v) => v.toFixed(0);

const session = await launch(distDir);
const { browser, url, version } = session;
const rows = [];
const context = (o = {}) => browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block', ...o });
try {
  const starts = [], floors = [];
  for (let run = 0; run < RUNS; run++) {
    // The floor: fetch and compile of the same module in a fresh context of the same origin.
    {
      const c = await context();
      const page = await c.newPage();
      await page.goto(url + 'app-files.json');
      floors.push(await page.evaluate(async () => {
        const t0 = performance.now();
        await WebAssembly.compileStreaming(fetch('taescope.wasm'));
        return performance.now() - t0;
      }));
      await c.close();
    }
    {
      const c = await context();
      const page = await c.newPage();
      await page.goto(url);
      await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 180000 });
      starts.push(await page.evaluate(async () => {
        const s = await window.taescope.ready;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));  // a frame after ready presented
        const drawn = performance.now();
        const mark = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : NaN; };
        const res = (suffix) => performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.endsWith(suffix));
        const js = res('/taescope.js'), wasm = res('/taescope.wasm');
        const sample = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.includes('/samples/') && !e.name.endsWith('.json'));
        const nav = performance.getEntriesByType('navigation')[0];
        return { drawn, status: s.status, file: s.fileName,
          domContentLoaded: nav ? nav.domContentLoadedEventEnd : NaN,
          jsEnd: js ? js.responseEnd : NaN, wasmStart: wasm ? wasm.startTime : NaN, wasmEnd: wasm ? wasm.responseEnd : NaN,
          runtime: mark('taescope-runtime-initialized'), mainDone: mark('taescope-main-done'),
          sampleStart: sample ? sample.startTime : NaN, sampleEnd: sample ? sample.responseEnd : NaN,
          sampleOpen: mark('taescope-sample-open'), ready: mark('taescope-ready'),
          open: s.open ? { worker: s.workerDecodeMilliseconds, copy: s.payloadCopyMilliseconds, parse: s.parseMilliseconds, frames: s.open.frames, readyMs: s.open.readyMs } : null };
      }));
      await c.close();
    }
  }
  const m = (key) => median(starts.map((s) => s[key]));
  const drawn = m('drawn'), floor = median(floors), ratio = drawn / floor;
  const parts = `document and script: taescope.js in at ${fixed(m('jsEnd'))} ms; taescope.wasm requested at ${fixed(m('wasmStart'))}, in at ${fixed(m('wasmEnd'))}; ` +
    `runtime initialised (compile + instantiate) at ${fixed(m('runtime'))}; main() done (SDL, WebGL2, ImGui, fonts, programs queued) at ${fixed(m('mainDone'))}; ` +
    `sample fetched ${fixed(m('sampleStart'))}-${fixed(m('sampleEnd'))}; its open begun at ${fixed(m('sampleOpen'))} (decode worker ${median(starts.map((s) => s.open ? s.open.worker : NaN)).toFixed(1)} ms, engine ${median(starts.map((s) => s.open ? s.open.parse : NaN)).toFixed(1)} ms, ${median(starts.map((s) => s.open ? s.open.frames : NaN))} frames); ready at ${fixed(m('ready'))}; first frame after ready presented at ${fixed(drawn)}`;
  rows.push(`| browser: cold start, navigation to the sample drawn (median of ${RUNS} fresh contexts) | ms | ${fixed(drawn)} | the same browser fetching and compiling taescope.wasm (fresh context, same run) | ${fixed(floor)} | ${ratio.toFixed(1)} | ${ratio <= LIMIT ? 'aim met' : 'aim NOT met'} (<= ${LIMIT}); medians: ${parts}; statuses ${[...new Set(starts.map((s) => s.status))].join(',')} (${starts[0].file}); runs ${starts.map((s) => fixed(s.drawn)).join('/')} vs ${floors.map(fixed).join('/')}; load ${loadAverage()} |`);
} catch (error) {
  rows.push(`| browser: cold start | ms | - | - | - | - | FAILED: ${String(error.message).split('\n')[0]} |`);
} finally {
  await session.close();
}
console.log(`## Browser: cold start (headless Chromium ${version}, SwiftShader WebGL2)\n\n${header}\n${rows.join('\n')}`);
