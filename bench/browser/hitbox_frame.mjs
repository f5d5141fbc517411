// Browser benchmark of the hit shapes (issue 40): the page's frame time while c5051 plays an
// attack with its body and the regulation's hit shapes shown, against the same with the hit shapes
// hidden (taescope.showHitboxes), on the same page in the same run. The binders are dropped together
// on the canvas as a user drops them, the regulation opened as if dropped (decoded in its worker).
// Hidden and shown rounds alternate so that a slow stretch of the shared machine weighs on both.
// Measured as body_frame.mjs measures (frame_clock.mjs): the main thread's time inside each
// requestAnimationFrame callback, whole and outside WebGL calls, and the interval between frames;
// medians per round, then the median of the rounds. Aim (issue 40): the frame with hit shapes at
// most 1.1x the frame without.
// Real data: ../shared/corpus/eldenring/c5051.anibnd.dcx, c5051.chrbnd.dcx and regulation-1.12.bin
// (or $TAESCOPE_CORPUS); without them the benchmark prints a row that says so.
//   node bench/browser/hitbox_frame.mjs DIST_DIR [ANIMATION]
import fs from 'node:fs';
import path from 'node:path';
import { TABLE_HEADER as header, corpus, dropCharacter, launch, median, newPage, openApp, root } from './browser_bench.mjs';
import { installFrameClock } from './frame_clock.mjs';

const distDir = process.argv[2] || path.join(root, 'dist');
const animation = process.argv[3] || 'a000_003022';
const anibnd = path.join(corpus, 'eldenring/c5051.anibnd.dcx');
const chrbnd = path.join(corpus, 'eldenring/c5051.chrbnd.dcx');
const regulation = path.join(corpus, 'eldenring/regulation-1.12.bin');
const title = 'Browser: the hit shapes';
if (![anibnd, chrbnd, regulation].every((f) => fs.existsSync(f))) {
  console.log(`## ${title}\n\n${header}\n| browser: frame time playing c5051 with hit shapes | ms | - | - | - | - | skipped: c5051's binders or regulation-1.12.bin not found (corpus absent) |`);
  process.exit(0);
}
const ROUNDS = Number(process.env.TAESCOPE_BENCH_HITBOX_ROUNDS || 4);
const ROUND_SECONDS = 3;
const LIMIT = 1.1;
const fixed = (v) => v.toFixed(3);

