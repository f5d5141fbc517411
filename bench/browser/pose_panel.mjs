// Browser benchmark of the Pose panel (issue 26): CPU time per frame while a 176-bone Elden Ring
// animation plays, with the Pose panel open against the same page with it closed, in the same
// run. Closed and open alternate in rounds (closed, open, closed, open, ...) so that a slow
// stretch of the shared machine weighs on both. Measured as open_and_play.mjs measures: the
// main thread's time inside each requestAnimationFrame callback, with and without the time
// inside WebGL calls (SwiftShader makes those wait for the GPU process); medians per round.
// Target: at most 1 ms more per frame with the panel open.
// Real data: ../shared/corpus/eldenring/c5051.anibnd.dcx (or $TAESCOPE_CORPUS); without it the
// benchmark prints a row that says so.
//   node bench/browser/pose_panel.mjs DIST_DIR [ANIMATION]
import fs from 'node:fs';
import path from 'node:path';
import { TABLE_HEADER as header, corpus, launch, median, newPage, openApp, root } from './browser_bench.mjs';
import { installFrameClock } from './frame_clock.mjs';

const distDir = process.argv[2] || path.join(root, 'dist');
const animation = process.argv[3] || 'a000_003022';
const input = path.join(corpus, 'eldenring/c5051.anibnd.dcx');
if (!fs.existsSync(input)) {
  console.log(`## Browser: Pose panel\n\n${header}\n| browser: Pose panel playing c5051 | ms | - | - | - | - | skipped: ${input} not found (corpus absent) |`);
  process.exit(0);
}
const ROUNDS = Number(process.env.TAESCOPE_BENCH_POSE_ROUNDS || 4);
const ROUND_SECONDS = 3;
const fixed = (v) => v.toFixed(3);

const session = await launch(distDir);
const { browser, url, version } = session;
const rows = [];
try {
  const { page, problems } = await newPage(browser, { inputs: { 'c5051.anibnd.dcx': input } });
  await installFrameClock(page);
  await openApp(page, url, '?sample=none');
  const opened = await page.evaluate(async () => {
    const bytes = new Uint8Array(await (await fetch('/__bench_input__/c5051.anibnd.dcx')).arrayBuffer());
    return window.taescope.open(bytes, 'c5051.anibnd.dcx');
  });
  if (opened.status !== 'ready') throw new Error(`c5051 did not open: ${opened.error && opened.error.text}`);
  const selected = await page.evaluate((name) => window.taescope.select(0, name), animation);
  const pose = await page.evaluate(() => { window.taescope.showPose(true); return window.taescope.state().pose; });
  if (pose.boneCount !== 176 || !pose.hasClip) throw new Error(`${animation}: ${pose.boneCount} bones, clip ${pose.hasClip} (${pose.reason})`);

  const measure = async (open) => {
    await page.evaluate((open) => { window.taescope.showPose(open); window.taescope.play(true); }, open);
    await page.waitForTimeout(400);  // settle: layout, the first frames of the panel
    const first = await page.evaluate(() => window.__frames.length);
    const frameBefore = (await page.evaluate(() => window.taescope.state())).pose.frame;
    await page.waitForTimeout(ROUND_SECONDS * 1000);
    const spans = await page.evaluate((first) => window.__frames.slice(first), first);
    const s = await page.evaluate(() => window.taescope.state());
    return { whole: median(spans.map(([a, b]) => b - a)), app: median(spans.map(([a, b, gl]) => b - a - gl)),
             gl: median(spans.map(([, , gl]) => gl)), count: spans.length, playing: s.timeline.playing, shown: s.pose.shown,
             moved: s.pose.frame !== frameBefore };
  };
  const closed = [], open = [];
  for (let round = 0; round < ROUNDS; round++) {
    closed.push(await measure(false));
    open.push(await measure(true));
  }
  await page.evaluate(() => window.taescope.play(false));
  const pick = (list, key) => median(list.map((r) => r[key]));
  const app = [pick(open, 'app'), pick(closed, 'app')], whole = [pick(open, 'whole'), pick(closed, 'whole')];
  const frames = open.reduce((n, r) => n + r.count, 0) + closed.reduce((n, r) => n + r.count, 0);
  const ok = (delta) => (delta <= 1 ? 'target met' : 'target NOT met');
  const note = `${animation} (176 bones, ${selected.pose ? selected.pose.frameCount : pose.frameCount} frames at ${pose.frameRate.toFixed(0)} fps) playing; ${ROUNDS} rounds of ${ROUND_SECONDS} s each way, alternating; medians of the round medians; ${frames} frames; open rounds: panel shown ${open.every((r) => r.shown)}, pose moving ${open.every((r) => r.moved)}`;
  rows.push(`| browser: frame time outside WebGL calls, Pose panel open, playing c5051 ${animation} (median) | ms | ${fixed(app[0])} | Pose panel closed, same animation playing, same run | ${fixed(app[1])} | ${(app[0] / app[1]).toFixed(2)} | ${ok(app[0] - app[1])}: ${(app[0] - app[1]).toFixed(3)} ms more (<= 1 ms); ${note}; per round open ${open.map((r) => fixed(r.app)).join('/')}, closed ${closed.map((r) => fixed(r.app)).join('/')} |`);
  rows.push(`| browser: whole frame on the main thread, Pose panel open, playing c5051 ${animation} (median) | ms | ${fixed(whole[0])} | Pose panel closed, same run | ${fixed(whole[1])} | ${(whole[0] / whole[1]).toFixed(2)} | ${(whole[0] - whole[1]).toFixed(3)} ms more; includes waiting inside WebGL calls for SwiftShader (median GL time open ${fixed(pick(open, 'gl'))}, closed ${fixed(pick(closed, 'gl'))} ms) |`);
  if (problems.length) rows.push(`| browser: page errors | - | ${problems.length} | - | 0 | 0 | ${problems.join('; ').slice(0, 300)} |`);
} finally {
  await session.close();
}
console.log(`## Browser: Pose panel (headless Chromium ${version}, SwiftShader WebGL2)\n\n${header}\n${rows.join('\n')}`);
