// End-to-end tests of opening files with the decode worker (web/worker/): the DCX / DCP wrapper
// is decoded in a Web Worker, so that an open never freezes the page (no main-thread task of
// 50 ms or more, no frame over 100 ms: state().open reports both), a damaged file gives the
// error the page gave when it decoded on its main thread, and without a worker the page still
// opens everything on its main thread. Called by run-e2e.mjs with its helpers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TASK_LIMIT_MS = 50;
// App::kOpenStepSeconds (web/app.h): the engine's share of a task while a file opens.
export const OPEN_STEP_MS = 20;

// How busy the machine is, for the notes only: no verdict depends on it (wall-clock times are the
// benchmarks' business; the tests judge each main-thread task's thread CPU time from a Chromium
// trace, and the engine's own step log).
export function machineIsIdle() {
  const load = os.loadavg()[0], cores = os.cpus().length;
  return { idle: load < cores, text: `load average ${load.toFixed(1)} on ${cores} cores` };
}

// The longest main-thread task of a traced span, by thread CPU time and wall time.
export function longestTracedTask(browser, trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const names = {};
  for (const e of events) if (e.name === 'thread_name') names[`${e.pid}:${e.tid}`] = e.args.name;
  let longest = { cpu: 0, wall: 0 };
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || names[`${e.pid}:${e.tid}`] !== 'CrRendererMain') continue;
    if ((e.tdur || 0) / 1000 > longest.cpu) longest = { cpu: e.tdur / 1000, wall: e.dur / 1000 };
  }
  return longest;
}

// Collects the garbage the test left in the page (decoding a file's base64, say) before a traced
// span: the browser runs with --js-flags=--expose-gc (run-e2e.mjs); without it nothing happens.
export async function collectTestGarbage(page) {
  await page.evaluate(() => { if (typeof window.gc === 'function') window.gc(); });
}

// Drops several files at once on the canvas, like a user dragging them from the desktop. The
// files are made in the page first (a task of their own), then dropped: `beforeDrop` runs between.
export async function dropFiles(page, files, beforeDrop = async () => {}) {
  await page.evaluate((files) => {
    const transfer = new DataTransfer();
    for (const f of files) {
      const binary = atob(f.base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      transfer.items.add(new File([data], f.name, { type: 'application/octet-stream' }));
    }
    window.__dropTransfer = transfer;
  }, files.map((f) => ({ base64: Buffer.from(f.bytes).toString('base64'), name: f.name })));
  await beforeDrop();
  await page.evaluate(() => {
    const target = document.getElementById('canvas');
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: window.__dropTransfer, bubbles: true, cancelable: true }));
    window.__dropTransfer = null;
  });
}

// Makes `new Worker()` fail in the page, as a browser that refuses workers would.
const REFUSE_WORKERS = () => {
  window.Worker = function Worker() { throw new Error('workers refused by the test'); };
};

