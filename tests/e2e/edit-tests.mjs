// End-to-end tests of editing in the page: real mouse drags on the timeline's bars and edges,
// Ctrl+click, marquee, keyboard undo/redo/delete, copy and paste through the system clipboard,
// export downloads that reopen, template files dropped on the page, and the question asked
// when a page with unsaved edits is left. Called by run-e2e.mjs with its helpers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const FPS = 30;
const f32 = (x) => Math.fround(x);
const snapped = (seconds) => f32(Math.round(seconds * FPS) / FPS);

export async function editTests({ openPage, dropFile, frames, test, check, corpusFile, shots, root }) {
  // After a key press, waits (up to 60 s) until the page's event count is n. A loaded machine can
  // take more than the few frames `frames` waits for to handle a key; the check after it still
  // fails when the count never arrives.
  const eventCountReaches = (page, n) =>
    page.waitForFunction((n) => window.taescope.state().timeline.events.length === n, n, { timeout: 60000 }).catch(() => {});
  const c5070 = corpusFile('sekiro/c5070.anibnd.dcx');
  const session = await openPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  const { page } = session;
  const state = () => page.evaluate(() => window.taescope.state());
  const canvasBox = () => page.evaluate(() => { const r = canvas.getBoundingClientRect(); return { left: r.left, top: r.top }; });

  // Screen point of time `t` on the row of event `index` (page coordinates).
  async function pointAt(s, index, t) {
    const g = s.timeline.geometry, box = await canvasBox();
    const x = g.axisX0 + ((t - s.timeline.viewStart) / (s.timeline.viewEnd - s.timeline.viewStart)) * (g.axisX1 - g.axisX0);
    const y = g.rowsTop + g.rowHeight * (index + 0.5);
    check(y > g.visibleTop && y < g.visibleBottom, `row ${index} is not on screen`);
    check(x > g.axisX0 && x < g.axisX1, `time ${t} is not on screen`);
    return { x: box.left + x, y: box.top + y };
  }
  const secondsPerPixel = (s) => (s.timeline.viewEnd - s.timeline.viewStart) / (s.timeline.geometry.axisX1 - s.timeline.geometry.axisX0);

  async function drag(from, dx, dy = 0) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await frames(page, 2);
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 12 });
    await frames(page, 2);
    await page.mouse.up();
    await frames(page, 2);
  }

  // An animation of c5070 with at least `min` regular, visibly long events, selected and fitted.
  async function openAnimationWithBars(min = 2) {
    const animations = await page.evaluate(() => window.taescope.animations(0));
    for (const a of animations.filter((x) => x.events >= min && x.events <= 14)) {
      await page.evaluate((i) => window.taescope.select(0, i), a.index);
      await page.keyboard.press('f');
      await frames(page);
      const s = await state();
      const spp = secondsPerPixel(s);
      const bars = s.timeline.events.filter((e) => e.timing === 'regular' && (e.end - e.start) / spp > 60);
      if (bars.length >= min) return { s, bars };
    }
    throw new Error(`no animation of c5070 has ${min} long regular bars`);
  }

  let original = null;
  let edited = null;  // what the export test expects to find again: { animation, index, start, end }

  await test('edit: dragging a bar moves it by whole frames as one undo step; Ctrl+Z and Ctrl+Y undo and redo it', async () => {
    if (!c5070) return 'skip';
    original = fs.readFileSync(c5070);
    let s = await dropFile(page, original, 'c5070.anibnd.dcx');
    check(s.status === 'ready', `status ${s.status}`);
    check(s.edit && s.edit.dirty === false && s.edit.history.length === 0, 'a freshly opened file is not clean');
    const { s: s0, bars } = await openAnimationWithBars();
    const bar = bars[0];
    const spp = secondsPerPixel(s0);
    const dx = Math.round((5.4 / FPS) / spp);  // about 5.4 frames to the right: snaps to 5
    const from = await pointAt(s0, bar.index, (bar.start + bar.end) / 2);
    await drag(from, dx);
    s = await state();
    const moved = s.timeline.events[bar.index];
    const expected = snapped(bar.start + dx * spp);
    check(Math.abs(moved.start - expected) < 1e-6, `dragged ${dx} px: start ${bar.start} -> ${moved.start}, expected ${expected}`);
    check(Math.round((moved.start - bar.start) * FPS) === 5, `moved by ${(moved.start - bar.start) * FPS} frames, expected 5`);
    check(Math.abs((moved.end - moved.start) - (bar.end - bar.start)) < 1e-5, 'the length changed while moving');
    check(s.edit.history.length === 1 && s.edit.dirty, `history ${JSON.stringify(s.edit.history)} dirty ${s.edit.dirty}`);
    check(/^\* /.test(await page.title()), `title ${await page.title()} does not mark unsaved changes`);
    await page.screenshot({ path: path.join(shots, '20-edit-dragged.png') });

    await page.keyboard.press('Control+z');
    await frames(page);
    s = await state();
    check(s.timeline.events[bar.index].start === bar.start && s.timeline.events[bar.index].end === bar.end, 'Ctrl+Z did not restore the times');
    check(!s.edit.dirty && s.edit.canRedo, 'after undoing every step the file is not clean');
    await page.keyboard.press('Control+y');
    await frames(page);
    s = await state();
    check(s.timeline.events[bar.index].start === moved.start, 'Ctrl+Y did not redo the move');
    edited = { animation: s.selection.animationInfo.name, index: bar.index, start: moved.start, end: moved.end };
  });

  await test('edit: dragging a bar\'s end edge resizes it to a whole frame and keeps its start', async () => {
    if (!edited) return 'skip';
    let s = await state();
    const bar = s.timeline.events[edited.index];
    const spp = secondsPerPixel(s);
    const from = await pointAt(s, bar.index, bar.end);
    const dx = Math.round((3.3 / FPS) / spp);
    await drag({ x: from.x - 1, y: from.y }, dx);
    s = await state();
    const after = s.timeline.events[bar.index];
    check(after.start === bar.start, `the start moved: ${bar.start} -> ${after.start}`);
    check(Math.round((after.end - bar.end) * FPS) === 3, `end ${bar.end} -> ${after.end}: ${(after.end - bar.end) * FPS} frames, expected 3`);
    check(Math.abs(after.end * FPS - Math.round(after.end * FPS)) < 1e-3, `end ${after.end} is not on a frame`);
    check(s.edit.history.length === 2, `${s.edit.history.length} steps after move + resize`);
    edited.end = after.end;
  });

  await test('edit: Ctrl+click adds an event, a marquee selects bars, Delete removes them, undo gives back the exact bytes', async () => {
    if (!edited) return 'skip';
    let s = await state();
    const before = await page.evaluate(() => Array.from(window.taescope.exportFile()));
    check(before.length > 0, `export failed: ${s.edit.export.error}`);
    const count = s.timeline.events.length;
    // The document's totals follow every edit (they are updated per changed file, not recounted).
    const totalEvents = s.document.eventCount;
    const totalsAgree = (s) => s.document.taeFiles.reduce((n, f) => n + (f.events || 0), 0) === s.document.eventCount;
    check(totalsAgree(s), 'the per-file event counts do not add up to the document total');
    const g = s.timeline.geometry, box = await canvasBox();
    const emptyY = g.rowsTop + g.rowHeight * (count + 1.5);
    check(emptyY + g.rowHeight < g.visibleBottom - 4, 'no empty space below the rows');
    const tClick = s.timeline.viewStart + 0.6 * (s.timeline.viewEnd - s.timeline.viewStart);
    const clickX = g.axisX0 + 0.6 * (g.axisX1 - g.axisX0);
    await page.keyboard.down('Control');
    await page.mouse.click(box.left + clickX, box.top + emptyY);
    await page.keyboard.up('Control');
    await frames(page);
    s = await state();
    check(s.timeline.events.length === count + 1, `Ctrl+click: ${s.timeline.events.length} events, expected ${count + 1}`);
    const added = s.timeline.events[count];
    check(Math.abs(added.start - snapped(tClick)) < 0.5 / FPS + 1e-6, `added at ${added.start}, clicked at ${tClick}`);
    check(Math.round((added.end - added.start) * FPS) === 10, `new event is ${(added.end - added.start) * FPS} frames long`);
    check(s.document.eventCount === totalEvents + 1 && totalsAgree(s), `after adding one event the document counts ${s.document.eventCount}, was ${totalEvents}`);

    // Marquee from empty space (right, below the rows) up to the first row: every bar in between.
    await drag({ x: box.left + g.axisX1 - 4, y: box.top + emptyY + g.rowHeight }, -(g.axisX1 - g.axisX0 - 8), -(emptyY + g.rowHeight - g.rowsTop - g.rowHeight * 0.5));
    s = await state();
    const selected = s.selection.events;
    check(selected.length >= 3, `marquee selected ${JSON.stringify(selected)}`);
    check(selected.includes(0) && selected.includes(count), `marquee over rows 0..${count} selected ${JSON.stringify(selected)}`);
    await page.screenshot({ path: path.join(shots, '21-edit-marquee.png') });
    await page.keyboard.press('Delete');
    await eventCountReaches(page, count + 1 - selected.length);
    s = await state();
    check(s.timeline.events.length === count + 1 - selected.length, `Delete left ${s.timeline.events.length} events`);
    check(s.document.eventCount === totalEvents + 1 - selected.length && totalsAgree(s), `after deleting ${selected.length} the document counts ${s.document.eventCount}, was ${totalEvents} + 1`);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await eventCountReaches(page, count);
    s = await state();
    check(s.timeline.events.length === count, `after two undos ${s.timeline.events.length} events, expected ${count}`);
    check(s.document.eventCount === totalEvents && totalsAgree(s), `after two undos the document counts ${s.document.eventCount}, was ${totalEvents}`);
    const after = await page.evaluate(() => Array.from(window.taescope.exportFile()));
    check(after.length === before.length && after.every((b, i) => b === before[i]), 'undoing add + delete does not give the same bytes back');
  });

  await test('edit: Ctrl+C puts events on the system clipboard as text; Ctrl+V pastes them into another animation at the playhead', async () => {
    if (!edited) return 'skip';
    let s = await state();
    const source = s.timeline.events[edited.index];
    await page.evaluate((i) => window.taescope.selectEvent(i), edited.index);
    const sourceEvent = (await state()).selectedEvent;
    await page.keyboard.press('Control+c');
    await frames(page);
    const text = await page.evaluate(() => navigator.clipboard.readText());
    check(/^taescope-events 1\n/.test(text), `clipboard holds ${JSON.stringify(text.slice(0, 60))}`);
    const animations = await page.evaluate(() => window.taescope.animations(0));
    const other = animations.find((a) => a.name !== edited.animation);
    s = await page.evaluate((i) => window.taescope.select(0, i), other.index);
    const count = s.timeline.events.length;
    await page.evaluate(() => window.taescope.setTime(12 / 30));
    await page.mouse.move(5, 5);
    await page.click('#canvas', { position: { x: 5, y: 5 } });  // keyboard focus to the canvas
    await page.keyboard.press('Control+v');
    await page.waitForFunction((n) => window.taescope.state().timeline.events.length === n + 1, count, { timeout: 60000 });
    s = await state();
    const pasted = s.timeline.events[count];
    check(pasted.type === source.type, `pasted type ${pasted.type}, copied ${source.type}`);
    check(Math.abs(pasted.start - snapped(12 / 30)) < 1e-6, `pasted at ${pasted.start}, playhead at frame 12`);
    check(Math.abs((pasted.end - pasted.start) - (source.end - source.start)) < 1e-5, 'the pasted event has another length');
    check(s.selectedEvent && s.selectedEvent.parameterHex === sourceEvent.parameterHex, 'the pasted parameters differ from the copied ones');
    await page.keyboard.press('Control+z');
    await eventCountReaches(page, count);
    s = await state();
    check(s.timeline.events.length === count, 'undo did not remove the pasted event');
    await page.evaluate((name) => window.taescope.select(0, name), edited.animation);
  });

  await test('export: the download is named like the opened file, reopens with the edit, and every other member is byte-identical', async () => {
    if (!edited) return 'skip';
    await page.keyboard.press('Control+s');
    await frames(page);
    let s = await state();
    check(s.edit.export.open && s.windows.export, 'Ctrl+S did not open the Export window');
    check(s.edit.export.blocking.length === 0, `blocking: ${s.edit.export.blocking.join('; ')}`);
    await page.screenshot({ path: path.join(shots, '22-export-window.png') });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }),
      page.evaluate(() => window.taescope.exportFile({ download: true }).length)]);
    check(download.suggestedFilename() === 'c5070.anibnd.dcx', `download named ${download.suggestedFilename()}`);
    const saved = path.join(shots, 'edited-c5070.anibnd.dcx');
    await download.saveAs(saved);
    s = await state();
    check(!s.edit.dirty, 'the document is still marked unsaved after the download');
    check(!/^\* /.test(await page.title()), 'the title still marks unsaved changes');
    const bytes = fs.readFileSync(saved);
    check(!bytes.equals(original), 'the export equals the original file');

    // Every member but the edited TAE comes back byte for byte (the native CLI unpacks both).
    const cli = path.join(root, 'build', 'native', 'taescope');
    check(fs.existsSync(cli), `${cli} is not built`);
    const dirA = path.join(shots, 'unpack-original'), dirB = path.join(shots, 'unpack-edited');
    for (const d of [dirA, dirB]) fs.rmSync(d, { recursive: true, force: true });
    execFileSync(cli, ['unpack', c5070, '-o', dirA]);
    execFileSync(cli, ['unpack', saved, '-o', dirB]);
    const list = (d) => fs.readdirSync(d, { recursive: true }).filter((f) => fs.statSync(path.join(d, f)).isFile()).sort();
    const a = list(dirA), b = list(dirB);
    check(a.length === b.length && a.every((f, i) => f === b[i]), `member lists differ: ${a.length} vs ${b.length}`);
    const differing = a.filter((f) => !fs.readFileSync(path.join(dirA, f)).equals(fs.readFileSync(path.join(dirB, f))));
    check(differing.length === 1 && /\.tae$/i.test(differing[0]), `members that differ: ${JSON.stringify(differing)}`);
    console.log(`note  export: ${bytes.length} bytes; ${a.length - 1} of ${a.length} members byte-identical, ${differing[0]} edited`);

    // Reopened (as a user would), the edit is there.
    s = await dropFile(page, bytes, 'c5070.anibnd.dcx');
    check(s.status === 'ready', `reopened: ${s.status}`);
    s = await page.evaluate((name) => window.taescope.select(0, name), edited.animation);
    const e = s.timeline.events[edited.index];
    check(e.start === edited.start && e.end === edited.end, `reopened event ${edited.index}: ${e.start}..${e.end}, expected ${edited.start}..${edited.end}`);
    check(!s.edit.dirty && s.edit.history.length === 0, 'a reopened file starts clean');
  });

  await test('export: an Elden Ring Kraken binder (c1000) edited by a drag exports as stored Kraken blocks and reopens with the edit', async () => {
    const file = corpusFile('eldenring/c1000.krak.anibnd.dcx');
    if (!file) return 'skip';
    let s = await dropFile(page, fs.readFileSync(file), 'c1000.krak.anibnd.dcx');
    check(s.status === 'ready' && /KRAK/.test(s.document.container), `status ${s.status}, container ${s.document && s.document.container}`);
    // c1000's events are open-ended ("until the animation ends"): drag one by its body; its end stays open.
    s = await page.evaluate(() => window.taescope.select(0, 0));
    await page.keyboard.press('f');
    await frames(page);
    s = await state();
    const bar = s.timeline.events.find((e) => (e.timing === 'regular' || e.timing === 'open-end') && e.start >= 0);
    check(bar, 'no event to drag');
    const spp = secondsPerPixel(s);
    const at = await pointAt(s, bar.index, bar.start);
    await drag({ x: at.x + 15, y: at.y }, Math.round((2.4 / FPS) / spp));
    s = await state();
    const moved = s.timeline.events[bar.index];
    check(Math.round((moved.start - bar.start) * FPS) === 2, `moved by ${(moved.start - bar.start) * FPS} frames, expected 2`);
    check(moved.timing === bar.timing, `timing ${bar.timing} became ${moved.timing}`);
    const bytes = Buffer.from(await page.evaluate(() => Array.from(window.taescope.exportFile({ method: 'as-opened' }))));
    check(bytes.length > 0 && bytes.toString('latin1', 0, 4) === 'DCX\0', 'not a DCX file');
    check(bytes.toString('latin1', 0x28, 0x2c) === 'KRAK', `compression ${bytes.toString('latin1', 0x28, 0x2c)}, expected KRAK`);
    const deflated = Buffer.from(await page.evaluate(() => Array.from(window.taescope.exportFile({ method: 'dflt' }))));
    check(deflated.toString('latin1', 0x28, 0x2c) === 'DFLT', `DFLT export has ${deflated.toString('latin1', 0x28, 0x2c)}`);
    for (const [kind, data] of [['KRAK', bytes], ['DFLT', deflated]]) {
      s = await dropFile(page, data, 'c1000.krak.anibnd.dcx');
      check(s.status === 'ready', `reopened ${kind}: ${s.status} ${s.error && s.error.text}`);
      s = await page.evaluate(() => window.taescope.select(0, 0));
      check(s.timeline.events[bar.index].start === moved.start, `the reopened ${kind} file lost the edit`);
    }
  });

  await test('templates: a dropped DSAnimStudio XML names the events; a broken one is refused with its line and the templates stay', async () => {
    const xmlPath = path.resolve(root, '../shared/templates/dsanimstudio/TAE.Template.SDT.xml');
    if (!c5070 || !fs.existsSync(xmlPath)) return 'skip';
    let s = await dropFile(page, original, 'c5070.anibnd.dcx');
    s = await page.evaluate(() => window.taescope.select(0, 0));
    const type = s.timeline.events.find((e) => e.type >= 0).type;
    const xml = fs.readFileSync(xmlPath, 'utf8');
    const pattern = new RegExp(`(<action id="${type}" name=")[^"]*"`);
    check(pattern.test(xml), `the template file has no action ${type}`);
    const renamed = xml.replace(pattern, `$1E2E renamed ${type}"`);
    const dropText = (text, name) => page.evaluate(({ text, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'text/xml' }));
      for (const t of ['dragenter', 'dragover', 'drop'])
        document.getElementById('canvas').dispatchEvent(new DragEvent(t, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, { text, name });
    await dropText(renamed, 'TAE.Template.SDT.xml');
    await page.waitForFunction(() => /TAE\.Template\.SDT\.xml/.test(window.taescope.state().edit.templatesMessage), null, { timeout: 60000 });
    await frames(page);
    s = await state();
    check(!s.edit.templatesMessageIsError && s.edit.userTemplates, `templates: ${s.edit.templatesMessage}`);
    check(s.fileName === 'c5070.anibnd.dcx' && s.status === 'ready', 'dropping templates replaced the open file');
    const labelled = s.timeline.events.filter((e) => e.type === type);
    check(labelled.length > 0 && labelled.every((e) => e.label === `E2E renamed ${type}`), `labels: ${labelled.map((e) => e.label).join(', ')}`);

    await dropText('<?xml version="1.0"?>\n<action_template game="SDT">\n  <action id="1" name="x">\n    <s32 name="a">\n</action_template>\n', 'broken.xml');
    await page.waitForFunction(() => /broken\.xml/.test(window.taescope.state().edit.templatesMessage), null, { timeout: 60000 });
    s = await state();
    check(s.edit.templatesMessageIsError && /line \d+/.test(s.edit.templatesMessage), `broken file: ${s.edit.templatesMessage}`);
    check(await page.isVisible('#error-overlay'), 'the error is not shown in the page');
    check(s.timeline.events.filter((e) => e.type === type).every((e) => e.label === `E2E renamed ${type}`), 'a broken file changed the templates in use');
    await page.screenshot({ path: path.join(shots, '23-templates-broken.png') });
    await page.click('#error-dismiss');
    s = await page.evaluate(() => window.taescope.resetTemplates());
    check(!s.edit.userTemplates && s.timeline.events.filter((e) => e.type === type).every((e) => !/E2E renamed/.test(e.label)), 'reset did not restore the built-in names');
  });

  await test('leaving the page with unsaved edits asks first (beforeunload); a clean page leaves without asking', async () => {
    if (!c5070) return 'skip';
    const { s: s0, bars } = await openAnimationWithBars();
    const from = await pointAt(s0, bars[0].index, (bars[0].start + bars[0].end) / 2);
    await drag(from, Math.round((3.2 / FPS) / secondsPerPixel(s0)));
    const s = await state();
    check(s.edit.dirty, 'the drag left the document clean');
    check(session.problems.length === 0, session.problems.join('; '));
    let asked = null;
    page.on('dialog', async (dialog) => { asked = dialog.type(); await dialog.accept(); });
    await page.close({ runBeforeUnload: true });
    // The dialog is an event: wait for it, with a generous cap that only ends a hung run (a slow,
    // loaded machine may take seconds to close a page; the verdict is whether it asked at all).
    const deadline = Date.now() + 60000;
    while (!asked && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    check(asked === 'beforeunload', `leaving asked: ${asked}`);
    // A page whose file was opened but not edited closes without a question.
    const clean = await openPage();
    await dropFile(clean.page, fs.readFileSync(c5070), 'c5070.anibnd.dcx');
    await clean.page.mouse.click(300, 300);
    let cleanAsked = null;
    clean.page.on('dialog', async (dialog) => { cleanAsked = dialog.type(); await dialog.accept(); });
    await clean.page.close({ runBeforeUnload: true });
    await new Promise((r) => setTimeout(r, 1000));
    check(cleanAsked === null, `a clean page asked: ${cleanAsked}`);
    await clean.context.close();
  });
  await session.context.close();
}
