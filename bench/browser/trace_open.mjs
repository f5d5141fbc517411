// The page while a file opens, measured by thread CPU time: a Chromium trace (devtools.timeline)
// of one drop, and the longest main-thread task by its thread time (tdur) beside its wall time
// (dur). Wall time is what a user sees, but on a shared machine it includes time spent waiting
// for a core; thread time is the work the task itself did. Peer: the same drop on a page whose
// Web Workers are refused (the main thread decodes, as before the decode worker), same run.
// Prints Markdown rows for docs/benchmarks.md (bench/browser/run.sh).
//   node bench/browser/trace_open.mjs DIST_DIR FILE LABEL [FILE LABEL ...]
import fs from 'node:fs';
import path from 'node:path';
import { fixed, launch } from './browser_bench.mjs';

const [distDir, ...pairs] = process.argv.slice(2);
const inputs = [];
for (let i = 0; i + 1 < pairs.length; i += 2) inputs.push({ file: pairs[i], label: pairs[i + 1] });
const session = await launch(distDir);
const { browser, url } = session;

// One drop of `file` on a fresh page, traced: the open's longest main-thread task by thread time.
async function tracedDrop(file, refuseWorkers) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.route('**/__trace_input__', (route) => route.fulfill({ body: fs.readFileSync(file), contentType: 'application/octet-stream' }));
    if (refuseWorkers) await page.addInitScript(() => { window.Worker = function Worker() { throw new Error('refused by the benchmark'); }; });
    await page.goto(url + '?sample=none');
    await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 60000 });
    await page.evaluate(() => window.taescope.ready);
    // After the page's warm-up, as a user's first file (web/open_warm_up.h).
    await page.waitForFunction(() => { const w = window.taescope.openStatus().warmUp; return w.state !== 'not started' && w.state !== 'running'; },
      null, { timeout: 60000 });
    await page.evaluate(async () => { window.__input = await (await fetch('/__trace_input__')).blob(); });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
    const window0 = await page.evaluate(async (name) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([window.__input], name));
      const generation = window.taescope.openStatus().generation;
      const t0 = performance.timeOrigin + performance.now();
      for (const type of ['dragenter', 'dragover', 'drop'])
        document.getElementById('canvas').dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      for (;;) {  // the small status: polling the whole state would add to the tasks traced
        await new Promise((r) => setTimeout(r, 20));
        const s = window.taescope.openStatus();
        if (s.generation > generation && s.open.finished) return { t0, status: s.status, decodedIn: s.open.decodedIn, drawnMs: s.open.drawnMs };
      }
    }, path.basename(file));
    const trace = JSON.parse((await browser.stopTracing()).toString());
    if (window0.status !== 'ready') throw new Error(`${file}: status ${window0.status}`);
    const names = {};
    for (const e of trace.traceEvents) if (e.name === 'thread_name') names[`${e.pid}:${e.tid}`] = e.args.name;
    const tasks = trace.traceEvents.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && names[`${e.pid}:${e.tid}`] === 'CrRendererMain');
    let longest = { tdur: 0, dur: 0 };
    for (const t of tasks) if ((t.tdur || 0) > longest.tdur) longest = t;
    return { cpu: longest.tdur / 1000, wall: longest.dur / 1000, tasks: tasks.length, decodedIn: window0.decodedIn, drawnMs: window0.drawnMs,
             over50: tasks.filter((t) => t.tdur >= 50000).length };
  } finally {
    await context.close();
  }
}

const rows = [];
try {
  for (const { file, label } of inputs) {
    const a = await tracedDrop(file, false), b = await tracedDrop(file, true);
    rows.push(`| browser: longest main-thread task by thread CPU time while ${label} opens (Chromium trace, tdur) | ms | ${fixed(a.cpu)} | the same drop, workers refused (decode on the main thread), same run | ${fixed(b.cpu)} | ${(a.cpu / b.cpu).toFixed(2)} | ${a.cpu < 50 ? 'under' : 'OVER'} 50 ms of work; that task's wall time ${fixed(a.wall)} ms (peer ${fixed(b.cpu)} cpu / ${fixed(b.wall)} wall); ${a.over50} tasks of 50 ms cpu or more (peer ${b.over50}); decoded in the ${a.decodedIn} (peer: ${b.decodedIn}); traced drop to drawn ${fixed(a.drawnMs)} ms (peer ${fixed(b.drawnMs)}) |`);
  }
} finally {
  await session.close();
}
console.log(rows.join('\n'));
