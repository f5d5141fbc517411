// End-to-end tests of viewer features beyond the basics: the evidence layer (issue 12: the
// Inspector's fields carry the notes' confidence and source, and the "Proven/Observed only"
// filter hides the names that only a community template gives) and the timeline's row orders
// (stored, by event group, by type). Called by run-e2e.mjs with its helpers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

  await test('a large binder (generated Sekiro-scale, 34 MB decompressed, 360,678 events) opens in steps: progress through decompression and event files while frames keep drawing', async () => {
    const cli = path.join(root, 'build', 'native', 'taescope');
    check(fs.existsSync(cli), `${cli} is not built`);
    const dir = path.join(root, 'build', 'e2e-inputs', 'sekiro-scale');
    const file = path.join(dir, 'c0000.anibnd.dcx');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      execFileSync(cli, ['generate', '--scale', 'sekiro', '--seed', '1', '--anibnd', '-o', dir]);
    }
    const { page, context, problems } = await openPage({ query: '?sample=none' });
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
      const bytes = fs.readFileSync(file);
      const s = await page.evaluate(async (b64) => {
        const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        return window.taescope.open(data, 'c0000.anibnd.dcx');
      }, bytes.toString('base64'));
      check(s.status === 'ready', `status ${s.status} ${s.error && s.error.text}`);
      check(s.document.eventCount === 360678 && s.document.taeFileCount === 65, `${s.document.eventCount} events in ${s.document.taeFileCount} files`);
      const frames = await page.evaluate(() => window.__opening);
      const parsing = frames.filter((f) => f.status === 'parsing');
      const texts = new Set(parsing.map((f) => f.text.replace(/\d+/g, 'N')));
      check(texts.has('decompressing N%') && texts.has('reading event file N of N'), `stages seen: ${[...texts].join(', ')}`);
      const progress = parsing.map((f) => f.progress);
      check(progress.every((p, i) => i === 0 || p >= progress[i - 1]), 'progress went backwards');
      check(new Set(progress).size >= 5, `only ${new Set(progress).size} distinct progress values while parsing`);
      // The frame after the last parsing one holds the end of the open (views, first timeline).
      const first = frames.findIndex((f) => f.status === 'parsing');
      const longest = Math.max(...frames.slice(first + 1).map((f) => f.ms));
      console.log(`note  large binder: ${parsing.length} frames drawn while opening, longest frame from the first parsing frame on ${longest.toFixed(0)} ms, engine ${s.parseMilliseconds.toFixed(0)} ms, longest engine step ${s.longestOpenStepMilliseconds.toFixed(0)} ms (${s.longestOpenStep}), finishing ${s.openFinishMilliseconds.toFixed(0)} ms (timings are bench/'s; not asserted here)`);
      check(s.longestOpenStepMilliseconds > 0 && s.longestOpenStepMilliseconds <= s.parseMilliseconds && s.longestOpenStep !== '', `open step timing missing: ${s.longestOpenStepMilliseconds} ms '${s.longestOpenStep}'`);
      await page.screenshot({ path: path.join(shots, '28-large-binder.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('offline: once loaded, the page reloads with the network off and still opens its sample and dropped files (service worker)', async () => {
    const { page, context, problems } = await openPage();
    try {
      const ready = await page.evaluate(() => window.taescope.offlineReady);
      check(ready === true, `service worker not ready: ${ready}`);
      await context.setOffline(true);
      await page.reload();
      await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 30000 });
      let s = await page.evaluate(() => window.taescope.ready);
      check(s.status === 'ready' && s.document && s.document.animationCount > 0, `offline reload: status ${s.status}`);
      const file = corpusFile('sekiro/c5070.anibnd.dcx');
      if (file) {
        s = await dropFile(page, fs.readFileSync(file), 'c5070.anibnd.dcx');
        check(s.status === 'ready' && s.document.animationCount === 32, `offline drop: ${s.status}`);
      }
      await context.setOffline(false);
      check(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)).length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
