// End-to-end tests of the Pose panel (issue 26): an Elden Ring binder's skeleton and Havok
// animation drawn at the playhead. What the panel shows is read back through state().pose and
// taescope.poseBone(i), and compared with the `taescope pose --model` command line (the same
// engine, natively) when a native build of it is there. Called by run-e2e.mjs with its helpers.
// Real data: ../shared/corpus/eldenring/c5051.anibnd.dcx (176 bones, 110 animations; skipped
// without the corpus).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The native CLI, if one was built: $TAESCOPE_CLI, else the build trees ./test and ./run use.
function findCli(root) {
  const candidates = [process.env.TAESCOPE_CLI, 'build/native/taescope', 'build/release/taescope', 'build/rel/taescope',
    'build/dbg/taescope', 'build/x/taescope'].filter(Boolean).map((p) => path.resolve(root, p));
  return candidates.find((p) => fs.existsSync(p)) || null;
}

// The first `model_positions` in the CLI's JSON answer (a list of [x, y, z] per bone).
function findModelPositions(value) {
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value.model_positions)) return value.model_positions;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const found = findModelPositions(child);
    if (found) return found;
  }
  return null;
}

// The CLI's model-space positions at `frame`, or a string saying why there are none.
function cliPositions(cli, file, animation, frame) {
  if (!cli) return 'no native taescope build found (build/native/taescope, or set TAESCOPE_CLI)';
  let text;
  try {
    text = execFileSync(cli, ['pose', file, '--anim', animation, '--frames', String(frame), '--model', '--json'],
      { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 }).toString();
  } catch (error) {
    return `${cli} pose --model failed (${String(error.stderr || error.message).split('\n')[0]}): the CLI may predate it`;
  }
  const positions = findModelPositions(JSON.parse(text));
  return positions || `${cli} pose printed no model_positions`;
}

// Model-space positions of bones 0..9 from the independent Havok reader's values in
// ../shared/corpus/havok-reference (parents and local transforms of tracks 0..9 at sampled
// frames, 4 decimals): parent ∘ local composed here, without root motion.
function rotate(q, v) {
  const [x, y, z, w] = q;
  const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
  return [v[0] + w * t[0] + (y * t[2] - z * t[1]), v[1] + w * t[1] + (z * t[0] - x * t[2]), v[2] + w * t[2] + (x * t[1] - y * t[0])];
}
function multiply(a, b) {
  return [a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]];
}
function referenceModelPositions(reference, animation, frame) {
  const a = reference.animations.find((x) => x.name === `${animation}.hkx`);
  const locals = a && a.frames[String(frame)];
  if (!locals) return null;
  const bones = reference.skeleton.first_bones;
  const model = [];
  for (let b = 0; b < locals.length && b < bones.length; b++) {
    if (a.track_to_bone_first10[b] !== b) return null;  // the composition below assumes track k is bone k
    const [t, q] = locals[b];
    const p = bones[b].parent;
    if (p < 0) model.push({ t, q });
    else if (p < b) model.push({ t: rotate(model[p].q, t).map((c, i) => c + model[p].t[i]), q: multiply(model[p].q, q) });
    else return null;
  }
  return model.map((m) => m.t);
}

// A character split over two binders, as a player's is (c0000.anibnd.dcx holds the TAE and the
// skeleton, c0000_a000_hi.anibnd.dcx the animations): made from c5051's BND4 payload by renaming
// members in place (UTF-16 names, same lengths), so that each binder has only its part under a
// name the engine recognises. The main one keeps the TAE, skeleton and compendium (its animation
// members renamed zNNN_NNNNNN.hkx); the other keeps the animations (its .tae, skeleton and
// compendium renamed away).
function splitC5051(file) {
  const dcx = fs.readFileSync(file);
  const payload = zlib.inflateSync(dcx.subarray(0x4c, 0x4c + dcx.readUInt32BE(0x20)));
  const rename = (bytes, pattern, replace) => {
    const text = bytes.toString('latin1');  // UTF-16LE code units as byte pairs
    let count = 0;
    for (const m of text.matchAll(pattern)) {
      Buffer.from(replace(m[0]), 'latin1').copy(bytes, m.index);
      count++;
    }
    return count;
  };
  const u16 = (s) => s.split('').map((c) => c + '\0').join('');
  const escaped = (s) => u16(s).replace(/[.\\]/g, (c) => '\\' + c);
  const main = Buffer.from(payload), animations = Buffer.from(payload);
  const animationName = new RegExp(`${escaped('\\a')}((\\d\\0){3})${escaped('_')}((\\d\\0){6})${escaped('.hkx')}`, 'g');
  const renamed = rename(main, animationName, (m) => m.replace(u16('\\a'), u16('\\z')));
  let others = 0;
  for (const [from, to] of [['.tae', '.tax'], ['skeleton.hkx', 'skeleton.hkz'], ['.compendium', '.compendiux']])
    others += rename(animations, new RegExp(escaped(from), 'g'), () => u16(to));
  return { main, animations, renamed, others };
}

