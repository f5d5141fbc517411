// End-to-end test of the page's glTF export (Export window, "Export glTF…"; taescope.exportGltf):
// the page writes the bytes `taescope gltf` writes for the same character and animation, and the
// Khronos glTF Validator finds no error in them. Called by run-e2e.mjs with its helpers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import validator from 'gltf-validator';

function findCli(root) {
  const candidates = [process.env.TAESCOPE_CLI, 'build/native/taescope', 'build/release/taescope']
    .filter(Boolean).map((p) => path.resolve(root, p));
  return candidates.find((p) => fs.existsSync(p)) || null;
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
      const pageBytes = Buffer.from(await page.evaluate(() => Array.from(window.taescope.exportGltf({ all: false }))));
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

  await test('Export glTF on the page with the body: c5051 anibnd + chrbnd, a000_003004, gives the bytes of `taescope gltf` with the model binder, and the validator finds no error; every animation with the body, timed', async () => {
    const anibnd = corpusFile('eldenring/c5051.anibnd.dcx');
    const chrbnd = corpusFile('eldenring/c5051.chrbnd.dcx');
    const cli = findCli(root);
    if (!anibnd || !chrbnd || !cli) return 'skip';
    const { page, context, problems } = await openPage({ query: '?sample=none' });
    try {
      await page.evaluate(async (files) => {
        const set = files.map(({ base64, name }) => {
          const binary = atob(base64);
          const bytes = new Uint8Array(binary.length);
          for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
          return { bytes, name };
        });
        await window.taescope.openSet(set);
      }, [{ base64: fs.readFileSync(anibnd).toString('base64'), name: 'c5051.anibnd.dcx' },
          { base64: fs.readFileSync(chrbnd).toString('base64'), name: 'c5051.chrbnd.dcx' }]);
      await page.waitForFunction(() => { const m = window.taescope.state().model; return m && (m.status === 'ready' || m.status === 'error'); }, null, { timeout: 120000 });
      const model = await page.evaluate(() => window.taescope.state().model);
      check(model.status === 'ready', `model ${model.status}: ${model.error}`);
      await page.evaluate(() => window.taescope.select(0, 'a000_003004'));
      const one = await page.evaluate(() => {
        const t0 = performance.now();
        const bytes = window.taescope.exportGltf({ all: false });
        return { ms: performance.now() - t0, bytes: Array.from(bytes) };
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
      const all = await page.evaluate(() => {
        const t0 = performance.now();
        const bytes = window.taescope.exportGltf({ all: true });
        return { ms: performance.now() - t0, size: bytes.length };
      });
      console.log(`note  page glTF with the body: a000_003004 ${pageBytes.length} bytes in ${one.ms.toFixed(0)} ms (CLI ${cliBytes.length} bytes), ` +
        `${report.info ? report.info.totalVertexCount : '?'} vertices; validator: ${report.issues.numErrors} errors, ${report.issues.numWarnings} warnings; ` +
        `every animation: ${all.size} bytes in ${all.ms.toFixed(0)} ms on the page's main thread`);
      check(report.issues.numErrors === 0, `validator errors: ${report.issues.messages.filter((m) => m.severity === 0).slice(0, 3).map((m) => m.code).join(', ')}`);
      check(report.info && report.info.totalVertexCount > 0, 'no vertices in the export: the body is missing');
      check(pageBytes.equals(cliBytes), `the page's .glb differs from the CLI's (${pageBytes.length} vs ${cliBytes.length} bytes)`);
      check(problems.length === 0, problems.join('; '));
    } finally {
      await context.close();
    }
  });
}
