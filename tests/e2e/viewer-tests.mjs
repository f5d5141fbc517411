// End-to-end tests of viewer features beyond the basics: the evidence layer (issue 12: the
// Inspector's fields carry the notes' confidence and source, and the "Proven/Observed only"
// filter hides the names that only a community template gives) and the timeline's row orders
// (stored, by event group, by type). Called by run-e2e.mjs with its helpers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OPEN_STEP_MS, collectTestGarbage, longestTracedTask, machineIsIdle } from './open-tests.mjs';

export async function viewerTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root }) {
  await test('evidence: Sekiro event 0 byte 4 is Observed with its other readings, template-only names are Sourced, the filter hides them', async () => {
    const file = corpusFile('sekiro/c5070.anibnd.dcx');
    if (!file) return 'skip';
    const { page, context, problems } = await openPage();
    try {
      let s = await dropFile(page, fs.readFileSync(file), 'c5070.anibnd.dcx');
      s = await page.evaluate(() => window.taescope.select(0, 'a000_000000'));
      const jump = s.timeline.events.find((e) => e.type === 0);
      check(jump, 'a000_000000 has no event of type 0');
      s = await page.evaluate((i) => window.taescope.selectEvent(i), jump.index);
      const fields = s.selectedEvent.fields;
      const byte4 = fields.find((f) => f.offset === 4);
      check(byte4 && byte4.confidence === 'Observed' && byte4.alternatives === 2, `byte 4: ${JSON.stringify(byte4)}`);
      const byte0 = fields.find((f) => f.offset === 0);
      check(byte0 && byte0.confidence === 'Sourced' && byte0.source.length > 0, `byte 0: ${JSON.stringify(byte0)}`);
      check(s.selectedEvent.typeConfidence === 'Sourced', `type 0's name is ${s.selectedEvent.typeConfidence}`);
      const named = s.timeline.events.filter((e) => e.type === 0).map((e) => e.label);
      check(named.every((l) => l !== 'type 0'), `labels before the filter: ${named.join(', ')}`);
      await frames(page);
      await page.screenshot({ path: path.join(shots, '24-evidence-badges.png') });

      s = await page.evaluate(() => window.taescope.evidenceFilter(true));
      check(s.strongEvidenceOnly, 'the filter did not switch on');
      const filtered = s.timeline.events.filter((e) => e.type === 0).map((e) => e.label);
      check(filtered.every((l) => l === 'type 0'), `labels with the filter: ${filtered.join(', ')}`);
      await frames(page);
      await page.screenshot({ path: path.join(shots, '25-evidence-filter.png') });
      s = await page.evaluate(() => window.taescope.evidenceFilter(false));
      check(s.timeline.events.filter((e) => e.type === 0).every((e) => e.label !== 'type 0'), 'names did not come back');
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('timeline rows: by type and by event group every event keeps one row, sections follow the key, and a click on a row selects its event', async () => {
    const file = corpusFile('sekiro/c5070.anibnd.dcx');
    if (!file) return 'skip';
    const { page, context, problems } = await openPage();
    try {
      await dropFile(page, fs.readFileSync(file), 'c5070.anibnd.dcx');
      const animations = await page.evaluate(() => window.taescope.animations(0));
      const busiest = animations.reduce((a, b) => (b.events > a.events ? b : a));
      let s = await page.evaluate((i) => window.taescope.select(0, i), busiest.index);
      const stored = s.timeline.events;
      check(s.timeline.rowOrder === 'stored' && stored.every((e, r) => e.index === r && e.row === r), 'stored order is not event order');
      for (const [order, key] of [['type', (e) => e.type], ['group', (e) => (e.group < 0 ? 1e9 : e.group)]]) {
        s = await page.evaluate((o) => window.taescope.rowOrder(o), order);
        const rows = s.timeline.events;
        check(s.timeline.rowOrder === order, `rowOrder ${s.timeline.rowOrder}`);
        check(rows.length === stored.length && new Set(rows.map((e) => e.index)).size === stored.length, `${order}: ${rows.length} rows for ${stored.length} events`);
        check(rows.every((e, r) => e.row === r), `${order}: rows out of place`);
        for (let r = 1; r < rows.length; r++) {
          check(key(rows[r - 1]) <= key(rows[r]), `${order}: row ${r} (${key(rows[r])}) after ${key(rows[r - 1])}`);
          if (key(rows[r - 1]) === key(rows[r])) check(rows[r - 1].index < rows[r].index, `${order}: stored order not kept within a section`);
        }
      }
      // In group order, click the middle of a visible regular bar by its row and get its event.
      await page.keyboard.press('f');
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      const g = s.timeline.geometry, box = await page.evaluate(() => canvas.getBoundingClientRect().top);
      const target = s.timeline.events.find((e) => e.timing === 'regular' && e.end > e.start && e.row !== e.index &&
        g.rowsTop + g.rowHeight * (e.row + 1) < g.visibleBottom);
      check(target, 'no regular bar whose row differs from its index');
      const x = g.axisX0 + (((target.start + target.end) / 2 - s.timeline.viewStart) / (s.timeline.viewEnd - s.timeline.viewStart)) * (g.axisX1 - g.axisX0);
      await page.mouse.click(x, box + g.rowsTop + g.rowHeight * (target.row + 0.5));
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.selection.event === target.index, `clicked row ${target.row} (event ${target.index}), selected ${s.selection.event}`);
      await page.screenshot({ path: path.join(shots, '26-rows-by-group.png') });
      s = await page.evaluate(() => window.taescope.rowOrder('stored'));
      check(s.timeline.events.every((e, r) => e.index === r), 'back to stored order failed');
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('timeline row zoom: a 2,000-event animation fits whole (visibleRows = events), a click at a sub-pixel row selects its event, Ctrl+wheel zooms rows around the mouse, R toggles', async () => {
    // The benchmark's dense animation (bench/dense_animation.h), written by the native benchmark tool.
    const bench = ['native', 'release'].map((d) => path.join(root, 'build', d, 'taescope_bench')).find((p) => fs.existsSync(p));
    check(bench, 'build/native/taescope_bench (or build/release/) is not built: it writes the 2,000-event a00.tae');
    const file = path.join(root, 'build', 'e2e-inputs', 'dense-2000', 'a00.tae');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      execFileSync(bench, ['--write-dense-tae', file, '2000']);
    }
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      let s = await dropFile(page, fs.readFileSync(file), 'a00.tae');
      check(s.status === 'ready', `status ${s.status} ${s.error && s.error.text}`);
      const count = s.timeline.events.length;
      check(count === 2000 && s.selection.animationInfo.events === 2000, `${count} rows, animation of ${s.selection.animationInfo.events} events`);
      // Rows as the page shows them: geometry in canvas pixels, the rule of the query API's notes.
      const rowsShown = (st) => {
        const g = st.timeline.geometry, h = st.timeline.rowHeight;
        let n = 0;
        for (let r = 0; r < count; r++) if (g.rowsTop + (r + 1) * h > g.visibleTop && g.rowsTop + r * h < g.visibleBottom) n++;
        return n;
      };
      check(s.timeline.rowHeight === s.timeline.normalRowHeight && s.timeline.rowLabels && !s.timeline.rowsFitted, `opened with rows of ${s.timeline.rowHeight} px (normal ${s.timeline.normalRowHeight})`);
      check(s.timeline.visibleRows === rowsShown(s) && s.timeline.visibleRows < 100, `normal height: visibleRows ${s.timeline.visibleRows}, geometry shows ${rowsShown(s)}`);
      const normal = s.timeline.rowHeight;

      s = await page.evaluate(() => window.taescope.fitRows());
      let g = s.timeline.geometry;
      const fitted = s.timeline.rowHeight;
      check(s.timeline.rowsFitted && fitted < 1 && !s.timeline.rowLabels, `fitted rows: ${fitted} px, labels ${s.timeline.rowLabels}`);
      check(s.timeline.visibleRows === count, `fitted: visibleRows ${s.timeline.visibleRows} of ${count}`);
      check(rowsShown(s) === count && g.rowsTop === g.visibleTop && g.rowsTop + count * fitted <= g.visibleBottom + 0.01,
        `fitted rows ${g.rowsTop}..${g.rowsTop + count * fitted} do not lie within ${g.visibleTop}..${g.visibleBottom}`);
      await page.screenshot({ path: path.join(shots, '29-rows-fitted.png') });

      // Click bars at their rows' pixels. Below a pixel each row is drawn from floor(rowsTop +
      // row * rowHeight), at least 1 px tall, and the lowest row drawn over a pixel is the one
      // hit; a target is taken where no other row drawn over that pixel has a bar within 8 px.
      const box = await page.evaluate(() => { const r = canvas.getBoundingClientRect(); return { left: r.left, top: r.top }; });
      const xOf = (t) => g.axisX0 + ((t - s.timeline.viewStart) / (s.timeline.viewEnd - s.timeline.viewStart)) * (g.axisX1 - g.axisX0);
      const extent = (e) => {
        const start = Number(e.start), end = Number(e.end);
        if (e.timing === 'not-finite') return [xOf(0) - 3, xOf(0) + 3];
        if (e.timing === 'open-end') return [xOf(start), Math.max(xOf(start), xOf(s.timeline.length)) + 3];
        return [xOf(Math.min(start, end)) - 2, Math.max(xOf(Math.max(start, end)), xOf(Math.min(start, end)) + 3)];
      };
      const drawnOver = (r, py) => {  // with 0.01 px of slack for float32 against float64
        const y = g.rowsTop + r * fitted;
        return Math.floor(y - 0.01) <= py && py < Math.max(Math.floor(y + 0.01) + 1, y + fitted + 0.01);
      };
      const spread = Math.ceil(1 / fitted) + 2;
      const targets = [];
      for (const third of [0, 1, 2]) {
        for (let r = Math.floor((third * count) / 3); r < Math.floor(((third + 1) * count) / 3) && targets.length === third; r++) {
          const e = s.timeline.events[r];
          if (e.timing !== 'regular') continue;
          const y = g.rowsTop + r * fitted;
          if (Math.abs(y - Math.round(y)) < 0.02) continue;
          const py = Math.floor(y);
          const others = s.timeline.events.slice(Math.max(0, r - spread), r + spread + 1).filter((o) => o.row !== r && drawnOver(o.row, py));
          const [xa, xb] = extent(e);
          for (let x = Math.ceil(xa) + 6; x <= xb - 6; x++) {
            if (x <= g.axisX0 || x >= g.axisX1) continue;
            if (others.every((o) => { const [oa, ob] = extent(o); return x + 0.5 < oa - 8 || x + 0.5 > ob + 8; })) {
              targets.push({ event: e.index, row: r, x: x + 0.5, y: py + 0.5, sharing: others.length });
              break;
            }
          }
        }
      }
      check(targets.length === 3, `found ${targets.length} bars to click unambiguously`);
      for (const t of targets) {
        await page.mouse.click(box.left + t.x, box.top + t.y);
        await frames(page);
        s = await page.evaluate(() => window.taescope.state());
        check(s.selection.event === t.event && s.timeline.hoveredEvent === t.event,
          `clicked row ${t.row} (event ${t.event}, pixel row shared with ${t.sharing} others) at ${t.x},${t.y}: selected ${s.selection.event}, hovered ${s.timeline.hoveredEvent}`);
      }
      check(s.timeline.rowHeight === fitted && s.timeline.geometry.rowsTop === g.rowsTop, 'clicking changed the row height or scrolled');

      // Ctrl+wheel over the rows: taller rows, the row under the mouse stays under it.
      const mouse = { x: (g.axisX0 + g.axisX1) / 2, y: Math.round((g.visibleTop + g.visibleBottom) / 2) + 0.5 };
      await page.mouse.move(box.left + mouse.x, box.top + mouse.y);
      await frames(page);
      const rowUnder = (st) => (Math.floor(mouse.y) - st.timeline.geometry.rowsTop) / st.timeline.rowHeight;
      const before = await page.evaluate(() => window.taescope.state());
      await page.mouse.wheel(0, -100);  // no Ctrl: zooms time, not rows
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.timeline.rowHeight === fitted && s.timeline.viewEnd - s.timeline.viewStart < before.timeline.viewEnd - before.timeline.viewStart, `plain wheel: rows ${s.timeline.rowHeight} px, span ${s.timeline.viewEnd - s.timeline.viewStart}`);
      await page.keyboard.down('Control');
      for (let i = 0; i < 3; i++) {
        await page.mouse.wheel(0, -100);
        await frames(page, 2);
      }
      await page.keyboard.up('Control');
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      const zoomed = s.timeline.rowHeight;
      check(!s.timeline.rowsFitted && zoomed > fitted * 1.5 && zoomed < fitted * 2.5, `Ctrl+wheel up 3 steps: rows ${fitted} -> ${zoomed} px`);
      check(s.timeline.visibleRows === rowsShown(s) && s.timeline.visibleRows < count, `zoomed: visibleRows ${s.timeline.visibleRows}, geometry shows ${rowsShown(s)}`);
      // ImGui scrolls by whole pixels: the row stays within a pixel of the mouse.
      const drift = Math.abs(rowUnder(s) - rowUnder(before)) * zoomed;
      check(drift <= 1, `the row under the mouse (${rowUnder(before).toFixed(2)}) is now ${drift.toFixed(2)} px away from it (row ${rowUnder(s).toFixed(2)} is under it)`);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, 100);
      await page.keyboard.up('Control');
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.timeline.rowHeight < zoomed && s.timeline.rowHeight >= fitted, `Ctrl+wheel down: rows ${zoomed} -> ${s.timeline.rowHeight} px`);

      // R fits, R again goes back to the normal height.
      await page.keyboard.press('r');
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.timeline.rowsFitted && s.timeline.rowHeight === fitted && s.timeline.visibleRows === count, `R: fitted ${s.timeline.rowsFitted}, ${s.timeline.rowHeight} px, ${s.timeline.visibleRows} rows`);
      await page.keyboard.press('r');
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(!s.timeline.rowsFitted && s.timeline.rowHeight === normal && s.timeline.rowLabels, `R again: ${s.timeline.rowHeight} px, normal is ${normal}`);
      s = await page.evaluate(() => window.taescope.rowHeight(6));
      check(s.timeline.rowHeight === 6 && !s.timeline.rowLabels && s.timeline.visibleRows === rowsShown(s), `rowHeight(6): ${s.timeline.rowHeight} px, ${s.timeline.visibleRows} rows`);
      s = await page.evaluate(() => window.taescope.rowHeight(0));
      check(s.timeline.rowHeight === normal, `rowHeight(0): ${s.timeline.rowHeight} px`);
      // Fitted rows stay fitted when a file is opened again (like the row order).
      await page.evaluate(() => window.taescope.fitRows());
      s = await dropFile(page, fs.readFileSync(file), 'a00.tae');
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.status === 'ready' && s.timeline.rowsFitted && s.timeline.rowHeight === fitted && s.timeline.visibleRows === count,
        `reopened: fitted ${s.timeline.rowsFitted}, ${s.timeline.rowHeight} px, ${s.timeline.visibleRows} rows`);
      s = await page.evaluate(() => window.taescope.rowHeight(0));
      console.log(`note  dense a00.tae: ${count} rows fitted at ${fitted.toFixed(4)} px (normal ${normal}); clicked rows ${targets.map((t) => `${t.row} (pixel shared with ${t.sharing})`).join(', ')}; Ctrl+wheel x3 -> ${zoomed.toFixed(4)} px`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('compare: the open file against a reference shows the same diff as taescope diff, side by side, and follows edits', async () => {
    const file = corpusFile('sekiro/c5070.anibnd.dcx');
    if (!file) return 'skip';
    const { page, context, problems } = await openPage();
    try {
      const original = fs.readFileSync(file);
      await dropFile(page, original, 'c5070.anibnd.dcx');
      let s = await page.evaluate((b64) => window.taescope.openCompare(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'c5070-game.anibnd.dcx'), original.toString('base64'));
      check(s.compare && s.compare.changed === 0 && s.compare.added === 0 && s.compare.removed === 0, `a file against itself: ${JSON.stringify(s.compare && { c: s.compare.changed, a: s.compare.added, r: s.compare.removed })}`);
      check(s.windows.compare, 'the Compare window did not open');
      s = await page.evaluate(() => window.taescope.select(0, 'a000_000000'));
      const count = s.timeline.events.length;
      await page.evaluate(() => window.taescope.selectEvents([2]));
      s = await page.evaluate(() => window.taescope.deleteSelected());
      check(s.timeline.events.length === count - 1, 'the delete did not happen');
      check(s.compare.changed === 1 && s.compare.animations.length === 1 && s.compare.animations[0].name === 'a000_000000', `after deleting: ${JSON.stringify(s.compare.animations)}`);
      check(s.compare.animations[0].removedEvents === 1 && s.compare.animations[0].addedEvents === 0, `events: ${JSON.stringify(s.compare.animations[0])}`);
      const removed = s.compare.selected.filter((e) => e.change === 'removed');
      check(removed.length === 1 && removed[0].reference === 2 && removed[0].open === null, `side by side: ${JSON.stringify(removed)}`);
      check(s.compare.selected.filter((e) => e.change === 'unchanged').length === count - 1, 'the other events are not paired as unchanged');
      await frames(page);
      await page.screenshot({ path: path.join(shots, '27-compare.png') });
      // The same numbers as the command line's diff of the two files.
      const edited = path.join(shots, 'compare-edited-c5070.anibnd.dcx');
      fs.writeFileSync(edited, Buffer.from(await page.evaluate(() => Array.from(window.taescope.exportFile()))));
      let cliText = '';
      try {
        cliText = execFileSync(path.join(root, 'build/native/taescope'), ['diff', file, edited, '--json']).toString();
      } catch (error) {
        cliText = error.stdout.toString();  // exit 1: the files differ
      }
      const cli = JSON.parse(cliText);
      check(cli.summary.changed === s.compare.changed && cli.summary.added === s.compare.added && cli.summary.removed === s.compare.removed,
        `CLI summary ${JSON.stringify(cli.summary)} vs page ${s.compare.changed}/${s.compare.added}/${s.compare.removed}`);
      s = await page.evaluate(() => window.taescope.undo());
      check(s.compare.changed === 0, 'after undo the files still differ');
      s = await page.evaluate(() => window.taescope.closeCompare());
      check(s.compare === null && !s.windows.compare, 'closing the reference left it open');
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('a large binder (generated Sekiro-scale, 34 MB decompressed, 360,678 events) opens in bounded steps: decompressed in the decode worker, the engine\'s steps each within the page\'s budget (as the opener logged them), the event files in units of whole animations up to the engine\'s record budget, at most two steps a frame, no main-thread task of 50 ms or more (by thread CPU time; wall-clock task and frame reported)', async () => {
    const cli = ['native', 'release'].map((d) => path.join(root, 'build', d, 'taescope')).find((p) => fs.existsSync(p));
    check(cli, 'build/native/taescope (or build/release/) is not built: it writes the Sekiro-scale binder');
    const dir = path.join(root, 'build', 'e2e-inputs', 'sekiro-scale');
    const file = path.join(dir, 'c0000.anibnd.dcx');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      execFileSync(cli, ['generate', '--scale', 'sekiro', '--seed', '1', '--anibnd', '-o', dir]);
    }
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    let browser = null, tracing = false;  // a failed check must not leave the trace recording for the next test
    try {
      // Record every frame's state while the file opens (requestAnimationFrame runs between steps).
      await page.evaluate(() => {
        window.__opening = [];
        let last = performance.now();
        const tick = () => {
          const now = performance.now(), s = window.taescope.state();
          window.__opening.push({ ms: now - last, status: s.status, progress: s.progress, text: s.progressText });
          last = now;
          if (s.status !== 'ready' && s.status !== 'error' || window.__opening.length < 3) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      // The bytes are made in the page first, in a task of their own: decoding 8 MB of base64 took
      // 56-69 ms, and in the same task as open() the page's long-task observer counted it as the open's.
      await page.evaluate((b64) => {
        window.__largeBinder = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      }, fs.readFileSync(file).toString('base64'));
      await collectTestGarbage(page);
      // Traced from the open() call to its end: each main-thread task's thread CPU time, the work
      // itself whatever else the machine runs.
      browser = context.browser();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
      tracing = true;
      const s = await page.evaluate(() => window.taescope.open(window.__largeBinder, 'c0000.anibnd.dcx'));
      check(s.status === 'ready', `status ${s.status} ${s.error && s.error.text}`);
      check(s.document.eventCount === 360678 && s.document.taeFileCount === 65, `${s.document.eventCount} events in ${s.document.taeFileCount} files`);
      // Judged by what the engine did, as its opener logged every step (state().openSteps), never by
      // what a frame happened to see: on an idle machine the 65 event files are read within one
      // step, and a stage faster than a frame is no failure. The frames are recorded for the notes.
      const steps = s.openSteps;
      const stage = (name) => steps.stages.find((x) => x.name === name);
      console.log(`note  large binder: the engine's steps ${JSON.stringify(steps)}`);
      check(stage('reading the binder') && stage('reading event files'), `stages the open reported: ${steps.stages.map((x) => x.name).join(', ')}`);
      // Event files come in units of whole animations holding up to recordsPerUnit event and group
      // records (then the clips' match): the work comes in pieces a step can end between. A unit
      // stops at the animation that reaches the budget; the generator's animations hold at most
      // 149 events and a group per type, so no unit reaches twice the budget.
      const files = stage('reading event files');
      check(files.units > 65 + 1, `${files.units} units of work for 65 event files of 360,678 events (a file per unit at most)`);
      check(files.mostRecordsInAUnit >= 1 && files.mostRecordsInAUnit < 2 * steps.recordsPerUnit,
        `a unit read ${files.mostRecordsInAUnit} records (the budget is ${steps.recordsPerUnit})`);
      // Every step was given the page's budget, and no step began a unit after its budget was spent.
      check(steps.steps >= 1 && steps.largestBudgetMilliseconds > 0 && steps.largestBudgetMilliseconds <= OPEN_STEP_MS,
        `the open's steps had a budget of up to ${steps.largestBudgetMilliseconds} ms (the page's is ${OPEN_STEP_MS} ms)`);
      check(steps.unitsBegunOverBudget === 0, `${steps.unitsBegunOverBudget} units of work began after their step's budget was spent`);
      // At most one step in a frame and the one task step after it (App::background_step): the page draws between.
      check(steps.mostStepsInOneFrame <= 2, `${steps.mostStepsInOneFrame} steps of the open ran in one frame`);
      const frames = await page.evaluate(() => window.__opening);
      const parsing = frames.filter((f) => f.status === 'parsing');
      const progress = parsing.map((f) => f.progress);
      check(progress.every((p, i) => i === 0 || p >= progress[i - 1]), 'progress went backwards');
      const texts = new Set(parsing.map((f) => f.text.replace(/\d+/g, 'N')));
      const first = frames.findIndex((f) => f.status === 'parsing');
      const longest = Math.max(...frames.slice(first + 1).map((f) => f.ms));
      console.log(`note  large binder: ${parsing.length} frames drawn while opening (stages they showed: ${[...texts].join(', ')}), longest frame from the first parsing frame on ${longest.toFixed(0)} ms, engine ${s.parseMilliseconds.toFixed(0)} ms, longest engine step ${s.longestOpenStepMilliseconds.toFixed(0)} ms (${s.longestOpenStep}), finishing ${s.openFinishMilliseconds.toFixed(0)} ms`);
      check(s.longestOpenStepMilliseconds > 0 && s.longestOpenStepMilliseconds <= s.parseMilliseconds && s.longestOpenStep !== '', `open step timing missing: ${s.longestOpenStepMilliseconds} ms '${s.longestOpenStep}'`);
      // The wrapper was decoded in the decode worker, and the page's own report of the open
      // (a long-task observer and its frame clock) finds no main-thread task of 50 ms or more
      // and no frame over 100 ms, from the open() call to the second frame after ready.
      await page.waitForFunction(() => window.taescope.state().open.finished, null, { timeout: 60000 });
      tracing = false;
      const traced = longestTracedTask(browser, await browser.stopTracing());
      const o = (await page.evaluate(() => window.taescope.state())).open;
      const machine = machineIsIdle();
      console.log(`note  large binder in the page's report: decoded in the ${o.decodedIn} (${s.workerDecodeMilliseconds.toFixed(0)} ms there, payload copy ${s.payloadCopyMilliseconds.toFixed(1)} ms), ready after ${o.readyMs.toFixed(0)} ms, ${o.frames} frames, longest frame ${o.longestFrameMs.toFixed(0)} ms, longest task ${o.longestTaskMs.toFixed(0)} ms (${o.longTasks} of 50 ms or more); traced: longest main-thread task ${traced.cpu.toFixed(1)} ms of thread CPU time (${traced.wall.toFixed(0)} ms wall); ${machine.text}`);
      check(o.decodedIn === 'worker', `decoded in the ${o.decodedIn} (worker: ${o.worker})`);
      check(o.longTaskObserver, 'the browser reports no long tasks (PerformanceObserver longtask)');
      // Judged by thread CPU time: the wall-clock task and frame above are reported, not judged (wall
      // time is the benchmarks' business, bench/browser/drop_open.mjs; on this 2-core machine kind a
      // 69 ms wall task was measured at load 1.2 where the same open had none the next run).
      check(traced.cpu < 50, `a main-thread task of ${traced.cpu.toFixed(1)} ms of thread CPU time during the open (limit 50)`);
      await page.screenshot({ path: path.join(shots, '28-large-binder.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      if (tracing) await browser.stopTracing().catch(() => {});
      await context.close();
    }
  });

  await test('offline: once loaded, the page reloads with the network off and still opens its sample and dropped files (service worker)', async () => {
    const { page, context, problems } = await openPage();
    try {
      const ready = await page.evaluate(() => window.taescope.offlineReady);
      check(ready === true, `service worker not ready: ${ready}`);
      // Every file the page fetched from its own origin must now be in the offline copy: a page
      // script the service worker's list left out hangs the offline reload (a named miss here).
      const fetched = await page.evaluate(() => performance.getEntriesByType('resource')
        .map((e) => new URL(e.name)).filter((u) => u.origin === location.origin).map((u) => u.pathname));
      const missing = await page.evaluate(async (paths) => {
        const cache = await caches.open('taescope-v1');
        const out = [];
        for (const p of paths) if (!(await cache.match(p, { ignoreSearch: true }))) out.push(p);
        return out;
      }, [...new Set(fetched)]);
      check(missing.length === 0, `fetched by the page but not kept for offline use: ${missing.join(', ')}`);
      await context.setOffline(true);
      await page.reload();
      await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 60000 });
      let s = await page.evaluate(() => window.taescope.ready);
      check(s.status === 'ready' && s.document && s.document.animationCount > 0, `offline reload: status ${s.status}`);
      // The sample is a DCX binder: the decode worker, its script and module from the cache, decoded it.
      check(s.open.decodedIn === 'worker', `offline: the sample was decoded in the ${s.open.decodedIn} (worker: ${s.open.worker})`);
      const file = corpusFile('sekiro/c5070.anibnd.dcx');
      if (file) {
        s = await dropFile(page, fs.readFileSync(file), 'c5070.anibnd.dcx');
        check(s.status === 'ready' && s.document.animationCount === 32, `offline drop: ${s.status}`);
        check(s.open.decodedIn === 'worker', `offline drop: decoded in the ${s.open.decodedIn}`);
      }
      await context.setOffline(false);
      check(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)).length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
