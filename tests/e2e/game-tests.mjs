// End-to-end tests of knowing the game (issue 41): the page names the game of a file with the
// clue that decided it (a binder path root, or a guess from a loose file's event bank), the user
// can choose another game and go back to the detected one, and a Nightreign character whose clips
// live in two _div binders opens as one character when the three files are dropped together.
// Called by run-e2e.mjs with its helpers.
import fs from 'node:fs';
import path from 'node:path';
import { dropFiles } from './open-tests.mjs';

export async function gameTests({ openPage, dropFile, frames, test, check, corpusFile, shots }) {
  await test('game: ac6/c0100 is named Armored Core VI by its W:\\FNR path root; the user chooses Elden Ring and goes back; a loose TAE is a marked guess', async () => {
    const file = corpusFile('ac6/c0100.anibnd.dcx');
    const loose = corpusFile('eldenring/c0000-a10.tae');
    if (!file || !loose) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      let s = await dropFile(page, fs.readFileSync(file), 'c0100.anibnd.dcx');
      check(s.status === 'ready', `status ${s.status}`);
      const files = s.document.taeFiles;
      check(files.length === 53, `${files.length} event files`);
      check(files.every((f) => f.game === 'AC6' && f.detectedGame === 'AC6' && !f.gameGuessed && f.templates),
        `games ${[...new Set(files.map((f) => f.game))]}`);
      check(files[0].gameReason === 'binder path root W:\\FNR', `reason "${files[0].gameReason}"`);
      check(files.every((f) => f.gameDisagreements.length === 0), `disagreements ${JSON.stringify(files[0].gameDisagreements)}`);
      await page.screenshot({ path: path.join(shots, '70-game-ac6.png') });

      s = await page.evaluate(() => window.taescope.chooseGame('ER'));
      check(s.document.taeFiles.every((f) => f.game === 'ER' && f.detectedGame === 'AC6' && f.templates), 'not every file chosen as ER');
      check(s.document.taeFiles[0].gameReason.startsWith('chosen by you'), `reason "${s.document.taeFiles[0].gameReason}"`);
      s = await page.evaluate(() => window.taescope.chooseGame('XX'));  // no templates: nothing changes
      check(s.document.taeFiles.every((f) => f.game === 'ER'), 'a game without templates was chosen');
      s = await page.evaluate(() => window.taescope.chooseGame(''));
      check(s.document.taeFiles.every((f) => f.game === 'AC6') && s.document.taeFiles[0].gameReason === 'binder path root W:\\FNR',
        `back: ${s.document.taeFiles[0].game} "${s.document.taeFiles[0].gameReason}"`);

      s = await dropFile(page, fs.readFileSync(loose), 'c0000-a10.tae');
      const t = s.document.taeFiles[0];
      check(t.game === 'ER' && t.gameGuessed && /a guess from the event bank 37/.test(t.gameReason), `loose: ${t.game} guessed ${t.gameGuessed} "${t.gameReason}"`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('game: Nightreign c7610 dropped with c7610_div00 and c7610_div01 (any order) is one character, named Nightreign, decoded with Elden Ring\'s templates; clips from both _div binders play', async () => {
    const names = ['c7610_div01.anibnd.dcx', 'c7610.anibnd.dcx', 'c7610_div00.anibnd.dcx'];
    const paths = names.map((n) => corpusFile(`nightreign/${n}`));
    if (paths.some((p) => !p)) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      await dropFiles(page, paths.map((p, i) => ({ bytes: fs.readFileSync(p), name: names[i] })));
      await page.waitForFunction(() => {
        const s = window.taescope.state();
        return (s.status === 'ready' && s.fileName === 'c7610.anibnd.dcx' && s.companions.length === 2) || s.status === 'error';
      }, null, { timeout: 120000 });
      let s = await page.evaluate(() => window.taescope.state());
      check(s.status === 'ready' && s.fileName === 'c7610.anibnd.dcx', `shown ${s.fileName} (${s.status})`);
      check(s.companions.length === 2 && s.companionErrors.length === 0, `companions ${JSON.stringify(s.companions)}, errors ${JSON.stringify(s.companionErrors)}`);
      const t = s.document.taeFiles[0];
      check(s.document.taeFileCount === 1 && s.document.animationCount === 124 && s.document.eventCount === 6365,
        `${s.document.taeFileCount} event files, ${s.document.animationCount} animations, ${s.document.eventCount} events`);
      check(t.game === 'NR' && t.templates && !t.gameGuessed && t.gameReason === 'binder path root W:\\CL', `game ${t.game} "${t.gameReason}"`);
      // One clip from each _div binder, each read with its own binder's compendium.
      for (const [anim, frameCount] of [['a000_000020', 85], ['a001_002001', 51]]) {
        s = await page.evaluate((a) => window.taescope.select(0, a), anim);
        check(s.pose.hasClip && s.pose.boneCount === 272 && s.pose.frameCount === frameCount,
          `${anim}: clip ${s.pose.hasClip} (${s.pose.reason}), ${s.pose.boneCount} bones, ${s.pose.frameCount} frames`);
        check(s.selectedEvent === null || s.selectedEvent.template !== '', `${anim}: an event without a template`);
      }
      await page.evaluate(() => window.taescope.showPose(true));
      await frames(page);
      await page.screenshot({ path: path.join(shots, '71-game-nightreign-set.png') });
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