export async function openTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root }) {
  const dist = process.env.TAESCOPE_DIST || path.join(root, 'dist');
  const sampleIndex = path.join(dist, 'samples', 'index.json');
  const sampleName = fs.existsSync(sampleIndex) ? (JSON.parse(fs.readFileSync(sampleIndex, 'utf8')).samples || []).find((n) => /\.dcx$/i.test(n)) : null;
  const sampleBytes = sampleName ? fs.readFileSync(path.join(dist, 'samples', sampleName)) : null;

  // The open's report, once its second frame after the end has been drawn.
  async function finishedOpen(page) {
    // openStatus(): polled every frame, the whole state's JSON would add to the open measured
    await page.waitForFunction(() => window.taescope.openStatus().open.finished, null, { timeout: 60000 });
    return page.evaluate(() => window.taescope.state());
  }

  await test('large real binders open in the decode worker without freezing the page: no main-thread task of 50 ms or more (by thread CPU time), the engine\'s steps within the page\'s budget (sekiro and ds3 c0000; wall-clock tasks and frames reported)', async () => {
    const files = ['sekiro/c0000.anibnd.dcx', 'ds3/c0000.anibnd.dcx'].map((rel) => [rel, corpusFile(rel)]).filter(([, f]) => f);
    if (!files.length) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      for (const [rel, file] of files) {
        // The file is made in the page first, untraced; the trace covers the drop and the open.
        await page.evaluate(({ base64, name }) => {
          window.__dropped = new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name);
        }, { base64: fs.readFileSync(file).toString('base64'), name: path.basename(file) });
        await collectTestGarbage(page);
        const browser = context.browser();
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
        const generation = await page.evaluate(() => {
          const before = window.taescope.openStatus().generation;
          const transfer = new DataTransfer();
          transfer.items.add(window.__dropped);
          for (const type of ['dragenter', 'dragover', 'drop'])
            document.getElementById('canvas').dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
          return before;
        });
        await page.waitForFunction((g) => window.taescope.openStatus().generation > g, generation, { timeout: 60000 });
        const s = await finishedOpen(page);
        const traced = longestTracedTask(browser, await browser.stopTracing());
        check(s.status === 'ready', `${rel}: status ${s.status} ${s.error && s.error.text}`);
        const o = s.open;
        const machine = machineIsIdle();
        console.log(`note  ${rel}: decoded in the ${o.decodedIn} (${s.workerDecodeMilliseconds.toFixed(0)} ms there, payload copy ${s.payloadCopyMilliseconds.toFixed(1)} ms), ready after ${o.readyMs.toFixed(0)} ms, ${o.frames} frames, longest frame ${o.longestFrameMs.toFixed(0)} ms, longest task ${o.longestTaskMs.toFixed(0)} ms (${o.longTasks} of 50 ms or more), longest engine step ${s.longestOpenStepMilliseconds.toFixed(0)} ms (${s.longestOpenStep}), finishing ${s.openFinishMilliseconds.toFixed(0)} ms; traced: longest main-thread task ${traced.cpu.toFixed(1)} ms of thread CPU time (${traced.wall.toFixed(0)} ms wall); ${machine.text}`);
        check(o.decodedIn === 'worker', `${rel}: decoded in the ${o.decodedIn} (worker: ${o.worker})`);
        check(o.longTaskObserver, 'the browser reports no long tasks (PerformanceObserver longtask)');
        check(traced.cpu < TASK_LIMIT_MS, `${rel}: a main-thread task of ${traced.cpu.toFixed(1)} ms of thread CPU time during the open (limit ${TASK_LIMIT_MS})`);
        // The engine's steps (state().openSteps), judged as the opener logged them: each within the
        // page's budget, none begun over it, at most two a frame. Wall-clock tasks and frames are
        // reported above, not judged: they measure the machine as much as the page (bench/browser).
        const steps = s.openSteps;
        check(steps.largestBudgetMilliseconds > 0 && steps.largestBudgetMilliseconds <= OPEN_STEP_MS && steps.unitsBegunOverBudget === 0 && steps.mostStepsInOneFrame <= 2,
          `${rel}: the engine's steps ${JSON.stringify(steps)} (budget ${OPEN_STEP_MS} ms)`);
      }
      await page.screenshot({ path: path.join(shots, '40-worker-open.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('the page warms the open path up on its sample before any file, and sends no frame to the GPU that would draw what the canvas already shows (a paused timeline), while a playing one draws as the playhead moves', async () => {
    if (!sampleBytes) return 'skip';
    const { page, context, problems } = await openPage();
    try {
      await page.waitForFunction(() => { const w = window.taescope.openStatus().warmUp; return w.state === 'done' || w.state === 'no sample'; }, null, { timeout: 60000 });
      const warm = await page.evaluate(() => window.taescope.state().warmUp);
      check(warm.state === 'done' && warm.opens > 0, `warm-up: ${JSON.stringify(warm)}`);
      check(warm.workerDecodes > 0, `the decode worker was not warmed up: ${JSON.stringify(warm)}`);
      const s0 = await page.evaluate(() => window.taescope.play(false));
      check(s0.status === 'ready', `the sample did not open: ${s0.status}`);
      await frames(page, 5);
      const a = await page.evaluate(() => window.taescope.state());
      await frames(page, 20);
      const b = await page.evaluate(() => window.taescope.state());
      console.log(`note  paused: ${b.frame - a.frame} frames, ${b.framesDrawn - a.framesDrawn} drawn; warm-up ${warm.opens} opens in ${warm.milliseconds.toFixed(0)} ms, worker ${warm.workerDecodes} decodes`);
      check(b.frame - a.frame >= 20, `the app ran ${b.frame - a.frame} frames in 20 animation frames`);
      check(b.framesDrawn - a.framesDrawn <= 1, `a paused, unchanged page drew ${b.framesDrawn - a.framesDrawn} of ${b.frame - a.frame} frames`);
      await page.evaluate(() => window.taescope.play(true));
      await frames(page, 3);
      const c = await page.evaluate(() => window.taescope.state());
      await frames(page, 10);
      const d = await page.evaluate(() => window.taescope.state());
      console.log(`note  playing: ${d.frame - c.frame} frames, ${d.framesDrawn - c.framesDrawn} drawn`);
      check(d.timeline.time > c.timeline.time, 'the playhead did not move');
      // A frame is drawn when something visible changed: while playing the playhead moves, but two
      // animation frames closer than the clip's frame rate or a pixel of the timeline may still look
      // the same (8 of 10 drawn in one run), so not every one has to be drawn; most must.
      const ran = d.frame - c.frame, drawn = d.framesDrawn - c.framesDrawn;
      check(drawn >= Math.max(3, Math.ceil(ran / 3)), `playing drew ${drawn} of ${ran} frames`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('a damaged binder decoded in the worker gives the error the main thread gives, with its offset, and the page keeps working (a good file opens next)', async () => {
    if (!sampleBytes) return 'skip';
    // A DFLT binder with bytes flipped in the middle of its zlib stream, the same cut short, and
    // (corpus) a Kraken binder whose first block header names no decoder.
    const damaged = [];
    const flipped = Buffer.from(sampleBytes);
    for (let i = 0; i < 48; i++) flipped[0x4C + Math.floor((flipped.length - 0x4C) / 2) + i] ^= 0x5a;
    damaged.push(['flipped-' + sampleName, flipped]);
    damaged.push(['cut-' + sampleName, Buffer.from(sampleBytes.subarray(0, sampleBytes.length - 200))]);
    const krak = corpusFile('eldenring/c3000.krak.anibnd.dcx');
    if (krak) {
      const bytes = Buffer.from(fs.readFileSync(krak));
      bytes[0x4C] = 0xff;
      damaged.push(['broken-c3000.krak.anibnd.dcx', bytes]);
    }
    const withWorker = await openPage({ query: '?sample=none' });
    const withoutWorker = await openPage({ query: '?sample=none', initScript: REFUSE_WORKERS });
    try {
      for (const [name, bytes] of damaged) {
        const a = await dropFile(withWorker.page, bytes, name);
        const b = await dropFile(withoutWorker.page, bytes, name);
        check(a.status === 'error' && b.status === 'error', `${name}: status ${a.status} with the worker, ${b.status} without`);
        check(a.open.decodedIn === 'worker' && b.open.decodedIn === 'main thread', `${name}: decoded in the ${a.open.decodedIn} / ${b.open.decodedIn}`);
        check(typeof a.error.offset === 'number', `${name}: the worker's error has no offset: ${a.error.text}`);
        check(a.error.text === b.error.text, `${name}: the worker says "${a.error.text}", the main thread "${b.error.text}"`);
        check(await withWorker.page.isVisible('#error-overlay'), `${name}: the error overlay is hidden`);
        const shown = await withWorker.page.textContent('#error-text');
        check(shown.includes(a.error.message) && /offset \d+/.test(shown), `${name}: the overlay shows ${shown}`);
        console.log(`note  ${name}: ${a.error.text}`);
      }
      await withWorker.page.screenshot({ path: path.join(shots, '41-worker-damaged-file.png') });
      await withWorker.page.click('#error-dismiss');
      for (const { page } of [withWorker, withoutWorker]) {
        const good = await dropFile(page, sampleBytes, sampleName);
        check(good.status === 'ready' && good.document.animationCount > 0, `after the errors, ${sampleName}: ${good.status}`);
        const played = await page.evaluate(() => window.taescope.play(true));
        check(played.timeline.playing, 'the page does not play after the errors');
        await frames(page, 5);
        check((await page.evaluate(() => window.taescope.state())).timeline.time > 0, 'the playhead did not move after the errors');
      }
      const good = await withWorker.page.evaluate(() => window.taescope.state());
      check(good.open.decodedIn === 'worker', `the good file after the errors: decoded in the ${good.open.decodedIn}`);
      const fallback = await withoutWorker.page.evaluate(() => window.taescope.state());
      check(/^unavailable/.test(fallback.open.worker) && fallback.open.decodedIn === 'main thread', `without workers: worker ${fallback.open.worker}, decoded in the ${fallback.open.decodedIn}`);
      check(withWorker.problems.length === 0, withWorker.problems.join('; '));
      check(withoutWorker.problems.filter((p) => !/workers refused/.test(p)).length === 0, withoutWorker.problems.join('; '));
    } finally {
      await withWorker.context.close();
      await withoutWorker.context.close();
    }
  });

  // A model binder with its animation binder (dropped together, or the model dropped onto the open
  // animations) goes to the decode worker like a single file: the facts are the page's report of
  // what the worker did with each file (state().open.files: a payload came back for each), never
  // a time.
  const anibnd = corpusFile('eldenring/c5051.anibnd.dcx'), chrbnd = corpusFile('eldenring/c5051.chrbnd.dcx');
  // Drops `files` ([{bytes, name}]) at once on the canvas; the state once the open is over (its
  // model read included), waited for on taescope.opensFinished() (no engine call while it opens).
  async function dropTogether(page, files) {
    const before = await page.evaluate(() => window.taescope.opensFinished());
    await dropFiles(page, files);
    await page.waitForFunction((n) => window.taescope.opensFinished() > n, before, { timeout: 120000, polling: 100 });
    return page.evaluate(() => window.taescope.state());
  }

  await test('a model binder with its animation binder, dropped together or the model onto the open binder, is decoded in the worker (each file), both shown; a damaged model binder gives the main thread\'s error and the animations stay', async () => {
    if (!anibnd || !chrbnd) return 'skip';
    const animations = { bytes: fs.readFileSync(anibnd), name: 'c5051.anibnd.dcx' };
    const model = { bytes: fs.readFileSync(chrbnd), name: 'c5051.chrbnd.dcx' };
    const damaged = { bytes: Buffer.from(model.bytes.subarray(0, Math.floor(model.bytes.length / 2))), name: 'c5051.chrbnd.dcx' };
    const withWorker = await openPage({ query: '?sample=none' });
    const withoutWorker = await openPage({ query: '?sample=none', initScript: REFUSE_WORKERS });
    const shows = (s, label) => {
      check(s.status === 'ready' && s.fileName === 'c5051.anibnd.dcx' && s.document.animationCount > 0, `${label}: ${s.status}, shown ${s.fileName}`);
      check(s.model && s.model.status === 'ready' && s.model.meshes.length > 0, `${label}: model ${s.model && s.model.status} ${s.model && s.model.error}`);
      check(s.open.finished && s.open.modelMs > 0, `${label}: the open report does not cover the model read: ${JSON.stringify(s.open)}`);
    };
    const inWorker = (s, names, label) => {
      check(s.open.decodedIn === 'worker', `${label}: decoded in the ${s.open.decodedIn} (worker: ${s.open.worker})`);
      const files = s.open.files || [];
      check(files.length === names.length && names.every((n, i) => files[i].name === n && files[i].decodedIn === 'worker' && files[i].payloadBytes > 0),
        `${label}: the worker's report ${JSON.stringify(files)}, expected a payload for each of ${names}`);
    };
    try {
      // The model first: the file holding the animations is the one shown, whatever the order.
      let s = await dropTogether(withWorker.page, [model, animations]);
      shows(s, 'dropped together');
      inWorker(s, ['c5051.anibnd.dcx', 'c5051.chrbnd.dcx'], 'dropped together');  // the model binder is decoded last
      check(s.companions.includes('c5051.chrbnd.dcx') || s.companions.some((c) => /c5051\.chrbnd/.test(c)), `companions ${JSON.stringify(s.companions)}`);
      console.log(`note  set: ${JSON.stringify(s.open.files)}; ready after ${s.open.readyMs.toFixed(0)} ms, model read after ${s.open.modelMs.toFixed(0)} ms`);
      // The animations alone, then the model dropped onto them.
      s = await dropTogether(withWorker.page, [animations]);
      check(s.status === 'ready' && !s.model, `the animations alone: ${s.status}, model ${JSON.stringify(s.model && s.model.status)}`);
      s = await dropTogether(withWorker.page, [model]);
      shows(s, 'dropped onto the binder');
      inWorker(s, ['c5051.chrbnd.dcx'], 'dropped onto the binder');
      // A damaged model binder with the animations: the animations open, the model says why not,
      // with the error the main thread's decoder gives for the same bytes.
      const a = await dropTogether(withWorker.page, [animations, damaged]);
      const b = await dropTogether(withoutWorker.page, [animations, damaged]);
      for (const [label, x] of [['worker', a], ['main thread', b]]) {
        check(x.status === 'ready' && x.fileName === 'c5051.anibnd.dcx' && x.document.animationCount > 0, `damaged set (${label}): ${x.status}, shown ${x.fileName}`);
        check(x.model && x.model.status === 'error' && x.model.error, `damaged set (${label}): model ${JSON.stringify(x.model)}`);
      }
      check(a.open.decodedIn === 'worker' && b.open.decodedIn === 'main thread', `damaged set: decoded in the ${a.open.decodedIn} / ${b.open.decodedIn}`);
      const failed = (a.open.files || []).find((f) => f.name === 'c5051.chrbnd.dcx');
      check(failed && failed.decodedIn === 'worker' && failed.error, `damaged set: the worker's report ${JSON.stringify(a.open.files)}`);
      check(a.model.error === b.model.error, `damaged set: the worker says "${a.model.error}", the main thread "${b.model.error}"`);
      check(JSON.stringify(a.companionErrors) === JSON.stringify(b.companionErrors), `companionErrors ${JSON.stringify(a.companionErrors)} vs ${JSON.stringify(b.companionErrors)}`);
      const played = await withWorker.page.evaluate(() => window.taescope.play(true));
      check(played.timeline.playing, 'the animations do not play after the damaged model');
      console.log(`note  damaged model in the set: "${a.model.error.slice(0, 140)}"`);
      check(withWorker.problems.length === 0, withWorker.problems.join('; '));
      check(withoutWorker.problems.filter((p) => !/workers refused/.test(p)).length === 0, withoutWorker.problems.join('; '));
    } finally {
      await withWorker.context.close();
      await withoutWorker.context.close();
    }
  });
}
