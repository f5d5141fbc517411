// End-to-end test of the evidence layer in the page (issue 12): the Inspector's fields carry the
// notes' confidence and source, and the "Proven/Observed only" filter hides the names that only
// a community template gives. Called by run-e2e.mjs with its helpers.
import fs from 'node:fs';
import path from 'node:path';

export async function evidenceTests({ openPage, dropFile, frames, test, check, corpusFile, shots }) {
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
}
