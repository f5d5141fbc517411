// Browser benchmark (headless Chromium, Debian's /usr/bin/chromium driven by playwright-core):
//  1. drop-to-first-drawn-timeline: a binder is dropped on the canvas the way a user does (a
//     DragEvent carrying a File, as tests/e2e does); the clock starts when the drop event is
//     dispatched and stops at the end of the first frame drawn after the engine finished
//     opening (the app parses on a frame of its own, then the next frame draws the timeline).
//     Peer: the engine's own open time for that drop (state().parseMilliseconds).
//  2. CPU time per frame while playing the binder's largest animation: the main thread's time
//     inside each requestAnimationFrame callback (the whole wasm frame: ImGui, our panels, the
//     WebGL calls), median over the frames of a few seconds of playback; and Chromium's own
//     main-thread task time per frame (CDP Performance.getMetrics TaskDuration). Peer: the same
//     animation shown paused, measured the same way in the same run. The rows are fitted to the
//     panel's height first (taescope.fitRows(), the toolbar's Fit rows), so that every event of
//     the animation is drawn in each measured frame; the note gives the visible rows the app
//     reports (state().timeline.visibleRows).
//  3. the page while a file opens (issue 27, "the page never freezes"): the longest main-thread
//     task (the page's Long Tasks API observer: tasks of 50 ms or more) and the longest frame
//     (gap between two frames) from the drop to the second frame after the open finished, as
//     state().open reports them; the DCX wrapper is decoded in the page's decode worker. Peer:
//     the same drop on a page whose Web Workers are refused (the page then decodes on its main
//     thread, as it did before the worker), same run. And drop-to-first-drawn-timeline against
//     the native `taescope info` of the same file (whole process, median of 5, same run):
//     target <= 2x.
// Prints Markdown rows for docs/benchmarks.md (bench/browser/run.sh, part of bench/run).
// Several files can be given; each is dropped in turn on the same page.
//   node bench/browser/open_and_play.mjs DIST_DIR FILE LABEL [FILE LABEL ...]
// TAESCOPE_BENCH_CLI: the native `taescope` for the info rows (default build/release/taescope).
import fs from 'node:fs';
import path from 'node:path';
import { VIEWPORT, fixed, launch, median, nativeInfoMs as infoMs, percentile, root } from './browser_bench.mjs';
import { installFrameClock } from './frame_clock.mjs';

const [distDir, ...pairs] = process.argv.slice(2);
const inputs = [];
for (let i = 0; i + 1 < pairs.length; i += 2) inputs.push({ file: pairs[i], label: pairs[i + 1] });
const PLAY_SECONDS = 6;

const cli = process.env.TAESCOPE_BENCH_CLI || path.join(root, 'build/release/taescope');
const TASK_LIMIT_MS = 50, FRAME_LIMIT_MS = 100, DROP_TO_NATIVE_LIMIT = 2;

// The native `taescope info FILE` as a whole process: wall time, median of 5.
const nativeInfoMs = (file) => infoMs(cli, file);

// playwright-core gives the browser a fresh temporary profile of its own.
const session = await launch(distDir);
const { browser, url, version } = session;
const rows = [];

