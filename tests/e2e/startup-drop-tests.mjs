// End-to-end tests of a file dropped while the page is still starting (issue 34, "a bug found as
// a new user would"): the page opens its bundled sample by default and then warms its open path
// up on it (web/open_warm_up.h, the decode worker's warm-up). A user's file dropped 0.2, 0.5, 1
// or 2 s after the page's load event, while the sample opens or while the warm-up runs, must end shown: never the
// sample, neither at the end nor at any moment after the drop. Called by run-e2e.mjs.
//
// The dropped file is a real Elden Ring Kraken binder from the corpus when it is there
// (eldenring/c3000.krak.anibnd.dcx, decoded by the worker like the sample), else a binder made
// by `taescope generate` with another seed than the sample's (so the two differ in content and
// name).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM_ORIGIN_PATH = '/__e2e-drop/';  // served by the test's route, never by the server

function findCli(root) {
  const candidates = [process.env.TAESCOPE_CLI, 'build/native/taescope', 'build/release/taescope']
    .filter(Boolean).map((p) => path.resolve(root, p));
  return candidates.find((p) => fs.existsSync(p)) || null;
}

// The file to drop: { name, bytes, animations (from an independent count, or null) }.
function fileToDrop(corpusFile, root) {
  const real = corpusFile('eldenring/c3000.krak.anibnd.dcx');
  if (real) return { name: 'c3000.krak.anibnd.dcx', bytes: fs.readFileSync(real), source: 'corpus' };
  const cli = findCli(root);
  if (!cli) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taescope-drop-'));
  execFileSync(cli, ['generate', '--scale', 'small', '--seed', '34', '-o', dir, '--anibnd']);
  const bytes = fs.readFileSync(path.join(dir, 'c0000.anibnd.dcx'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { name: 'dropped-c0000.anibnd.dcx', bytes, source: 'generated (taescope generate --seed 34)' };
}

export async function startupDropTests({ browser, url, test, check, corpusFile, root }) {
  const dist = process.env.TAESCOPE_DIST || path.join(root, 'dist');
  const sampleIndex = path.join(dist, 'samples', 'index.json');
  const samples = fs.existsSync(sampleIndex) ? JSON.parse(fs.readFileSync(sampleIndex, 'utf8')).samples || [] : [];
  const drop = fileToDrop(corpusFile, root);

  // A fresh page; the file is dropped `delayMs` after its load event (or as soon as the sample's
  // open reports 'parsing': 'sample-open', or the warm-up 'running': 'warm-up'). Every change of the page's status after the drop is
  // recorded in the page (the engine's change callback is wrapped) until the page has settled:
  // the warm-up over and the sample's start-up open (if it was to run) either done or given up.
  async function dropDuringStart(delayMs) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
    // The bytes come from a route of this test (same origin), fetched by the page before its load
    // event, so that the drop itself costs no transfer.
    await page.route(`**${CHROMIUM_ORIGIN_PATH}*`, (route) => route.fulfill({ status: 200, body: drop.bytes, contentType: 'application/octet-stream' }));
    await page.addInitScript((where) => {
      window.__dropBytes = fetch(where).then((r) => r.arrayBuffer());
    }, CHROMIUM_ORIGIN_PATH + 'file');
    try {
      await page.goto(url);
      const dropped = await page.evaluate(async ({ delayMs, name }) => {
        const bytes = new Uint8Array(await window.__dropBytes);
        const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
        if (delayMs === 'warm-up') {
          const deadline = performance.now() + 30000;
          while (!(window.taescope && window.taescope.openStatus && window.taescope.openStatus().warmUp.state === 'running')) {
            if (performance.now() > deadline) return { error: 'the warm-up never ran' };
            await sleep(2);
          }
        } else if (delayMs === 'sample-open') {
          // The sample's open, from its worker decode to its parse: polled each task (the sample is
          // small, so the window is a few milliseconds; missing it is reported, not failed).
          const deadline = performance.now() + 30000;
          const opening = () => {
            try {
              const s = window.taescope.openStatus();
              return s.status === 'parsing' && /^sample/.test(s.fileName || '');
            } catch { return false; }
          };
          while (!opening()) {
            if (performance.now() > deadline) return { error: 'the sample never opened' };
            await new Promise((r) => setTimeout(r, 0));
          }
        } else {
          const loaded = performance.getEntriesByType('navigation')[0].loadEventEnd;
          await sleep(loaded + delayMs - performance.now());
        }
        // What the page was doing when the file arrived.
        const before = window.taescope.openStatus();
        const at = performance.now() - performance.getEntriesByType('navigation')[0].loadEventEnd;
        window.__seen = [];
        window.__record = () => {
          try {
            const s = window.taescope.state();
            const last = window.__seen[window.__seen.length - 1];
            if (!last || last.fileName !== s.fileName || last.status !== s.status) window.__seen.push({ fileName: s.fileName, status: s.status });
          } catch { /* module still loading */ }
        };
        window.__recorder = setInterval(window.__record, 5);
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type: 'application/octet-stream' }));
        const target = document.getElementById('canvas');
        for (const type of ['dragenter', 'dragover', 'drop'])
          target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
        return { at, before: { status: before.status, warmUp: before.warmUp.state } };
      }, { delayMs, name: drop.name });
      if (dropped.error) throw new Error(dropped.error);
      // Settled: the module ready, the warm-up over (or given up), the dropped file's open over.
      await page.waitForFunction(() => window.taescope && window.taescope.ready, null, { timeout: 60000 });
      await page.evaluate(() => window.taescope.ready);
      await page.waitForFunction(() => {
        const w = window.taescope.openStatus().warmUp.state;
        return w !== 'not started' && w !== 'running';
      }, null, { timeout: 60000 });
      await page.waitForFunction((name) => {
        const s = window.taescope.openStatus();
        return s.fileName === name && (s.status === 'ready' || s.status === 'error');
      }, drop.name, { timeout: 60000 }).catch(() => {});
      // Anything still on its way (a sample fetched late) has a second to show itself.
      await page.waitForTimeout(1000);
      const end = await page.evaluate(() => {
        clearInterval(window.__recorder);
        window.__record();
        const s = window.taescope.state();
        return { fileName: s.fileName, status: s.status, error: s.error && s.error.text, animations: s.document ? s.document.animationCount : 0,
                 warmUp: s.warmUp, seen: window.__seen };
      });
      return { dropped, end, problems };
    } finally {
      await context.close();
    }
  }

  const describe = (r) => `dropped at ${r.dropped.at.toFixed(0)} ms (page ${r.dropped.before.status}, warm-up ${r.dropped.before.warmUp}); ` +
    `shown ${r.end.fileName} (${r.end.status}${r.end.error ? `: ${r.end.error}` : ''}); seen after the drop: ${r.end.seen.map((s) => `${s.fileName || '-'}:${s.status}`).join(' → ')}; warm-up ${r.end.warmUp.state}`;

  for (const delayMs of [200, 500, 1000, 2000, 'sample-open', 'warm-up']) {
    const when = delayMs === 'warm-up' ? 'while the warm-up runs' : delayMs === 'sample-open' ? 'while the sample opens (worker decode or parse)'
      : `${delayMs / 1000} s after the page's load`;
    await test(`a file dropped ${when} is the one shown, and the sample never shows after the drop (${drop ? drop.name : 'no file to drop'})`, async () => {
      if (!drop) return 'skip';
      if (typeof delayMs === 'string' && !samples.length) return 'skip';  // no sample: no warm-up
      const r = await dropDuringStart(delayMs);
      console.log(`note  ${drop.source}: ${describe(r)}`);
      check(r.end.status === 'ready' && r.end.fileName === drop.name, `the dropped file is not shown: ${describe(r)}`);
      check(r.end.animations > 0, `the dropped file shows no animation: ${describe(r)}`);
      const sampleAfterDrop = r.end.seen.filter((s) => s.fileName && s.fileName !== drop.name);
      // The first record may be the sample as it was when the file arrived; after the dropped
      // file's name first appears, no other name may.
      const firstOurs = r.end.seen.findIndex((s) => s.fileName === drop.name);
      const laterOthers = firstOurs < 0 ? sampleAfterDrop : r.end.seen.slice(firstOurs).filter((s) => s.fileName !== drop.name);
      check(laterOthers.length === 0, `another file replaced the dropped one: ${describe(r)}`);
      check(r.problems.length === 0, r.problems.join('; '));
    });
  }
}
