// End-to-end tests of the character view's body (issue 32, the page): Elden Ring c5051's model
// binder dropped with its animation binder, skinned on the GPU by the animation at the playhead,
// its meshes hidden and shown by the simulator's masks, its dummy polys drawn. What the panel
// shows is read back through state().model, taescope.modelDummies(id) and the screen helpers, and
// compared with two oracles outside the page: the independent skinning reference in
// ../shared/corpus/flver-reference (a000_003022) and the `taescope model` command line (the
// engine natively) when a native build of it is there. Called by run-e2e.mjs with its helpers.
// Real data: ../shared/corpus/eldenring/c5051.{anibnd,chrbnd}.dcx (skipped without the corpus).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dropFiles, longestTracedTask, machineIsIdle } from './open-tests.mjs';

const FRAME_LIMIT_MS = 100;

// Wraps the page's Worker so that, while window.__holdModelDecode is true, the decode worker's
// 'decoded' answers for a set's later members (the model binder: the page sends it last) wait in
// window.__heldModelDecode (functions that deliver them) instead of reaching the page.
const HOLD_MODEL_DECODE = () => {
  const RealWorker = window.Worker;
  window.__heldModelDecode = [];
  window.Worker = function Worker(url, options) {
    const worker = new RealWorker(url, options);
    let handler = null;
    worker.addEventListener('message', (e) => {
      if (!handler) return;
      if (window.__holdModelDecode && e.data && e.data.type === 'decoded' && e.data.member >= 1) window.__heldModelDecode.push(() => handler.call(worker, e));
      else handler.call(worker, e);
    });
    Object.defineProperty(worker, 'onmessage', { get: () => handler, set: (h) => { handler = h; } });
    return worker;
  };
};  // the issue's: reading the model must not make a frame over 100 ms

// The native CLI, if one was built: $TAESCOPE_CLI, else the build trees ./test and ./run use.
function findCli(root) {
  const candidates = [process.env.TAESCOPE_CLI, 'build/native/taescope', 'build/release/taescope', 'build/body/taescope']
    .filter(Boolean).map((p) => path.resolve(root, p));
  return candidates.find((p) => fs.existsSync(p)) || null;
}

// The CLI's skinned meshes at `frame` ({index: {min, max}}), or a string saying why there are none.
function cliSkinned(cli, chrbnd, anibnd, animation, frame) {
  if (!cli) return 'no native taescope build found (build/native/taescope, or set TAESCOPE_CLI)';
  let text;
  try {
    text = execFileSync(cli, ['model', chrbnd, '--anibnd', anibnd, '--anim', animation, '--frame', String(frame), '--json'],
      { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 << 20 }).toString();
  } catch (error) {
    return `${cli} model failed (${String(error.stderr || error.message).split('\n')[0]}): the CLI may predate it`;
  }
  const meshes = JSON.parse(text).meshes || [];
  const out = {};
  for (const m of meshes) if (m.skinned) out[m.index] = { min: m.skinned.min, max: m.skinned.max };
  return Object.keys(out).length ? out : `${cli} model printed no skinned meshes`;
}

// The box around the boxes of the meshes listed.
function union(boxes, indices) {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (const i of indices)
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], boxes[i].min[c]);
      max[c] = Math.max(max[c], boxes[i].max[c]);
    }
  return { min, max };
}
const boxDistance = (a, b) => Math.max(...[0, 1, 2].flatMap((c) => [Math.abs(a.min[c] - b.min[c]), Math.abs(a.max[c] - b.max[c])]));

