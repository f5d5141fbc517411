// End-to-end test of the page's glTF export (Export window, "Export glTF…"; taescope.exportGltf):
// the page writes the bytes `taescope gltf` writes for the same character and animation, and the
// Khronos glTF Validator finds no error in them. Called by run-e2e.mjs with its helpers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import validator from 'gltf-validator';
import { longestTracedTask, machineIsIdle } from './open-tests.mjs';

function findCli(root) {
  const candidates = [process.env.TAESCOPE_CLI, 'build/native/taescope', 'build/release/taescope']
    .filter(Boolean).map((p) => path.resolve(root, p));
  return candidates.find((p) => fs.existsSync(p)) || null;
}

// c5051's animation and model binders opened together; the model's state once it is read (or failed).
async function openWithBody(page, anibnd, chrbnd) {
  await page.evaluate(async (files) => {
    const set = files.map(({ base64, name }) => {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return { bytes, name };
    });
    await window.taescope.openSet(set);
  }, [{ base64: fs.readFileSync(anibnd).toString('base64'), name: path.basename(anibnd) },
      { base64: fs.readFileSync(chrbnd).toString('base64'), name: path.basename(chrbnd) }]);
  await page.waitForFunction(() => { const m = window.taescope.state().model; return m && (m.status === 'ready' || m.status === 'error'); }, null, { timeout: 120000 });
  return page.evaluate(() => window.taescope.state().model);
}

