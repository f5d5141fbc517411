// End-to-end tests of the event reference (issue 28): the Reference panel opens from a link
// with no file, searches as the user types, shows a type whole with the confidence of every
// field, keeps the address bar on the view with Back/Forward between types, refuses hostile
// links without harm, and, with a file open, counts the type's values there and lists their
// events in Search. Called by run-e2e.mjs with its helpers.
import fs from 'node:fs';
import path from 'node:path';

export async function referenceTests({ openPage, dropFile, frames, test, check, corpusFile, shots }) {
  const waitFor = (page, predicate, arg) => page.waitForFunction(predicate, arg, { timeout: 60000 });

  await test('reference: #v1.r=SDT/233 with no file shows the 32 mask fields with their confidence; F2 closes and opens it', async () => {
    const { page, context, problems, state } = await openPage({ query: '?sample=none#v1.r=SDT/233' });
    try {
      check(state.status === 'empty', `a file is open: ${state.status}`);
      const r = state.reference;
      check(r.open && state.windows.reference, 'the Reference panel is not open');
      check(r.error === '', `error: ${r.error}`);
      check(r.shown && r.shown.game === 'SDT' && r.shown.type === 233, `shown: ${JSON.stringify(r.shown && { game: r.shown.game, type: r.shown.type })}`);
      check(r.shown.name === 'Change Character Draw Mask', `name ${r.shown.name}`);
      check(r.shown.fields.length === 32, `${r.shown.fields.length} fields`);
      r.shown.fields.forEach((f, i) => {
        check(f.name === `Mask ${i + 1}` && f.offset === i && f.size === 1 && f.type === 'u8', `field ${i}: ${JSON.stringify(f)}`);
        check(f.confidence === 'Sourced' && f.source === 'Sourced (DSAnimStudio)' && f.fromNotes, `field ${i}: ${f.confidence} ${f.source}`);
      });
      check(r.shown.confidence === 'Sourced', `type confidence ${r.shown.confidence}`);
      check(r.shown.simulation.some((l) => l.startsWith('mask event')), `simulation: ${r.shown.simulation.join(' | ')}`);
      check(r.shown.file === null, 'counts without a file');
      check(r.fragment === 'v1.r=SDT/233', `fragment ${r.fragment}`);
      check(await page.evaluate(() => location.hash) === '#v1.r=SDT/233', 'the address bar left the view');
      await frames(page);
      await page.screenshot({ path: path.join(shots, '40-reference-sdt-233.png') });

      await page.locator('#canvas').focus();
      await page.keyboard.press('F2');
      await waitFor(page, () => !window.taescope.state().windows.reference);
      check(await page.evaluate(() => location.hash) === '', 'closing the panel left its fragment in the address bar');
      await page.keyboard.press('F2');
      await waitFor(page, () => window.taescope.state().windows.reference);
      const again = await page.evaluate(() => window.taescope.state().reference);
      check(again.shown && again.shown.type === 233 && again.fragment === 'v1.r=SDT/233', 'F2 did not bring the view back');
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('reference: "draw mask" finds 233 in Sekiro and Elden Ring, typed into the panel as into any box, in one game or all', async () => {
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      const all = await page.evaluate(() => window.taescope.referenceSearch('draw mask'));
      const has = (hits, game, type) => hits.some((h) => h.game === game && h.type === type);
      check(has(all.hits, 'SDT', 233) && has(all.hits, 'ER', 233), `hits: ${all.hits.map((h) => `${h.game}/${h.type}`).join(', ')}`);
      const er = await page.evaluate(() => window.taescope.referenceSearch('draw mask', 'ER'));
      check(has(er.hits, 'ER', 233) && er.hits.every((h) => h.game === 'ER'), `ER only: ${er.hits.map((h) => `${h.game}/${h.type}`).join(', ')}`);
      const number = await page.evaluate(() => window.taescope.referenceSearch('795'));
      check(number.hits.length >= 5 && number.hits.every((h) => h.type === 795), `795: ${number.hits.map((h) => `${h.game}/${h.type}`).join(', ')}`);
      check(has(number.hits, 'ER', 795) && number.hits.every((h) => h.confidence), 'ER 795 missing');

      // Typed into the panel's box with the keyboard: the list follows each keystroke, and the
      // address bar is replaced (no history entry per keystroke).
      await page.evaluate(() => window.taescope.referenceSearch('', ''));
      await page.locator('#canvas').focus();
      await page.evaluate(() => window.taescope.showReference(true));
      await frames(page);
      const before = await page.evaluate(() => history.length);
      await page.keyboard.type('jump table', { delay: 30 });
      await waitFor(page, () => window.taescope.state().reference.query === 'jump table');
      const typed = await page.evaluate(() => window.taescope.state().reference);
      check(has(typed.hits, 'ER', 0) && has(typed.hits, 'SDT', 0), `typed: ${typed.hits.map((h) => `${h.game}/${h.type}`).join(', ')}`);
      check(typed.hits.every((h) => h.matched.length > 0), 'a hit without what it matched');
      check(await page.evaluate(() => history.length) === before, 'typing added history entries');
      check(await page.evaluate(() => decodeURIComponent(location.hash)) === '#v1.r=*&q=jump table', `hash ${await page.evaluate(() => location.hash)}`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('reference: each type shown is a history entry: Back returns to the previous view, Forward again', async () => {
    const { page, context, problems } = await openPage({ query: '?sample=none#v1.r=SDT/233' });
    try {
      const start = await page.evaluate(() => history.length);
      let s = await page.evaluate(() => window.taescope.openReference('ER', 795));
      check(s.reference.shown.game === 'ER' && s.reference.shown.type === 795, 'ER 795 not shown');
      check(await page.evaluate(() => location.hash) === '#v1.r=ER/795', 'the address bar did not follow');
      check(await page.evaluate(() => history.length) === start + 1, 'no history entry for the new view');
      await page.evaluate(() => history.back());
      await waitFor(page, () => { const r = window.taescope.state().reference; return r.shown && r.shown.game === 'SDT' && r.shown.type === 233; });
      check(await page.evaluate(() => location.hash) === '#v1.r=SDT/233', 'Back: wrong address');
      await page.evaluate(() => history.forward());
      await waitFor(page, () => { const r = window.taescope.state().reference; return r.shown && r.shown.game === 'ER' && r.shown.type === 795; });
      check(await page.evaluate(() => history.length) === start + 1, 'Back/Forward added entries');
      // The link the panel copies is the address of this view; taescope link --ref prints the same.
      const { link } = await page.evaluate(() => window.taescope.copyReferenceLink());
      check(link.endsWith('#v1.r=ER/795'), `copied ${link}`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('reference: hostile fragments show an error and the page keeps working', async () => {
    const { page, context, problems } = await openPage({ query: '?sample=none#v1.r=ER/99999999999' });
    try {
      let s = await page.evaluate(() => window.taescope.state());
      check(s.reference.open && /does not open/.test(s.reference.error), `start error: ${s.reference.error}`);
      check(await page.isVisible('#error-overlay'), 'no error overlay for the hostile start link');
      await page.click('#error-dismiss');
      s = await page.evaluate(() => window.taescope.openReference('ER', 795));
      check(s.reference.error === '' && s.reference.shown.type === 795, 'a valid view after the hostile start link did not show');
      const hostile = ['v1.r=' + '%'.repeat(900), 'v1.r=ER/1&q=%00', 'v1.r=../../etc/passwd', 'v1.r=ER/1&r=SDT',
        'v1.r=' + 'A'.repeat(70000), 'v1.r=NOPE/1', 'v1.r=ER/1&q=' + '%E2%82'.repeat(200), 'v1.r=*/233'];
      for (const fragment of hostile) {
        await page.evaluate((f) => { location.hash = f; }, fragment);
        await waitFor(page, () => window.taescope.state().reference.error !== '');
        s = await page.evaluate(() => window.taescope.state());
        check(/does not open/.test(s.reference.error), `${fragment.slice(0, 40)}: ${s.reference.error}`);
        const frame = s.frame;
        await waitFor(page, (f) => window.taescope.state().frame > f + 2, frame);
        await page.evaluate(() => window.taescope.openReference('ER', 795));
        s = await page.evaluate(() => window.taescope.state());
        check(s.reference.error === '' && s.reference.shown.type === 795, 'a valid view after the hostile one did not show');
      }
      await frames(page);
      await page.screenshot({ path: path.join(shots, '41-reference-after-hostile.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('reference: with a file open, the type\'s count and field values; a value lists its events in Search; the Inspector opens its type', async () => {
    const file = corpusFile('sekiro/c5070.anibnd.dcx');
    if (!file) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      let s = await dropFile(page, fs.readFileSync(file), 'c5070.anibnd.dcx');
      s = await page.evaluate(() => window.taescope.select(0, 'a000_000000'));
      const jump = s.timeline.events.find((e) => e.type === 0);
      check(jump, 'a000_000000 has no event of type 0');
      await page.evaluate((i) => window.taescope.selectEvent(i), jump.index);
      s = await page.evaluate(() => window.taescope.openSelectedInReference());
      const shown = s.reference.shown;
      check(shown && shown.game === 'SDT' && shown.type === 0, `shown ${shown && shown.game}/${shown && shown.type}`);
      const all = await page.evaluate(() => window.taescope.search('type:0'));
      check(shown.file && shown.file.events === all.hits.length && shown.file.events > 0, `count ${shown.file && shown.file.events} vs search ${all.hits.length}`);
      const id = shown.fields[0];
      check(id.stored === shown.file.events && id.values.length > 0, `field 0: ${JSON.stringify(id).slice(0, 200)}`);
      check(id.values.every((v) => typeof v.unnamed === 'boolean' && v.unnamed === (v.name === '')), 'unnamed marks');
      check(id.values.some((v) => !v.unnamed), 'no Jump Table id named');
      const listed = await page.evaluate(() => window.taescope.referenceListEvents(0, 0));
      check(listed.hits.length === id.values[0].count, `listed ${listed.hits.length}, counted ${id.values[0].count}`);
      s = await page.evaluate(() => window.taescope.state());
      check(s.windows.search, 'Search did not open');
      await frames(page);
      await page.screenshot({ path: path.join(shots, '42-reference-with-file.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('reference: a template file dropped with no file open is listed as USER and compared with the built-in games', async () => {
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      const text = ['format taescope-templates 1', 'game ER', '', 'event 795 "My Toughness" from=test',
        '  @0 s32 "Toughness"', '    = 7 "seven"', '  @4 f32 "Scale"', ''].join('\n');
      let s = await page.evaluate((t) => window.taescope.loadTemplates(t, 'mine.templates.txt'), text);
      check(!s.edit.templatesMessageIsError && /USER/.test(s.edit.templatesMessage), `message: ${s.edit.templatesMessage}`);
      check(s.reference.open && s.reference.games.includes('USER'), `games: ${s.reference.games.join(', ')}`);
      check(s.reference.shown && s.reference.shown.game === 'USER' && s.reference.shown.type === 795, 'USER 795 not shown');
      check(s.reference.shown.fields.map((f) => f.name).join(',') === 'Toughness,Scale', 'fields of the dropped file');
      check(s.reference.shown.differences.some((d) => d.game === 'ER' && /named "Invoke Toughness"/.test(d.text)), `differences: ${JSON.stringify(s.reference.shown.differences)}`);
      const found = await page.evaluate(() => window.taescope.referenceSearch('seven'));
      check(found.hits.length === 1 && found.hits[0].game === 'USER' && found.hits[0].type === 795, 'a named value of the dropped file is not found');
      check(s.reference.fragment === 'v1.r=USER/795', `fragment ${s.reference.fragment}`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('reference: the whole Elden Ring template listed (every row reachable through the list clipper)', async () => {
    const { page, context, problems } = await openPage({ query: '?sample=none#v1.r=ER/795' });
    try {
      const r = await page.evaluate(() => window.taescope.referenceSearch('', 'ER'));
      check(r.hitCount > 100 && r.hits.length === r.hitCount && r.hits.every((h) => h.game === 'ER'), `ER list ${r.hitCount}`);
      const start = (await page.evaluate(() => window.taescope.state())).frame;
      await waitFor(page, (f) => window.taescope.state().frame >= f + 10, start);
      await page.screenshot({ path: path.join(shots, '43-reference-er-list.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