// Records the gaps between animation frames in the page (requestAnimationFrame), from now on.
async function startFrameClock(page) {
  await page.evaluate(() => {
    const clock = { gaps: [], on: true, last: performance.now() };
    window.__bodyClock = clock;
    const tick = (t) => {
      clock.gaps.push(t - clock.last);
      clock.last = t;
      if (clock.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
async function stopFrameClock(page) {
  return page.evaluate(() => { window.__bodyClock.on = false; return window.__bodyClock.gaps; });
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : 0; };
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

// Waits until the model has been read (or failed), then a few frames.
async function modelSettled(page, frames) {
  await page.waitForFunction(() => {
    const s = window.taescope.state();
    return s.status === 'ready' && s.model && (s.model.status === 'ready' || s.model.status === 'error');
  }, null, { timeout: 60000 });
  await frames(page);
  return page.evaluate(() => window.taescope.state());
}

export async function bodyTests({ openPage, frames, test, check, corpusFile, shots, root }) {
  const anibnd = corpusFile('eldenring/c5051.anibnd.dcx');
  const chrbnd = corpusFile('eldenring/c5051.chrbnd.dcx');
  const missing = () => {
    console.log('note  corpus eldenring/c5051.anibnd.dcx or c5051.chrbnd.dcx not found: the body tests are skipped');
    return 'skip';
  };

  await test('body: c5051 anibnd + chrbnd dropped together are one character; masks of a000_003004 hide mesh 7 and show mesh 8 at 1.0 s; bounds equal the reference and the CLI; hover, dummies, frame time', async () => {
    if (!anibnd || !chrbnd) return missing();
    const { page, context, problems } = await openPage({ width: 1500, height: 900 });
    try {
      await dropFiles(page, [{ bytes: fs.readFileSync(anibnd), name: 'c5051.anibnd.dcx' }, { bytes: fs.readFileSync(chrbnd), name: 'c5051.chrbnd.dcx' }],
        () => startFrameClock(page));
      let s = await modelSettled(page, frames);
      const openGaps = await stopFrameClock(page);
      check(s.fileName === 'c5051.anibnd.dcx' && s.companions.includes('c5051.chrbnd.dcx'), `shown ${s.fileName}, companions ${JSON.stringify(s.companions)}`);
      const m = s.model;
      check(m.status === 'ready', `model ${m.status}: ${m.error}`);
      check(m.meshes.length === 10 && m.bones === 423 && m.dummies === 122, `${m.meshes.length} meshes, ${m.bones} bones, ${m.dummies} dummies`);
      check(m.matchedBones === 176, `${m.matchedBones} FLVER bones matched to the Havok skeleton by name`);
      check(m.meshes[7].mask === 0 && m.meshes[8].mask === 1 && m.meshes[0].mask === -1, `masks ${m.meshes.map((x) => x.mask)}`);
      check(s.windows.pose && m.renderer === 'shader', `pose panel ${s.windows.pose}, body renderer ${m.renderer}`);
      const longestFrame = Math.max(...openGaps);
      console.log(`note  body: the open: longest engine step ${s.longestOpenStepMilliseconds.toFixed(0)} ms (${s.longestOpenStep}), page report ${JSON.stringify(s.open)}`);
      console.log(`note  body: model read in ${m.readMilliseconds.toFixed(1)} ms of steps (longest step ${m.longestStepMilliseconds.toFixed(1)} ms); longest frame from the drop to the model drawn ${longestFrame.toFixed(0)} ms over ${openGaps.length} frames`);

      // Masks: a000_003004's 711 / 713 between 0.633 s and 1.633 s swap the weapon meshes.
      s = await page.evaluate(() => window.taescope.select(0, 'a000_003004'));
      check(s.pose.hasClip, `a000_003004 has no clip: ${s.pose.reason}`);
      const at = async (t) => {
        await page.evaluate((t) => window.taescope.setTime(t), t);
        await frames(page, 2);
        return page.evaluate(() => window.taescope.state());
      };
      for (const [t, hidden7] of [[0.3, false], [1.0, true], [2.0, false]]) {
        s = await at(t);
        const meshes = s.model.meshes;
        check(meshes[7].visible === !hidden7 && meshes[8].visible, `at ${t} s: mesh 7 visible ${meshes[7].visible}, mesh 8 visible ${meshes[8].visible} (sim masks ${s.simulation.masks})`);
        check(meshes.filter((x) => x.mask < 0).every((x) => x.visible), `at ${t} s an unmasked mesh is hidden`);
      }
      // "All masks" draws every mesh anyway; the masked flag stays.
      s = await at(1.0);
      await page.evaluate(() => window.taescope.bodyOptions({ forceMasks: true }));
      await frames(page, 2);
      s = await page.evaluate(() => window.taescope.state());
      check(s.model.meshes[7].visible && s.model.meshes[7].hiddenByMask && s.model.forceMasksShown, `forced: ${JSON.stringify(s.model.meshes[7])}`);
      await page.evaluate(() => window.taescope.bodyOptions({ forceMasks: false }));

      // The bounds of the visible meshes against the independent reference (a000_003022: every
      // mesh shown) and against the CLI (a000_003004, masks applied from the page's own list).
      const referenceFile = corpusFile('flver-reference/eldenring__c5051.chrbnd.json');
      if (referenceFile) {
        const reference = JSON.parse(fs.readFileSync(referenceFile, 'utf8')).skinned.animations;
        const clip = Object.values(reference).find((a) => a.name === 'a000_003022.hkx');
        s = await page.evaluate(() => window.taescope.select(0, 'a000_003022'));
        const fd = s.pose.frameDuration;
        let worst = 0;
        for (const frame of Object.keys(clip.frames).map(Number)) {
          s = await at(frame * fd);
          check(s.pose.frame === frame, `time ${frame * fd}: pose frame ${s.pose.frame}`);
          const boxes = Object.fromEntries(clip.frames[String(frame)].meshes.map((x) => [x.index, x.bbox]));
          const visible = s.model.meshes.filter((x) => x.visible).map((x) => x.index);
          const d = boxDistance(s.model.skinnedBounds, union(boxes, visible));
          worst = Math.max(worst, d);
          check(d <= 1e-3, `a000_003022 frame ${frame}: page ${JSON.stringify(s.model.skinnedBounds)} vs reference ${JSON.stringify(union(boxes, visible))}`);
        }
        console.log(`note  body: skinnedBounds within ${worst.toExponential(2)} of the independent reference at a000_003022 frames ${Object.keys(clip.frames).join(', ')}`);
      } else {
        console.log('note  flver-reference/eldenring__c5051.chrbnd.json not found: the reference comparison is skipped');
      }
      s = await page.evaluate(() => window.taescope.select(0, 'a000_003004'));
      const cli = findCli(root);
      let compared = 0;
      for (const frame of [18, 60, 120]) {
        s = await at(frame * s.pose.frameDuration);
        const expected = cliSkinned(cli, chrbnd, anibnd, 'a000_003004', frame);
        if (typeof expected === 'string') {
          console.log(`note  body: the comparison with the CLI is skipped: ${expected}`);
          break;
        }
        const visible = s.model.meshes.filter((x) => x.visible).map((x) => x.index);
        const d = boxDistance(s.model.skinnedBounds, union(expected, visible));
        check(d <= 1e-3, `a000_003004 frame ${frame}: page ${JSON.stringify(s.model.skinnedBounds)} vs CLI ${JSON.stringify(union(expected, visible))} (${d})`);
        compared++;
      }
      if (compared) console.log(`note  body: skinnedBounds equal the CLI's at ${compared} frames of a000_003004 (1e-3)`);

      // Hovering a mesh names its material and mask (the dummies off: they are hovered first).
      await page.evaluate(() => window.taescope.bodyOptions({ dummies: false }));
      s = await at(0.3);
      const canvasBox = await page.evaluate(() => { const r = document.getElementById('canvas').getBoundingClientRect(); return [r.left, r.top]; });
      const mouseTo = (x, y) => page.mouse.move(canvasBox[0] + x, canvasBox[1] + y);
      const body = await page.evaluate(() => window.taescope.modelMeshScreen(0));
      check(Array.isArray(body), `mesh 0 is not on screen: ${body}`);
      await mouseTo(body[0], body[1]);
      await frames(page, 2);
      s = await page.evaluate(() => window.taescope.state());
      check(s.model.hoveredMesh >= 0 && s.model.hoveredMaterial.length > 0, `hovering mesh 0 at ${body}: hovered ${s.model.hoveredMesh} (dummy ${JSON.stringify(s.model.hoveredDummy)}, bone ${s.pose.hoveredBone})`);
      console.log(`note  body: hovering (${body.map((x) => x.toFixed(0))}) names mesh ${s.model.hoveredMesh} ${s.model.hoveredMaterial} (mask ${s.model.hoveredMask})`);
      await page.evaluate(() => window.taescope.bodyOptions({ dummies: true }));

      // The selected event's dummies: the first event naming a dummy id that the model has.
      let named = null;
      for (const e of s.timeline.events) {
        const state = await page.evaluate((i) => window.taescope.selectEvent(i), e.index);
        if (state.model.highlightedDummies.length) { named = { event: e, state }; break; }
      }
      check(named, `no event of a000_003004 names a dummy of the model (${s.timeline.events.length} events)`);
      const ids = named.state.model.eventDummyIds;
      const lit = named.state.model.highlightedDummies;
      const byId = await page.evaluate((ids) => ids.map((id) => window.taescope.modelDummies(id)), ids);
      check(byId.flat().length === lit.length && byId.flat().every((d) => lit.includes(d.index)), `ids ${ids}: modelDummies ${JSON.stringify(byId)} vs highlighted ${lit}`);
      await page.evaluate((t) => window.taescope.setTime(t), Math.max(0, named.event.start));
      await frames(page, 2);
      s = await page.evaluate(() => window.taescope.state());
      const view = s.pose.view;
      // F over the view frames the body with the selected event's dummies (some lie past the body).
      await page.click('#canvas', { position: { x: 5, y: 12 } });
      await mouseTo((view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2);
      await frames(page, 2);
      await page.keyboard.press('f');
      await frames(page, 2);
      // Some dummies are reach points far from the body: one of them on screen is enough.
      const screens = await page.evaluate((lit) => lit.map((i) => window.taescope.modelDummyScreen(i)), lit);
      const inside = (q) => Array.isArray(q) && q[0] >= view.x0 + 2 && q[0] <= view.x1 - 2 && q[1] >= view.y0 + 2 && q[1] <= view.y1 - 2;
      const shown = lit.findIndex((_, k) => inside(screens[k]));
      check(shown >= 0, `no dummy of event #${named.event.index} is drawn inside the view: ${JSON.stringify(screens)}, view ${JSON.stringify(view)}`);
      const dummyAt = screens[shown];
      await mouseTo(dummyAt[0], dummyAt[1]);
      await frames(page, 2);
      s = await page.evaluate(() => window.taescope.state());
      const hd = s.model.hoveredDummy;
      check(hd && ids.includes(hd.referenceId) && hd.boneName.length > 0, `hovering dummy ${lit[shown]}: ${JSON.stringify(hd)}`);
      console.log(`note  body: event #${named.event.index} (type ${named.event.type}) names dummy ids ${ids}: ${lit.length} dummies highlighted; hovered dummy ${hd.index} id ${hd.referenceId} on bone ${hd.boneName}`);
      await page.screenshot({ path: path.join(shots, '42-body-c5051.png') });

      // Frame time while c5051 plays: the body shown against the skeleton only, same page.
      await mouseTo(5, 5);
      const playFor = async (options) => {
        await page.evaluate((o) => window.taescope.bodyOptions(o), options);
        await page.evaluate(() => { window.taescope.setTime(0); window.taescope.play(true); });
        await frames(page, 5);
        await startFrameClock(page);
        await page.waitForTimeout(3000);
        const gaps = await stopFrameClock(page);
        await page.evaluate(() => window.taescope.play(false));
        return gaps.slice(1);
      };
      const rounds = [];
      for (let r = 0; r < 2; r++) {
        const skeleton = await playFor({ body: false, skeleton: true, dummies: false });
        const withBody = await playFor({ body: true, skeleton: false, dummies: true });
        rounds.push({ skeleton, withBody });
      }
      const skeletonGaps = rounds.flatMap((r) => r.skeleton), bodyGaps = rounds.flatMap((r) => r.withBody);
      const ratio = mean(bodyGaps) / mean(skeletonGaps);
      console.log(`note  body: frame time while playing, body shown ${mean(bodyGaps).toFixed(1)} ms mean / ${median(bodyGaps).toFixed(1)} median (${bodyGaps.length} frames) vs skeleton only ${mean(skeletonGaps).toFixed(1)} / ${median(skeletonGaps).toFixed(1)} (${skeletonGaps.length}): ratio ${ratio.toFixed(2)}x`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('body: the model binder dropped onto the open animation binder is read without a main-thread task over 100 ms (thread CPU time of every task, traced; wall-clock frames reported)', async () => {
    if (!anibnd || !chrbnd) return missing();
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      await dropFiles(page, [{ bytes: fs.readFileSync(anibnd), name: 'c5051.anibnd.dcx' }]);
      await page.waitForFunction(() => window.taescope.state().status === 'ready', null, { timeout: 60000 });
      await frames(page);
      const browser = context.browser();
      await dropFiles(page, [{ bytes: fs.readFileSync(chrbnd), name: 'c5051.chrbnd.dcx' }], async () => {
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
        await startFrameClock(page);
      });
      const s = await modelSettled(page, frames);
      const gaps = await stopFrameClock(page);
      const traced = longestTracedTask(browser, await browser.stopTracing());
      const machine = machineIsIdle();
      const m = s.model;
      check(m.status === 'ready' && s.fileName === 'c5051.anibnd.dcx' && s.document.taeFileCount > 0, `model ${m.status} ${m.error}, shown ${s.fileName}`);
      console.log(`note  body: dropped onto the open binder: decoded in the ${s.openDecodedIn}; model read in ${m.readMilliseconds.toFixed(1)} ms of steps, longest step ${m.longestStepMilliseconds.toFixed(1)} ms (${m.longestStep}); longest frame ${Math.max(...gaps).toFixed(0)} ms over ${gaps.length} frames; traced: longest main-thread task ${traced.cpu.toFixed(1)} ms of thread CPU time (${traced.wall.toFixed(0)} ms wall); ${machine.text}`);
      check(traced.cpu < FRAME_LIMIT_MS, `a main-thread task of ${traced.cpu.toFixed(1)} ms of thread CPU time from the drop to the model drawn (limit ${FRAME_LIMIT_MS})`);
      // Wall-clock frames are reported, not judged: under SwiftShader a frame of the body view
      // alone costs tens of ms of the GPU process, and wall time is a benchmark's figure
      // (bench/browser/body_frame.mjs), not a test's. The test judges the work by thread CPU time.
      const wallOver = Math.max(...gaps) >= FRAME_LIMIT_MS || m.longestStepMilliseconds >= FRAME_LIMIT_MS;
      console.log(`note  body: wall clock ${wallOver ? 'over' : 'within'} ${FRAME_LIMIT_MS} ms (longest frame ${Math.max(...gaps).toFixed(0)} ms, longest step ${m.longestStepMilliseconds.toFixed(0)} ms; ${machine.text}${machine.idle ? '' : ', busy'})`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('body: dropped together, the animations are shown while the model binder is still decoding; the model then appears in the character view, and what the user did meanwhile (animation, playhead) stays', async () => {
    if (!anibnd || !chrbnd) return missing();
    // The decode worker's answer for the model binder (the set's second member: model binders go
    // last) is held back until the test lets it through, so that "while the model loads" is a
    // state the test can look at whatever the machine's speed.
    const { page, context, problems } = await openPage({ width: 1500, height: 900, query: '?sample=none', initScript: HOLD_MODEL_DECODE });
    try {
      const before = await page.evaluate(() => { window.__holdModelDecode = true; return window.taescope.opensFinished(); });
      await dropFiles(page, [{ bytes: fs.readFileSync(chrbnd), name: 'c5051.chrbnd.dcx' }, { bytes: fs.readFileSync(anibnd), name: 'c5051.anibnd.dcx' }]);
      await page.waitForFunction(() => window.taescope.openStatus().status === 'ready' && window.__heldModelDecode.length > 0, null, { timeout: 60000 });
      await frames(page);
      let s = await page.evaluate(() => window.taescope.state());
      check(s.status === 'ready' && s.fileName === 'c5051.anibnd.dcx' && s.document.animationCount > 0, `while the model decodes: ${s.status}, shown ${s.fileName}`);
      check(s.timeline && s.timeline.events.length > 0 && s.selection.animation >= 0, `while the model decodes: no timeline (${JSON.stringify(s.selection)})`);
      check(s.model && s.model.status === 'opening' && s.model.file === 'c5051.chrbnd.dcx', `while the model decodes: model ${JSON.stringify(s.model && { status: s.model.status, file: s.model.file })}`);
      check(s.windows.pose, 'the Pose panel is not shown while the model loads');
      // The user picks another animation and moves the playhead while the model loads.
      s = await page.evaluate(() => { window.taescope.select(0, 'a000_003004'); return window.taescope.setTime(1.0); });
      const chosen = s.selection.animation;
      check(s.selection.animationInfo && /a000_003004/.test(JSON.stringify(s.selection.animationInfo)), `selection ${JSON.stringify(s.selection)}`);
      check(s.model.status === 'opening', `the model was read before the worker's answer: ${s.model.status}`);
      await page.evaluate(() => { window.__holdModelDecode = false; for (const deliver of window.__heldModelDecode.splice(0)) deliver(); });
      await page.waitForFunction((n) => window.taescope.opensFinished() > n, before, { timeout: 60000 });
      s = await modelSettled(page, frames);
      check(s.model.status === 'ready' && s.model.meshes.length === 10 && s.model.matchedBones === 176, `model ${s.model.status} ${s.model.error}: ${s.model.meshes.length} meshes, ${s.model.matchedBones} bones matched`);
      check(s.selection.animation === chosen && Math.abs(s.timeline.time - 1.0) < 1e-6, `after the model: animation ${s.selection.animation} (chose ${chosen}), playhead ${s.timeline.time}`);
      check(s.pose.animation && /a000_003004/.test(String(s.pose.animation)) && !s.model.bindPose, `the body does not play the chosen animation: pose ${s.pose.animation}, bind pose ${s.model.bindPose}`);
      check(s.model.skinnedBounds && s.model.meshes.some((m) => m.visible), `the body is not drawn: ${JSON.stringify(s.model.skinnedBounds)}`);
      check(s.companions.includes('c5051.chrbnd.dcx') && s.companionErrors.length === 0, `companions ${JSON.stringify(s.companions)}, errors ${JSON.stringify(s.companionErrors)}`);
      check(s.open.modelMs > s.open.readyMs, `the open report: ready ${s.open.readyMs} ms, model ${s.open.modelMs} ms`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('body: a model binder alone opens as a model in its bind pose (the stored positions: bounds equal the FLVER header box); the animation binder dropped onto it makes one character', async () => {
    if (!chrbnd) return missing();
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      await dropFiles(page, [{ bytes: fs.readFileSync(chrbnd), name: 'c5051.chrbnd.dcx' }]);
      const s = await modelSettled(page, frames);
      check(s.fileName === 'c5051.chrbnd.dcx' && s.model.status === 'ready', `${s.fileName}: model ${s.model.status} ${s.model.error}`);
      check(s.model.bindPose && s.model.meshes.every((x) => x.visible), `bind pose ${s.model.bindPose}`);
      const referenceFile = corpusFile('flver-reference/eldenring__c5051.chrbnd.json');
      if (referenceFile) {
        const header = JSON.parse(fs.readFileSync(referenceFile, 'utf8')).model.header;
        const d = boxDistance(s.model.skinnedBounds, { min: header.bbox_min, max: header.bbox_max });
        check(d <= 2e-4, `bind-pose bounds ${JSON.stringify(s.model.skinnedBounds)} vs header box ${header.bbox_min} ${header.bbox_max}`);
      }
      await page.screenshot({ path: path.join(shots, '43-body-bind-pose-c5051.png') });
      // The animation binder dropped onto it: one character, the model animated.
      if (anibnd) {
        await dropFiles(page, [{ bytes: fs.readFileSync(anibnd), name: 'c5051.anibnd.dcx' }]);
        await page.waitForFunction(() => window.taescope.state().fileName === 'c5051.anibnd.dcx', null, { timeout: 60000 });
        const t = await modelSettled(page, frames);
        check(t.model.status === 'ready' && !t.model.bindPose && t.model.matchedBones === 176 && t.document.taeFileCount === 1,
          `the animations dropped onto the model: model ${t.model.status} ${t.model.error}, bind pose ${t.model.bindPose}, ${t.model.matchedBones} bones matched`);
      }
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('body: a damaged model binder (with the animation binder, or dropped onto it) shows its error; the animations still play', async () => {
    if (!anibnd || !chrbnd) return missing();
    const good = fs.readFileSync(chrbnd);
    const damaged = Buffer.from(good.subarray(0, Math.floor(good.length / 2)));  // cut in the middle of its Kraken data
    const { page, context, problems } = await openPage();
    try {
      const works = async (label) => {
        let s = await page.evaluate(() => window.taescope.select(0, 'a000_003004'));
        check(s.status === 'ready' && s.fileName === 'c5051.anibnd.dcx' && s.pose.hasClip, `${label}: ${s.status} ${s.fileName}, clip ${s.pose.hasClip} ${s.pose.reason}`);
        check(s.model && s.model.status === 'error' && s.model.error.length > 0, `${label}: model ${JSON.stringify(s.model && s.model.status)} ${s.model && s.model.error}`);
        const before = await page.evaluate(() => window.taescope.poseBone(20));
        s = await page.evaluate(() => window.taescope.setTime(1.0));
        await frames(page, 2);
        const after = await page.evaluate(() => window.taescope.poseBone(20));
        check(before && after && Math.hypot(...before.map((c, i) => c - after[i])) > 1e-3, `${label}: the skeleton does not move (${before} -> ${after})`);
        console.log(`note  body: ${label}: "${s.model.error.slice(0, 140)}"`);
      };
      await dropFiles(page, [{ bytes: fs.readFileSync(anibnd), name: 'c5051.anibnd.dcx' }, { bytes: damaged, name: 'c5051.chrbnd.dcx' }]);
      await modelSettled(page, frames);
      await works('dropped together');
      // Onto the open character: the good model first, then the damaged one replaces it.
      await dropFiles(page, [{ bytes: good, name: 'c5051.chrbnd.dcx' }]);
      await page.waitForFunction(() => window.taescope.state().model.status === 'ready', null, { timeout: 60000 });
      let s = await modelSettled(page, frames);
      check(s.model.status === 'ready' && s.fileName === 'c5051.anibnd.dcx', `the model dropped onto the character: ${s.model.status} ${s.model.error}, shown ${s.fileName}`);
      await dropFiles(page, [{ bytes: damaged, name: 'c5051.chrbnd.dcx' }]);
      await page.waitForFunction(() => window.taescope.state().model.status === 'error', null, { timeout: 60000 });
      await works('dropped onto it');
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
