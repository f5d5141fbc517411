// Browser benchmark of the character's body (issue 32): the page's frame time while c5051 plays
// with the body shown (the FLVER model skinned on the GPU, dummies drawn) against the skeleton only,
// on the same page in the same run. The two binders are dropped together on the canvas as a user
// drops them (tests/e2e/body-tests.mjs does the same); the view is switched with
// taescope.bodyOptions(). Skeleton-only and body rounds alternate so that a slow stretch of the
// shared machine weighs on both. Measured as pose_panel.mjs measures (frame_clock.mjs): the main
// thread's time inside each requestAnimationFrame callback, whole and outside WebGL calls, and the
// interval between frames; medians per round, then the median of the rounds. Aim: the frame time
// (interval between frames, as tests/e2e/body-tests.mjs reports it) and the main thread's time per
// frame with the body at most 1.5x the skeleton only's.
// Real data: ../shared/corpus/eldenring/c5051.anibnd.dcx and c5051.chrbnd.dcx (or $TAESCOPE_CORPUS);
// without them the benchmark prints a row that says so.
//   node bench/browser/body_frame.mjs DIST_DIR [ANIMATION]
import fs from 'node:fs';
import path from 'node:path';
import { TABLE_HEADER as header, corpus, dropCharacter, launch, median, newPage, openApp, root } from './browser_bench.mjs';
import { installFrameClock } from './frame_clock.mjs';

const distDir = process.argv[2] || path.join(root, 'dist');
const animation = process.argv[3] || 'a000_003022';
const anibnd = path.join(corpus, 'eldenring/c5051.anibnd.dcx');
const chrbnd = path.join(corpus, 'eldenring/c5051.chrbnd.dcx');
const title = 'Browser: the character\'s body';
if (!fs.existsSync(anibnd) || !fs.existsSync(chrbnd)) {
  console.log(`## ${title}\n\n${header}\n| browser: frame time playing c5051 with the body | ms | - | - | - | - | skipped: ${anibnd} or ${chrbnd} not found (corpus absent) |`);
  process.exit(0);
}
const ROUNDS = Number(process.env.TAESCOPE_BENCH_BODY_ROUNDS || 4);
const ROUND_SECONDS = 3;
const LIMIT = 1.5;
const fixed = (v) => v.toFixed(3);

const session = await launch(distDir);
const { browser, url, version } = session;
const rows = [];
try {
  const inputs = { 'c5051.anibnd.dcx': anibnd, 'c5051.chrbnd.dcx': chrbnd };
  const { page, problems } = await newPage(browser, { inputs });
  await installFrameClock(page);
  await openApp(page, url, '?sample=none');
  // Both binders dropped together on the canvas (a DragEvent carrying two Files).
  let s = await dropCharacter(page, Object.keys(inputs));
  const model = s.model;
  await page.evaluate((name) => window.taescope.select(0, name), animation);
  await page.mouse.move(5, 5);  // no hover highlight over the body

  const measure = async (options) => {
    await page.evaluate((o) => { window.taescope.bodyOptions(o); window.taescope.play(true); }, options);
    await page.waitForTimeout(400);  // settle: the first frames of the view
    const first = await page.evaluate(() => window.__frames.length);
    await page.waitForTimeout(ROUND_SECONDS * 1000);
    const spans = await page.evaluate((first) => window.__frames.slice(first), first);
    const state = await page.evaluate(() => window.taescope.state());
    const gaps = spans.slice(1).map(([a], i) => a - spans[i][0]);
    return { whole: median(spans.map(([a, b]) => b - a)), app: median(spans.map(([a, b, gl]) => b - a - gl)),
             gl: median(spans.map(([, , gl]) => gl)), gap: median(gaps), count: spans.length, playing: state.timeline.playing,
             renderer: state.model ? state.model.renderer : 'none' };
  };
  const skeleton = [], body = [];
  for (let round = 0; round < ROUNDS; round++) {
    skeleton.push(await measure({ body: false, skeleton: true, dummies: false }));
    body.push(await measure({ body: true, skeleton: false, dummies: true }));
  }
  await page.evaluate(() => window.taescope.play(false));
  s = await page.evaluate(() => window.taescope.state());
  const pick = (list, key) => median(list.map((r) => r[key]));
  const frames = skeleton.reduce((n, r) => n + r.count, 0) + body.reduce((n, r) => n + r.count, 0);
  const vertices = (model.meshes || []).reduce((n, m) => n + (m.vertices || m.vertexCount || 0), 0);
  const note = `c5051 ${animation} playing with c5051.chrbnd.dcx (${(model.meshes || []).length} meshes${vertices ? `, ${vertices} vertices` : ''}, ${model.bones} bones, ${model.matchedBones} matched, renderer in the body rounds: ${[...new Set(body.map((r) => r.renderer))].join(', ')}); ${ROUNDS} rounds of ${ROUND_SECONDS} s each way, alternating; medians of the round medians; ${frames} frames; playing in every round ${[...skeleton, ...body].every((r) => r.playing)}`;
  const whole = [pick(body, 'whole'), pick(skeleton, 'whole')];
  const app = [pick(body, 'app'), pick(skeleton, 'app')];
  const gap = [pick(body, 'gap'), pick(skeleton, 'gap')];
  const ratio = whole[0] / whole[1];
  const gapRatio = gap[0] / gap[1];
  const verdict = (r) => `${r <= LIMIT ? 'aim met' : 'aim NOT met'} (<= ${LIMIT})`;
  rows.push(`| browser: frame time (interval between frames), body shown, playing c5051 ${animation} (median) | ms | ${fixed(gap[0])} | skeleton only, same animation playing, same page, same run | ${fixed(gap[1])} | ${gapRatio.toFixed(2)} | ${verdict(gapRatio)}; rAF to rAF, as the e2e body test reports it: includes SwiftShader drawing the body in the GPU process; ${note}; per round body ${body.map((r) => fixed(r.gap)).join('/')}, skeleton ${skeleton.map((r) => fixed(r.gap)).join('/')} |`);
  rows.push(`| browser: whole frame on the main thread, body shown, playing c5051 ${animation} (median) | ms | ${fixed(whole[0])} | skeleton only, same run | ${fixed(whole[1])} | ${ratio.toFixed(2)} | ${verdict(ratio)}; the requestAnimationFrame callback, including waiting inside WebGL calls (median GL time body ${fixed(pick(body, 'gl'))}, skeleton ${fixed(pick(skeleton, 'gl'))} ms); per round body ${body.map((r) => fixed(r.whole)).join('/')}, skeleton ${skeleton.map((r) => fixed(r.whole)).join('/')} |`);
  rows.push(`| browser: frame time outside WebGL calls, body shown, playing c5051 ${animation} (median) | ms | ${fixed(app[0])} | skeleton only, same run | ${fixed(app[1])} | ${(app[0] / app[1]).toFixed(2)} | our code per frame (ImGui, panels, the pose and skin matrices) |`);
  if (problems.length) rows.push(`| browser: page errors | - | ${problems.length} | - | 0 | 0 | ${problems.join('; ').slice(0, 300)} |`);
} catch (error) {
  // A failure is a row, so that the browser rows before this one still reach docs/benchmarks.md.
  rows.push(`| browser: frame time playing c5051 with the body | ms | - | - | - | - | FAILED: ${String(error.message).split('\n')[0]} |`);
} finally {
  await session.close();
}
console.log(`## ${title} (headless Chromium ${version}, SwiftShader WebGL2)\n\n${header}\n${rows.join('\n')}`);