// ---- 3. the page while a file opens: decode worker against the main-thread decode ----
// Pages without the instrumentation of parts 1-2 (it reads the state in every frame, which would
// lengthen the very tasks measured here): the page's own report, state().open.
async function openPageForDrops(refuseWorkers) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/__bench_input__/*', (route) => {
    const index = Number(new URL(route.request().url()).pathname.split('/').pop());
    route.fulfill({ body: fs.readFileSync(inputs[index].file), contentType: 'application/octet-stream' });
  });
  if (refuseWorkers) await page.addInitScript(() => { window.Worker = function Worker() { throw new Error('refused by the benchmark'); }; });
  await page.goto(url + '?sample=none');
  await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 60000 });
  await page.evaluate(() => window.taescope.ready);
  // A user's first file comes seconds after the page: the page's warm-up (the open path run on
  // its bundled sample, web/open_warm_up.h) is over by then, as it is here before the drops.
  await waitForWarmUp(page);
  return { context, page };
}

async function waitForWarmUp(page) {
  await page.waitForFunction(() => { const w = window.taescope.openStatus().warmUp; return w.state !== 'not started' && w.state !== 'running'; },
    null, { timeout: 60000 });
  return page.evaluate(() => window.taescope.openStatus().warmUp);
}

async function dropAndReport(page, inputIndex, fileName) {
  return page.evaluate(async ([fileName, inputIndex]) => {
    const blob = await (await fetch('/__bench_input__/' + inputIndex)).blob();
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], fileName, { type: 'application/octet-stream' }));
    const generation = window.taescope.openStatus().generation;
    await new Promise((r) => setTimeout(r, 100));  // the fetch's own work settles first
    const target = document.getElementById('canvas');
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    // Polled with the small status: the whole state's JSON (which grows with the animation shown)
    // would add its own main-thread work to the open measured here.
    for (;;) {
      await new Promise((r) => setTimeout(r, 20));
      const s = window.taescope.openStatus();
      if (s.generation > generation && s.open.finished) return window.taescope.state();
    }
  }, [fileName, inputIndex]);
}

async function measureOpens() {
  const worker = await openPageForDrops(false), mainThread = await openPageForDrops(true);
  try {
    for (const [inputIndex, { file, label }] of inputs.entries()) {
      const fileName = path.basename(file);
      const native = nativeInfoMs(file);
      const a = await dropAndReport(worker.page, inputIndex, fileName);
      const b = await dropAndReport(mainThread.page, inputIndex, fileName);
      for (const s of [a, b]) if (s.status !== 'ready') throw new Error(`${label}: the open ended in status ${s.status}: ${s.error && s.error.text}`);
      const how = `decoded in the ${a.open.decodedIn}${a.open.decodedIn === 'worker' ? ` (${fixed(a.workerDecodeMilliseconds)} ms there, payload copy ${fixed(a.payloadCopyMilliseconds)} ms here)` : ''}; peer decoded in the ${b.open.decodedIn}`;
      const judge = (v, limit) => (v < limit ? `target met (< ${limit} ms)` : `target NOT met (< ${limit} ms)`);
      rows.push(`| browser: longest main-thread task while ${label} opens (Long Tasks API: tasks of 50 ms or more; 0 = none) | ms | ${fixed(a.open.longestTaskMs)} | the same drop, workers refused (decode on the main thread, as before the worker), same run | ${fixed(b.open.longestTaskMs)} | ${b.open.longestTaskMs ? (a.open.longestTaskMs / b.open.longestTaskMs).toFixed(2) : '-'} | ${judge(a.open.longestTaskMs, TASK_LIMIT_MS)}; ${a.open.longTasks} long tasks (peer ${b.open.longTasks}); ${how}; from the drop to the second frame after ready; one drop |`);
      rows.push(`| browser: longest frame while ${label} opens (gap between two frames) | ms | ${fixed(a.open.longestFrameMs)} | the same drop, workers refused, same run | ${fixed(b.open.longestFrameMs)} | ${(a.open.longestFrameMs / b.open.longestFrameMs).toFixed(2)} | ${judge(a.open.longestFrameMs, FRAME_LIMIT_MS)}; ${a.open.frames} frames (peer ${b.open.frames}); longest engine step ${fixed(a.longestOpenStepMilliseconds)} ms (${a.longestOpenStep}), finishing ${fixed(a.openFinishMilliseconds)} ms |`);
      if (native !== null) {
        const ratio = a.open.drawnMs / native;
        rows.push(`| browser: drop ${label} to drawn (decode worker; to the start of the 2nd frame after ready) | ms | ${fixed(a.open.drawnMs)} | native \`taescope info\` of the same file (whole process, median of 5), same run | ${fixed(native)} | ${ratio.toFixed(2)} | target ${ratio <= DROP_TO_NATIVE_LIMIT ? 'met' : 'NOT met'} (<= ${DROP_TO_NATIVE_LIMIT}x); ready after ${fixed(a.open.readyMs)} ms; workers refused: drawn after ${fixed(b.open.drawnMs)} ms (${(b.open.drawnMs / native).toFixed(2)}x) |`);
      }
    }
  } finally {
    await worker.context.close();
    await mainThread.context.close();
  }
}

try {
  await measureOpens();
  // TAESCOPE_BENCH_OPEN_ONLY=1: the open rows only (part 3), not the drop and playback of parts 1-2.
  if (process.env.TAESCOPE_BENCH_OPEN_ONLY === '1') inputs.length = 0;
  // The page's service worker would fetch the benchmark input itself, past page.route: blocked.
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  // The binder is served beside the page (same origin, so the page's CSP allows the fetch)
  // without copying it into dist/.
  await page.route('**/__bench_input__/*', (route) => {
    const index = Number(new URL(route.request().url()).pathname.split('/').pop());
    route.fulfill({ body: fs.readFileSync(inputs[index].file), contentType: 'application/octet-stream' });
  });
  // Every rAF callback timed on the main thread; while __awaitingReady is set, the open status is read
  // after each callback (outside the timed span) to find the frame in which the open finished.
  // Every WebGL call is timed too: with SwiftShader, calls that read state (ImGui's backend
  // saves and restores GL state each frame) wait for the GPU process to finish rendering, so
  // the time inside WebGL calls is reported apart from the rest of the frame (our code).
  await installFrameClock(page);
  // Drop-to-ready: the first frame after the dropped file went from "parsing" to shown.
  await page.addInitScript(() => {
    window.__awaitingReady = false;
    window.__generationBefore = -1;
    window.__readyFrame = -1;
    // The open is over in the frame whose end sees a new document generation (a small file is
    // parsed within the frame that first shows "parsing": that state may never be seen here).
    window.__onFrame = () => {
      if (window.__awaitingReady && window.taescope) {
        const s = window.taescope.openStatus();
        if (s.generation > window.__generationBefore && (s.status === 'ready' || s.status === 'error')) {
          window.__awaitingReady = false;
          window.__readyFrame = window.__frames.length - 1;
        }
      }
    };
  });
  await page.goto(url);
  await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 60000 });
  await page.evaluate(() => window.taescope.ready);
  await waitForWarmUp(page);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  for (const [inputIndex, { file: inputPath, label }] of inputs.entries()) {
    // ---- 1. drop to first drawn timeline ----
    const fileName = path.basename(inputPath);
    const drop = await page.evaluate(async ([fileName, inputIndex]) => {
      window.__targetName = fileName;
      const blob = await (await fetch('/__bench_input__/' + inputIndex)).blob();
      const file = new File([blob], fileName, { type: 'application/octet-stream' });
      const transfer = new DataTransfer();
      transfer.items.add(file);
      const target = document.getElementById('canvas');
      const framesBefore = window.__frames.length;
      window.__readyFrame = -1;
      window.__generationBefore = window.taescope.openStatus().generation;
      const t0 = performance.now();
      window.__awaitingReady = true;
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      // Wait for the open to finish, then for one more frame: the first that draws the timeline.
      while (window.__readyFrame < 0 || window.__frames.length <= window.__readyFrame + 1)
        await new Promise((r) => setTimeout(r, 5));
      const ready = window.__frames[window.__readyFrame], drawn = window.__frames[window.__readyFrame + 1];
      const s = window.taescope.state();
      return { t0, parseFrameEnd: ready[1], drawnEnd: drawn[1], drawnFrameMs: drawn[1] - drawn[0], framesBefore,
               frames: window.__readyFrame + 2 - framesBefore, status: s.status, parseMs: s.parseMilliseconds,
               events: s.document ? s.document.eventCount : 0, taeFiles: s.document ? s.document.taeFileCount : 0,
               timelineRows: s.timeline.events.length, timelineShown: s.windows.timeline && s.timeline.geometry.axisX1 > s.timeline.geometry.axisX0,
               size: file.size, error: s.error ? s.error.text : '' };
    }, [fileName, inputIndex]);
    if (drop.status !== 'ready') throw new Error(`${label}: the open ended in status ${drop.status}: ${drop.error}`);
    const dropMs = drop.drawnEnd - drop.t0;
    rows.push(`| browser: drop ${label} to first drawn timeline | ms | ${fixed(dropMs)} | engine open time of that drop (parseMilliseconds) | ${fixed(drop.parseMs)} | ${(dropMs / drop.parseMs).toFixed(2)} | ${drop.size} bytes, ${drop.taeFiles} TAE files, ${drop.events} events; status ${drop.status}; first timeline frame ${fixed(drop.drawnFrameMs)} ms with ${drop.timelineRows} rows${drop.timelineShown ? '' : ' (TIMELINE NOT SHOWN)'}; ${drop.frames} frames from drop; one drop (not a median) |`);

    // ---- 2. the largest animation, paused then playing ----
    const largest = await page.evaluate(() => {
      const s = window.taescope.state();
      let best = { taeFile: -1, index: -1, events: -1, name: '' };
      for (let f = 0; f < s.document.taeFileCount; f++)
        for (const a of window.taescope.animations(f)) if (a.events > best.events) best = { taeFile: f, index: a.index, events: a.events, name: a.name, length: a.length };
      return best;
    });
    await page.evaluate(({ taeFile, index }) => window.taescope.select(taeFile, index), largest);
    const fitted = await page.evaluate(() => window.taescope.fitRows());
    const rowHeight = fitted.timeline.rowHeight;
    const measureFrames = async (playing) => {
      await page.evaluate((playing) => window.taescope.play(playing), playing);
      await page.waitForTimeout(500);  // settle (layout of the new animation, first frames)
      const before = await cdp.send('Performance.getMetrics');
      const firstFrame = await page.evaluate(() => window.__frames.length);
      await page.waitForTimeout(PLAY_SECONDS * 1000);
      const after = await cdp.send('Performance.getMetrics');
      const spans = await page.evaluate((first) => window.__frames.slice(first), firstFrame);
      const frames = spans.map(([a, b]) => b - a), outsideGl = spans.map(([a, b, gl]) => b - a - gl);
      const metric = (m, name) => m.metrics.find((x) => x.name === name).value;
      const taskMsPerFrame = ((metric(after, 'TaskDuration') - metric(before, 'TaskDuration')) * 1e3) / Math.max(1, frames.length);
      const s = await page.evaluate(() => window.taescope.state());
      const visibleRows = s.timeline.visibleRows;
      return { median: median(frames), p90: percentile(frames, 0.9), count: frames.length, app: median(outsideGl), appP90: percentile(outsideGl, 0.9), taskMsPerFrame, visibleRows, playing: s.timeline.playing, time: s.timeline.time };
    };
    const paused = await measureFrames(false);
    const playing = await measureFrames(true);
    await page.evaluate(() => window.taescope.play(false));
    const met = (v) => (v <= 4 ? 'target met' : 'target NOT met');
    const note = `${largest.name}: ${largest.events} events (the largest of the file), rows fitted (${rowHeight.toFixed(3)} px each): ${playing.visibleRows} rows visible at ${VIEWPORT.width}x${VIEWPORT.height} (state().timeline.visibleRows; ${paused.visibleRows} paused); ${playing.count} frames in ${PLAY_SECONDS} s; playing=${playing.playing}`;
    rows.push(`| browser: frame time outside WebGL calls, playing ${label} largest animation (rAF callback minus its WebGL calls, median) | ms | ${fixed(playing.app)} | same animation paused, same run | ${fixed(paused.app)} | ${(playing.app / paused.app).toFixed(2)} | ${met(playing.app)} (<= 4 ms); our wasm frame: ImGui, panels, playback; p90 ${fixed(playing.appP90)} ms; ${note} |`);
    rows.push(`| browser: whole frame on the main thread, playing ${label} largest animation (rAF callback, median) | ms | ${fixed(playing.median)} | same animation paused, same run | ${fixed(paused.median)} | ${(playing.median / paused.median).toFixed(2)} | ${met(playing.median)} (<= 4 ms); includes waiting inside WebGL calls for SwiftShader (software GL in the GPU process, on the same 2 cores); p90 ${fixed(playing.p90)} ms |`);
    rows.push(`| browser: renderer main-thread task time per frame playing ${label} largest animation (CDP TaskDuration / frames) | ms | ${fixed(playing.taskMsPerFrame)} | same animation paused, same run | ${fixed(paused.taskMsPerFrame)} | ${(playing.taskMsPerFrame / paused.taskMsPerFrame).toFixed(2)} | includes the page's other tasks (timers, input, GC) besides the frame |`);
  }
  if (problems.length) rows.push(`| browser: page errors | - | ${problems.length} | - | 0 | 0 | ${problems.join('; ').slice(0, 300)} |`);
} finally {
  await session.close();
}
const header = '| benchmark | metric | value | peer | peer value | ratio | note |\n|---|---|---:|---|---:|---:|---|';
console.log(`## Browser (headless Chromium ${version}, SwiftShader WebGL2)\n\n${header}\n${rows.join('\n')}`);
