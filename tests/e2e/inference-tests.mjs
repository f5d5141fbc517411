// End-to-end tests of the event layouts inferred from the data (issue 33): on the page, a
// Armored Core VI event of a type no template knows (328, 333, 735, 10300 in ac6/c0100) shows fields inferred from the file's events,
// marked Inferred; the inferred layouts saved as a template file, loaded back, decode the same
// fields, and the community types stay as they were. Called by run-e2e.mjs with its helpers.
import fs from 'node:fs';
import path from 'node:path';

export async function inferenceTests({ openPage, dropFile, frames, test, check, corpusFile, shots }) {
  await test('inference: an Armored Core VI event without a template shows inferred fields marked Inferred; the saved template file reopens and decodes the same fields', async () => {
    const file = corpusFile('ac6/c0100.anibnd.dcx');
    if (!file) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      const opened = await dropFile(page, fs.readFileSync(file), 'c0100.anibnd.dcx');
      check(opened.status === 'ready', `status ${opened.status}`);
      // Inference runs after the open, a slice a frame; it never delays the open.
      await page.waitForFunction(() => window.taescope.state().inference.status === 'done', null, { timeout: 60000 });
      let s = await page.evaluate(() => window.taescope.state());
      check(s.inference.game === 'AC6', `inference game ${s.inference.game}`);
      check(s.inference.typesTotal > 50 && s.inference.typesDone === s.inference.typesTotal,
        `${s.inference.typesDone} of ${s.inference.typesTotal} types`);
      console.log(`note  inference: ${s.inference.typesTotal} types of c0100 in ${s.inference.ms.toFixed(0)} ms of slices`);

      // The first event of the first animations whose type has no template.
      const found = await page.evaluate(() => {
        const t = window.taescope;
        const files = t.state().document.taeFiles.length;
        for (let f = 0; f < files; f++) {
          for (let a = 0; a < 60; a++) {
            let st;
            try { st = t.select(f, a); } catch (e) { break; }
            for (const e of st.timeline.events) {
              const after = t.selectEvent(e.index);
              if (after.selectedEvent && after.selectedEvent.template === '' && after.inference.selected &&
                  after.inference.selected.fields.some((x) => x.type !== 'pad')) return { f, a, index: e.index };
            }
          }
        }
        return null;
      });
      check(found, 'no event of a type without a template in the first animations');
      s = await page.evaluate(() => window.taescope.state());
      const inferred = s.inference.selected;
      check(inferred.template === false, 'the type has a template');
      check(inferred.fields.length > 0, 'no inferred field');
      const hex = s.selectedEvent.parameterHex;
      for (const f of inferred.fields) {
        check(f.evidence === 'Inferred', `field @${f.offset} evidence ${f.evidence}`);
        check(['f32', 's32', 'u32', 's16', 'u16', 's8', 'u8', 'bool', 'pad', 'bytes', 'const'].includes(f.type), `field @${f.offset} type ${f.type}`);
        // A constant is never typed with confidence: low, with what it could be.
        if (f.type === 'const') check(f.confidence === 'low' && f.couldBe.length > 0, `constant @${f.offset}: ${f.confidence}, "${f.couldBe}"`);
        check(f.offset * 2 + f.size * 2 <= hex.length, `field @${f.offset} past the bytes`);
      }
      await frames(page);
      await page.screenshot({ path: path.join(shots, '60-inference-inspector.png') });

      // The saved template file: loaded back, it decodes the event into the same fields.
      const text = s.inference.templateText;
      check(typeof text === 'string' && text.startsWith('format taescope-templates 1'), 'no template text');
      check(text.includes(`event ${inferred.type} `), `type ${inferred.type} is not in the saved file`);
      const before = s.selectedEvent;
      await page.evaluate((t) => window.taescope.loadTemplates(t, 'AC6-inferred.templates.txt'), text);
      await frames(page);
      s = await page.evaluate(() => window.taescope.state());
      check(s.selectedEvent.template !== '', 'the loaded template file does not decode the type');
      const decoded = s.selectedEvent.fields.filter((f) => f.type !== 'bytes');
      const expected = inferred.fields.filter((f) => f.type !== 'pad' && f.type !== 'bytes' && f.type !== 'const');
      check(decoded.length === expected.length, `${decoded.length} decoded fields, ${expected.length} inferred`);
      expected.forEach((f, i) => {
        check(decoded[i].offset === f.offset && decoded[i].size === f.size, `field ${i}: @${decoded[i].offset} vs @${f.offset}`);
        check(decoded[i].value === f.value, `field @${f.offset}: ${decoded[i].value} decoded, ${f.value} inferred`);
      });
      check(s.selectedEvent.parameterHex === before.parameterHex, 'the bytes changed');
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