const session = await launch(distDir);
const { browser, url, version } = session;
const rows = [];
try {
  const inputs = { 'c5051.anibnd.dcx': anibnd, 'c5051.chrbnd.dcx': chrbnd, 'regulation.bin': regulation };
  const { page, problems } = await newPage(browser, { inputs });
  await installFrameClock(page);
  await openApp(page, url, '?sample=none');
  let s = await dropCharacter(page, ['c5051.anibnd.dcx', 'c5051.chrbnd.dcx']);
  s = await page.evaluate(async () => {
    const bytes = new Uint8Array(await (await fetch('/__bench_input__/regulation.bin')).arrayBuffer());
    return window.taescope.openParams(bytes, 'regulation.bin');
  });
  await page.waitForFunction(() => { const p = window.taescope.state().params; return p && (p.phase === 'ready' || p.phase === 'failed'); }, null, { timeout: 120000 });
  s = await page.evaluate(() => window.taescope.state());
  if (s.params.phase !== 'ready') throw new Error(`the regulation did not open: ${s.params.error}`);
  await page.evaluate((name) => window.taescope.select(0, name), animation);
  await page.mouse.move(5, 5);  // no hover over the body or a shape

  // The playhead steps a frame (1/30 s) per drawn frame through the attack's first active window
  // (2.1 to 2.3 s, AtkParam 5051330: two capsules), in both rounds alike: every frame poses the
  // body, and in the shown rounds also computes and draws the live shapes. (Played at its own
  // pace, the window is live in 4 of 150 frames; paused, the page draws nothing new.)
  const measure = async (shown) => {
    await page.evaluate((on) => {
      window.taescope.play(false);
      window.taescope.showHitboxes(on);
      window.__stepping = true;
      window.__shapesSeen = 0;
      window.__shapeFrames = 0;
      window.__steps = 0;
      const tick = () => {
        if (!window.__stepping) return;
        const s = window.taescope.setTime(2.1 + (window.__steps++ % 6) / 30);
        window.__shapesSeen = Math.max(window.__shapesSeen, s.hitboxes.length);
        if (s.hitboxes.length) window.__shapeFrames++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }, shown);
    await page.waitForTimeout(400);  // settle
    const first = await page.evaluate(() => window.__frames.length);
    await page.waitForTimeout(ROUND_SECONDS * 1000);
    const spans = await page.evaluate((first) => window.__frames.slice(first), first);
    const seen = await page.evaluate(() => { window.__stepping = false; return { most: window.__shapesSeen, frames: window.__shapeFrames, playing: window.__steps > 10 }; });
    const gaps = spans.slice(1).map(([a], i) => a - spans[i][0]);
    return { whole: median(spans.map(([a, b]) => b - a)), app: median(spans.map(([a, b, gl]) => b - a - gl)),
             gl: median(spans.map(([, , gl]) => gl)), gap: median(gaps), count: spans.length, ...seen };
  };
  const hidden = [], shown = [];
  for (let round = 0; round < ROUNDS; round++) {
    hidden.push(await measure(false));
    shown.push(await measure(true));
  }
  const pick = (list, key) => median(list.map((r) => r[key]));
  const frames = hidden.reduce((n, r) => n + r.count, 0) + shown.reduce((n, r) => n + r.count, 0);
  const note = `c5051 ${animation} playing with its body and regulation ${s.params.version}; at most ${Math.max(...shown.map((r) => r.most))} shapes live in a frame, the playhead stepped 1/30 s a frame through the live window 2.1-2.3 s (shapes live in ${shown.reduce((n, r) => n + r.frames, 0)} of the shown rounds' steps; hidden rounds: the same steps, no shape computed or drawn); ${ROUNDS} rounds of ${ROUND_SECONDS} s each way, alternating; medians of the round medians; ${frames} frames; stepping in every round ${[...hidden, ...shown].every((r) => r.playing)}`;
  const whole = [pick(shown, 'whole'), pick(hidden, 'whole')];
  const app = [pick(shown, 'app'), pick(hidden, 'app')];
  const gap = [pick(shown, 'gap'), pick(hidden, 'gap')];
  const verdict = (r) => `${r <= LIMIT ? 'aim met' : 'aim NOT met'} (<= ${LIMIT})`;
  rows.push(`| browser: whole frame on the main thread, hit shapes shown, c5051 ${animation} stepped through its attack (median) | ms | ${fixed(whole[0])} | hit shapes hidden, the same steps, same page, same run | ${fixed(whole[1])} | ${(whole[0] / whole[1]).toFixed(2)} | ${verdict(whole[0] / whole[1])}; the requestAnimationFrame callback, including waiting inside WebGL calls (median GL time shown ${fixed(pick(shown, 'gl'))}, hidden ${fixed(pick(hidden, 'gl'))} ms); ${note}; per round shown ${shown.map((r) => fixed(r.whole)).join('/')}, hidden ${hidden.map((r) => fixed(r.whole)).join('/')} |`);
  rows.push(`| browser: frame time (interval between frames), hit shapes shown, c5051 ${animation} stepped through its attack (median) | ms | ${fixed(gap[0])} | hit shapes hidden, same run | ${fixed(gap[1])} | ${(gap[0] / gap[1]).toFixed(2)} | rAF to rAF: includes SwiftShader drawing in the GPU process; per round shown ${shown.map((r) => fixed(r.gap)).join('/')}, hidden ${hidden.map((r) => fixed(r.gap)).join('/')} |`);
  rows.push(`| browser: frame time outside WebGL calls, hit shapes shown, c5051 ${animation} stepped through its attack (median) | ms | ${fixed(app[0])} | hit shapes hidden, same run | ${fixed(app[1])} | ${(app[0] / app[1]).toFixed(2)} | our code per frame (ImGui, panels, the pose, the chain's shapes at the playhead) |`);
  if (problems.length) rows.push(`| browser: page errors | - | ${problems.length} | - | 0 | 0 | ${problems.join('; ').slice(0, 300)} |`);
} catch (error) {
  rows.push(`| browser: frame time playing c5051 with hit shapes | ms | - | - | - | - | FAILED: ${String(error.message).split('\n')[0]} |`);
} finally {
  await session.close();
}
console.log(`## ${title} (headless Chromium ${version}, SwiftShader WebGL2)\n\n${header}\n${rows.join('\n')}`);