export async function gltfPageTests({ openPage, dropFile, test, check, corpusFile, root }) {
  await test('Export glTF on the page: c5051 a000_003004 (skeleton only) gives the bytes of `taescope gltf`, and the glTF Validator finds no error', async () => {
    const anibnd = corpusFile('eldenring/c5051.anibnd.dcx');
    const cli = findCli(root);
    if (!anibnd || !cli) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      const s = await dropFile(page, fs.readFileSync(anibnd), 'c5051.anibnd.dcx');
      check(s.status === 'ready', `status ${s.status}`);
      await page.evaluate(() => window.taescope.select(0, 'a000_003004'));
      const pageBytes = Buffer.from(await page.evaluate(async () => Array.from(await window.taescope.exportGltf({ all: false }))));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taescope-gltf-page-'));
      const out = path.join(dir, 'c5051.glb');
      execFileSync(cli, ['gltf', anibnd, '--anim', 'a000_003004', '-o', out]);
      const cliBytes = fs.readFileSync(out);
      fs.rmSync(dir, { recursive: true, force: true });
      const report = await validator.validateBytes(new Uint8Array(pageBytes));
      console.log(`note  page glTF ${pageBytes.length} bytes, CLI ${cliBytes.length} bytes; validator: ${report.issues.numErrors} errors, ${report.issues.numWarnings} warnings`);
      check(report.issues.numErrors === 0, `validator errors: ${report.issues.messages.filter((m) => m.severity === 0).slice(0, 3).map((m) => m.code).join(', ')}`);
      check(pageBytes.equals(cliBytes), `the page's .glb differs from the CLI's (${pageBytes.length} vs ${cliBytes.length} bytes)`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('Export glTF on the page with the body: c5051 anibnd + chrbnd, a000_003004, gives the bytes of `taescope gltf` with the model binder (written by the export worker), and the validator finds no error', async () => {
    const anibnd = corpusFile('eldenring/c5051.anibnd.dcx');
    const chrbnd = corpusFile('eldenring/c5051.chrbnd.dcx');
    const cli = findCli(root);
    if (!anibnd || !chrbnd || !cli) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      const model = await openWithBody(page, anibnd, chrbnd);
      check(model.status === 'ready', `model ${model.status}: ${model.error}`);
      await page.evaluate(() => window.taescope.select(0, 'a000_003004'));
      const one = await page.evaluate(async () => {
        const t0 = performance.now();
        const bytes = await window.taescope.exportGltf({ all: false });
        return { ms: performance.now() - t0, bytes: Array.from(bytes), state: window.taescope.state().gltfExport };
      });
      const pageBytes = Buffer.from(one.bytes);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taescope-gltf-page-'));
      const out = path.join(dir, 'c5051.glb');
      execFileSync(cli, ['gltf', anibnd, chrbnd, '--anim', 'a000_003004', '-o', out]);
      const cliBytes = fs.readFileSync(out);
      fs.rmSync(dir, { recursive: true, force: true });
      if (!pageBytes.equals(cliBytes)) {
        // Kept for a look: build/e2e/gltf-{page,cli}-c5051.glb
        fs.writeFileSync(path.join(root, 'build', 'e2e', 'gltf-page-c5051.glb'), pageBytes);
        fs.writeFileSync(path.join(root, 'build', 'e2e', 'gltf-cli-c5051.glb'), cliBytes);
      }
      const report = await validator.validateBytes(new Uint8Array(pageBytes));
      console.log(`note  page glTF with the body: a000_003004 ${pageBytes.length} bytes in ${one.ms.toFixed(0)} ms by the export worker (CLI ${cliBytes.length} bytes), ` +
        `${report.info ? report.info.totalVertexCount : '?'} vertices; validator: ${report.issues.numErrors} errors, ${report.issues.numWarnings} warnings`);
      check(one.state.phase === 'done' && one.state.name === 'c5051-a000_003004.glb' && one.state.bytes === pageBytes.length,
        `state().gltfExport after the export: ${JSON.stringify(one.state)}`);
      check(report.issues.numErrors === 0, `validator errors: ${report.issues.messages.filter((m) => m.severity === 0).slice(0, 3).map((m) => m.code).join(', ')}`);
      check(report.info && report.info.totalVertexCount > 0, 'no vertices in the export: the body is missing');
      check(pageBytes.equals(cliBytes), `the page's .glb differs from the CLI's (${pageBytes.length} vs ${cliBytes.length} bytes)`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });

  await test('Export glTF of every animation of c5051 with the body runs in the export worker: progress over frames while the page draws, Cancel stops it, a second run gives the bytes of `taescope gltf --all` with no main-thread task of 50 ms or more (thread CPU time)', async () => {
    const anibnd = corpusFile('eldenring/c5051.anibnd.dcx');
    const chrbnd = corpusFile('eldenring/c5051.chrbnd.dcx');
    const cli = findCli(root);
    if (!anibnd || !chrbnd || !cli) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    let browser = null, tracing = false;
    try {
      await openWithBody(page, anibnd, chrbnd);
      // Every frame while the export runs records its progress (requestAnimationFrame: the page drew).
      // Until window.__gltfStop is set.
      const watch = () => page.evaluate(() => {
        window.__gltfFrames = [];
        window.__gltfStop = false;
        const tick = () => {
          const g = window.taescope.state().gltfExport;
          window.__gltfFrames.push({ phase: g.phase, done: g.done, total: g.total });
          if (!window.__gltfStop) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      // 1. Started, then cancelled once a few animations are sampled.
      await watch();
      await page.evaluate(() => {
        window.__gltfRun = window.taescope.exportGltf({ all: true })
          .then((b) => ({ ok: true, size: b.length }), (e) => ({ ok: false, message: e.message }));
      });
      await page.waitForFunction(() => window.taescope.state().gltfExport.done >= 3, null, { timeout: 120000 });
      const cancelled = await page.evaluate(async () => {
        const answer = window.taescope.cancelGltfExport();
        window.__gltfStop = true;
        return { answer, run: await window.__gltfRun, state: window.taescope.state().gltfExport, frames: window.__gltfFrames };
      });
      const seen = new Set(cancelled.frames.filter((f) => f.phase === 'running').map((f) => f.done));
      console.log(`note  glTF every animation, cancelled: ${JSON.stringify(cancelled.state)}; ${cancelled.frames.length} frames drawn meanwhile, progress values seen in them ${[...seen].join(',')}`);
      check(cancelled.answer === true && !cancelled.run.ok && /cancelled/.test(cancelled.run.message), `cancel: ${JSON.stringify(cancelled.run)}`);
      check(cancelled.state.phase === 'cancelled' && cancelled.state.cancelled === 1 && cancelled.state.total === 110, `state after cancel: ${JSON.stringify(cancelled.state)}`);
      // The page drew while the worker sampled: frames saw the progress move (at least two values).
      check(seen.size >= 2, `progress values seen by frames while running: ${[...seen].join(',')}`);
      check(await page.evaluate(() => window.taescope.cancelGltfExport()) === false, 'a second cancel found an export');

      // 2. The whole export, traced: the bytes of `taescope gltf --all`, no long main-thread task.
      browser = context.browser();
      await watch();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
      tracing = true;
      const whole = await page.evaluate(async () => {
        const t0 = performance.now();
        window.__glb = await window.taescope.exportGltf({ all: true });
        window.__gltfStop = true;
        return { ms: performance.now() - t0, size: window.__glb.length, state: window.taescope.state().gltfExport };
      });
      tracing = false;
      const traced = longestTracedTask(browser, await browser.stopTracing());
      // The test's own digest of the 39 MB, after the traced span (it is not the page's work).
      whole.digest = await page.evaluate(async () => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', window.__glb)))
        .map((b) => b.toString(16).padStart(2, '0')).join(''));
      const frames = await page.evaluate(() => window.__gltfFrames);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taescope-gltf-all-'));
      const out = path.join(dir, 'c5051-all.glb');
      execFileSync(cli, ['gltf', anibnd, chrbnd, '--all', '-o', out]);
      const cliBytes = fs.readFileSync(out);
      fs.rmSync(dir, { recursive: true, force: true });
      const cliDigest = crypto.createHash('sha256').update(cliBytes).digest('hex');
      const progress = new Set(frames.filter((f) => f.phase === 'running').map((f) => f.done));
      console.log(`note  glTF every animation with the body: ${whole.size} bytes in ${whole.ms.toFixed(0)} ms by the export worker (CLI ${cliBytes.length} bytes); ` +
        `${frames.length} frames drawn meanwhile (${progress.size} progress values); traced: longest main-thread task ${traced.cpu.toFixed(1)} ms of thread CPU time (${traced.wall.toFixed(0)} ms wall); ${machineIsIdle().text}`);
      check(whole.state.phase === 'done' && whole.state.done === 110 && whole.state.bytes === whole.size, `state: ${JSON.stringify(whole.state)}`);
      check(whole.size === cliBytes.length && whole.digest === cliDigest, `the page's .glb (${whole.size} bytes, sha256 ${whole.digest.slice(0, 12)}) differs from the CLI's (${cliBytes.length}, ${cliDigest.slice(0, 12)})`);
      check(progress.size >= 2, `progress values seen by frames: ${[...progress].join(',')}`);
      check(traced.cpu < 50, `a main-thread task of ${traced.cpu.toFixed(1)} ms of thread CPU time during the export (limit 50)`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      if (tracing) await browser.stopTracing().catch(() => {});
      await context.close();
    }
  });
}