const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

export async function poseTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root }) {
  await test('pose: c5051 a000_003022 shows 176 bones at the clip\'s 60 fps; bone positions equal the CLI\'s, move between frames and with Play', async () => {
    const file = corpusFile('eldenring/c5051.anibnd.dcx');
    if (!file) {
      console.log('note  corpus eldenring/c5051.anibnd.dcx not found: the Pose panel test is skipped');
      return 'skip';
    }
    const { page, context, problems } = await openPage({ width: 1500, height: 860 });
    try {
      let s = await dropFile(page, fs.readFileSync(file), 'c5051.anibnd.dcx');
      check(s.status === 'ready', `status ${s.status}: ${s.error && s.error.text}`);
      s = await page.evaluate(() => window.taescope.select(0, 'a000_003022'));
      s = await page.evaluate(() => window.taescope.showPose(true));
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      const p = s.pose;
      check(p.shown && p.renderer === 'shader', `pose panel shown ${p.shown}, renderer ${p.renderer}`);
      check(p.boneCount === 176, `bone count ${p.boneCount} (${p.skeletonError})`);
      check(p.hasClip && p.lengthKnown, `no clip: ${p.reason}`);
      check(p.frameCount === 301, `frame count ${p.frameCount}`);
      check(Math.abs(p.frameRate - 60) < 1e-3, `frame rate ${p.frameRate}`);
      check(Math.abs(p.duration - 300 * p.frameDuration) < 1e-6, `duration ${p.duration} for 301 frames of ${p.frameDuration}`);
      check(Math.abs(s.timeline.frameRate - 60) < 1e-3, `timeline plays at ${s.timeline.frameRate} fps`);
      check(Math.abs(s.timeline.trueLength - p.duration) < 1e-9, `timeline true end ${s.timeline.trueLength}`);
      // Events that start after the true end are flagged irregular (the rule, written again here).
      const late = s.timeline.events.filter((e) => Number.isFinite(e.start) && e.start > p.duration + 1e-6);
      check(s.timeline.events.every((e) => e.afterEnd === late.includes(e) && (!e.afterEnd || e.irregular)),
        `after-end flags: ${JSON.stringify(s.timeline.events.filter((e) => e.afterEnd !== late.includes(e)).map((e) => [e.index, e.start]))}`);
      console.log(`note  pose: a000_003022 ends at ${p.duration.toFixed(4)} s; ${late.length} of ${s.timeline.events.length} events start after it (flagged after-end)`);

      const cli = findCli(root);
      const last = p.boneCount - 1;
      const at = async (frame) => {
        await page.evaluate((t) => window.taescope.setTime(t), frame * p.frameDuration);
        return page.evaluate(([last]) => ({ state: window.taescope.state(), bone10: window.taescope.poseBone(10),
          last: window.taescope.poseBone(last), all: Array.from({ length: last + 1 }, (_, i) => window.taescope.poseBone(i)) }), [last]);
      };
      let compared = 0;
      for (const frame of [0, 37, 150, 300]) {
        const shown = await at(frame);
        check(shown.state.pose.frame === frame, `time ${frame} frames: pose frame ${shown.state.pose.frame}`);
        check(shown.bone10 && shown.last && shown.bone10.length === 3, `poseBone: ${JSON.stringify(shown.bone10)}`);
        const expected = cliPositions(cli, file, 'a000_003022', frame);
        if (typeof expected === 'string') {
          if (frame === 0) console.log(`note  pose: the comparison with the CLI is skipped: ${expected}`);
          continue;
        }
        check(expected.length === p.boneCount, `CLI gives ${expected.length} bones`);
        for (const b of [10, last]) {
          const d = distance(shown.all[b], expected[b]);
          check(d <= 1e-3, `frame ${frame} bone ${b}: page ${JSON.stringify(shown.all[b])}, CLI ${JSON.stringify(expected[b])} (${d})`);
        }
        let worst = 0;
        for (let b = 0; b < p.boneCount; b++) worst = Math.max(worst, distance(shown.all[b], expected[b]));
        check(worst <= 1e-3, `frame ${frame}: a bone is ${worst} from the CLI's`);
        compared++;
      }
      if (compared) console.log(`note  pose: page and CLI agree on all 176 bones at ${compared} frames (1e-3)`);

      // An oracle outside our engine: bones 0..9 composed from the independent reader's local
      // transforms (havok-reference), root motion off, at every frame it sampled.
      const referenceFile = corpusFile('havok-reference/eldenring__c5051.anibnd.json');
      if (referenceFile) {
        const reference = JSON.parse(fs.readFileSync(referenceFile, 'utf8'));
        await page.evaluate(() => window.taescope.poseRootMotion(false));
        const sampled = Object.keys(reference.animations.find((x) => x.name === 'a000_003022.hkx').frames).map(Number);
        let worst = 0;
        for (const frame of sampled) {
          const expected = referenceModelPositions(reference, 'a000_003022', frame);
          check(expected && expected.length === 10, `no reference composition at frame ${frame}`);
          const shown = await at(frame);
          for (let b = 0; b < expected.length; b++) {
            const d = distance(shown.all[b], expected[b]);
            worst = Math.max(worst, d);
            check(d <= 3e-3, `frame ${frame} bone ${b}: page ${JSON.stringify(shown.all[b])}, reference ${JSON.stringify(expected[b])}`);
          }
        }
        // Root motion on moves every bone by the reference's root-motion sample at that frame.
        const rootSamples = reference.animations.find((x) => x.name === 'a000_003022.hkx').root_motion.samples;
        const still = await at(300);
        await page.evaluate(() => window.taescope.poseRootMotion(true));
        const moved = await at(300);
        const shift = moved.all[0].map((c, i) => c - still.all[0][i]);
        check(distance(shift, rootSamples['300']) <= 2e-3, `root motion at frame 300 moved the root by ${JSON.stringify(shift)}, reference ${JSON.stringify(rootSamples['300'])}`);
        console.log(`note  pose: bones 0..9 within ${worst.toExponential(2)} of the independent reference at frames ${sampled.join(', ')}; root motion matches`);
      } else {
        console.log('note  havok-reference/eldenring__c5051.anibnd.json not found: the reference comparison is skipped');
      }

      // The pose moves between frames (some bone by more than a millimetre).
      const a = await at(100), b = await at(110);
      let moved = 0;
      for (let i = 0; i <= last; i++) moved = Math.max(moved, distance(a.all[i], b.all[i]));
      check(moved > 1e-3, `no bone moved between frames 100 and 110 (${moved})`);

      // A frame step is one clip frame (1/60 s), and the pose follows it.
      await page.click('#canvas', { position: { x: 5, y: 12 } });
      await frames(page);
      await page.keyboard.press('ArrowRight');
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.pose.frame === 111, `after Right from frame 110: pose frame ${s.pose.frame}, time ${s.timeline.time}`);

      // Play advances the pose.
      await at(0);
      await page.evaluate(() => window.taescope.play(true));
      await page.waitForFunction(() => window.taescope.state().pose.frame >= 5, null, { timeout: 60000 });
      s = await page.evaluate(() => window.taescope.state());
      const playing = await page.evaluate(() => window.taescope.poseBone(10));
      await page.evaluate(() => window.taescope.play(false));
      check(s.timeline.playing && s.pose.frame >= 5, `playing ${s.timeline.playing}, frame ${s.pose.frame}`);
      check(Number.isInteger(s.pose.frame), `playback landed between frames: ${s.pose.frame}`);
      check(Array.isArray(playing) && playing.length === 3, 'bone 10 has no position while playing');

      // The camera frames the character and follows its root motion: every joint is inside the view.
      const view = (await page.evaluate(() => window.taescope.state())).pose.view;
      check(view.x1 - view.x0 > 100 && view.y1 - view.y0 > 100, `pose view ${JSON.stringify(view)}`);
      // The app's coordinates are the canvas's CSS pixels; the mouse's are the page's.
      const canvasBox = await page.evaluate(() => { const r = document.getElementById('canvas').getBoundingClientRect(); return [r.left, r.top]; });
      const mouseTo = (x, y, options) => page.mouse.move(canvasBox[0] + x, canvasBox[1] + y, options);
      // F over the view frames the pose shown.
      await at(150);
      await mouseTo((view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2);
      await frames(page);
      await page.keyboard.press('f');
      await frames(page);
      const onScreen = async () => {
        const screen = await page.evaluate((n) => Array.from({ length: n }, (_, i) => window.taescope.poseBoneScreen(i)), p.boneCount);
        return { screen, outside: screen.filter((q) => !q || q[0] < view.x0 || q[0] > view.x1 || q[1] < view.y0 || q[1] > view.y1).length };
      };
      let { screen, outside } = await onScreen();
      check(outside === 0, `${outside} joints outside the view at frame 150 after F`);
      // 20 frames later the root has moved on (about 2 m); the camera follows it.
      await at(170);
      await frames(page);
      ({ outside } = await onScreen());
      check(outside < p.boneCount / 10, `${outside} joints outside the view at frame 170: the camera does not follow the root`);
      await at(150);
      await frames(page);
      ({ screen } = await onScreen());
      // Hovering a joint names its bone (the nearest joint to the mouse, within a few pixels).
      const target = screen[p.boneCount - 1];
      await mouseTo(target[0], target[1]);
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      const hovered = s.pose.hoveredBone;
      check(hovered >= 0 && s.pose.hoveredBoneName.length > 0, `hovering joint ${p.boneCount - 1} at ${target}: hovered ${hovered}`);
      check(distance([...screen[hovered], 0], [...target, 0]) < 9, `hovered bone ${hovered} is drawn at ${screen[hovered]}, the mouse at ${target}`);
      // Orbit (left drag) turns the camera; the wheel zooms.
      const before = s.pose.view;
      await mouseTo((view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2);
      await page.mouse.down();
      await mouseTo((view.x0 + view.x1) / 2 + 80, (view.y0 + view.y1) / 2 + 10, { steps: 4 });
      await page.mouse.up();
      await page.mouse.wheel(0, -240);
      await frames(page);
      const after = (await page.evaluate(() => window.taescope.state())).pose.view;
      check(after.yaw !== before.yaw && after.distance < before.distance, `orbit/zoom: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
      await page.keyboard.press('f');
      await frames(page);
      await mouseTo(target[0], target[1]);
      await frames(page);
      await page.screenshot({ path: path.join(shots, '40-pose-c5051.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('timeline: Sekiro c5070 a000_003000 ends at its Havok duration (2.3667 s); the event starting at 3.0667 s is flagged after-end', async () => {
    const file = corpusFile('sekiro/c5070.anibnd.dcx');
    if (!file) return 'skip';
    const { page, context, problems } = await openPage();
    try {
      await dropFile(page, fs.readFileSync(file), 'c5070.anibnd.dcx');
      const s = await page.evaluate(() => window.taescope.select(0, 'a000_003000'));
      check(Math.abs(s.timeline.trueLength - 2.3667) < 1e-3, `true end ${s.timeline.trueLength}, ${s.pose.frameCount} frames`);
      check(Math.abs(s.timeline.trueLength - (s.pose.frameCount - 1) * s.pose.frameDuration) < 1e-6, `true end ${s.timeline.trueLength} vs ${s.pose.frameCount} frames of ${s.pose.frameDuration}`);
      check(Math.abs(s.timeline.frameRate - 30) < 1e-3, `frame rate ${s.timeline.frameRate}`);
      const late = s.timeline.events.filter((e) => e.afterEnd);
      check(late.length === 1 && Math.abs(late[0].start - 3.0667) < 1e-3 && late[0].irregular, `after-end events ${JSON.stringify(late)}`);
      check(s.timeline.events.filter((e) => e.start > s.timeline.trueLength + 1e-6).length === 1, 'the rule and the flags disagree');
      await frames(page);
      await page.screenshot({ path: path.join(shots, '41-true-end-c5070.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('pose: a loose TAE has no skeleton; the panel says why and the timeline keeps its 30 fps', async () => {
    const file = corpusFile('eldenring/c0000-a512.tae');
    if (!file) return 'skip';
    const { page, context, problems } = await openPage();
    try {
      let s = await dropFile(page, fs.readFileSync(file), 'a512.tae');
      s = await page.evaluate(() => window.taescope.showPose(true));
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.pose.boneCount === 0 && s.pose.skeletonError.length > 0, `bones ${s.pose.boneCount}, ${s.pose.skeletonError}`);
      check(!s.pose.hasClip && s.pose.reason.length > 0, `clip ${s.pose.hasClip}, reason "${s.pose.reason}"`);
      check(s.timeline.frameRate === 30 && s.timeline.trueLength === -1, `timeline ${s.timeline.frameRate} fps, true end ${s.timeline.trueLength}`);
      check(s.timeline.events.every((e) => !e.afterEnd), 'an event is flagged after an end that is not known');
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('pose: two binders of one character (TAE + skeleton, animations) open together in either order; the animation comes from the companion', async () => {
    const file = corpusFile('eldenring/c5051.anibnd.dcx');
    if (!file) return 'skip';
    const split = splitC5051(file);
    check(split.renamed === 110 && split.others === 3, `split renamed ${split.renamed} animation members and ${split.others} others`);
    const { page, context, problems } = await openPage();
    try {
      // Alone, the main binder has the skeleton but no animation member: the reference pose and why.
      let s = await dropFile(page, split.main, 'c5051-main.anibnd');
      check(s.status === 'ready', `main alone: ${s.status} ${s.error && s.error.text}`);
      s = await page.evaluate(() => window.taescope.select(0, 'a000_003022'));
      check(s.pose.boneCount === 176 && !s.pose.hasClip && /a000_003022/.test(s.pose.reason), `main alone: ${s.pose.boneCount} bones, clip ${s.pose.hasClip}, reason "${s.pose.reason}"`);
      check(s.timeline.frameRate === 30, `no clip, yet the timeline plays at ${s.timeline.frameRate} fps`);
      const alone = s.document.animationCount;
      for (const order of [['animations', 'main'], ['main', 'animations']]) {
        const files = order.map((k) => ({ base64: (k === 'main' ? split.main : split.animations).toString('base64'), name: k === 'main' ? 'c5051-main.anibnd' : 'c5051-anims.anibnd' }));
        s = await page.evaluate(async (files) => window.taescope.openSet(files.map((f) => {
          const binary = atob(f.base64);
          const bytes = new Uint8Array(binary.length);
          for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
          return { bytes, name: f.name };
        })), files);
        check(s.status === 'ready' && s.fileName === 'c5051-main.anibnd', `${order}: shown ${s.fileName} (${s.status})`);
        check(s.companions.length === 1 && s.companions[0] === 'c5051-anims.anibnd', `${order}: companions ${JSON.stringify(s.companions)} ${JSON.stringify(s.companionErrors)}`);
        check(s.document.taeFileCount === 1 && s.document.animationCount === alone, `${order}: ${s.document.animationCount} animations, ${alone} alone`);
        s = await page.evaluate(() => window.taescope.select(0, 'a000_003022'));
        check(s.pose.hasClip && s.pose.boneCount === 176 && s.pose.frameCount === 301, `${order}: clip ${s.pose.hasClip} (${s.pose.reason}), ${s.pose.boneCount} bones, ${s.pose.frameCount} frames`);
      }
      // The same pose as from the whole binder.
      await page.evaluate((t) => window.taescope.setTime(t), 150 / 60);
      const fromSet = await page.evaluate(() => [window.taescope.state().pose.frame, window.taescope.poseBone(175)]);
      s = await dropFile(page, fs.readFileSync(file), 'c5051.anibnd.dcx');
      check(s.companions.length === 0, `a single open kept companions: ${JSON.stringify(s.companions)}`);
      s = await page.evaluate(() => window.taescope.select(0, 'a000_003022'));
      await page.evaluate((t) => window.taescope.setTime(t), 150 / 60);
      const whole = await page.evaluate(() => [window.taescope.state().pose.frame, window.taescope.poseBone(175)]);
      check(fromSet[0] === whole[0] && distance(fromSet[1], whole[1]) < 1e-9, `split ${JSON.stringify(fromSet)} vs whole ${JSON.stringify(whole)}`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
