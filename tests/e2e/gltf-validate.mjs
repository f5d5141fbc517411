// The glTF export (`taescope gltf`, engine/share/character_gltf.h) checked by the Khronos glTF
// Validator (npm gltf-validator): a skeleton-only export and one with the body, each with an
// animation and its events, must give zero errors. ./test runs it after the native build:
//
//   node tests/e2e/gltf-validate.mjs build/native/taescope
//
// Uses the corpus' c5051 (../shared/corpus or $TAESCOPE_CORPUS); without it, a binder made by
// `taescope generate` has no Havok data, so the checks are skipped and say so. Prints one line per
// check and ends with "N passed, M failed".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import validator from 'gltf-validator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const taescope = path.resolve(process.argv[2] || path.join(root, 'build/native/taescope'));
const corpus = process.env.TAESCOPE_CORPUS || path.resolve(root, '../shared/corpus');
const anibnd = path.join(corpus, 'eldenring/c5051.anibnd.dcx');
const chrbnd = path.join(corpus, 'eldenring/c5051.chrbnd.dcx');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'taescope-gltf-'));
let passed = 0, failed = 0;

async function check(name, args) {
  const file = path.join(out, `${name}.glb`);
  try {
    execFileSync(taescope, ['gltf', ...args, '-o', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const text = String(error.stderr || error.message).trim();
    if (/not yet implemented/.test(text)) {
      console.log(`skip  ${name}: ${text}`);
      return;
    }
    failed++;
    console.log(`FAIL  ${name}: taescope gltf failed: ${text}`);
    return;
  }
  const bytes = new Uint8Array(fs.readFileSync(file));
  const report = await validator.validateBytes(bytes, { maxIssues: 50 });
  const { numErrors, numWarnings, numInfos } = report.issues;
  const errors = report.issues.messages.filter((m) => m.severity === 0).slice(0, 5).map((m) => `${m.code} ${m.pointer || ''}: ${m.message}`);
  const facts = `${bytes.length} bytes; ${report.info ? `${report.info.animationCount} animation(s), ${report.info.totalVertexCount || 0} vertices, ${report.info.totalTriangleCount || 0} triangles` : ''}; validator ${report.validatorVersion}: ${numErrors} errors, ${numWarnings} warnings, ${numInfos} infos`;
  if (numErrors === 0) {
    passed++;
    console.log(`ok    ${name}: ${facts}`);
  } else {
    failed++;
    console.log(`FAIL  ${name}: ${facts}; ${errors.join('; ')}`);
  }
  const warnings = report.issues.messages.filter((m) => m.severity === 1).slice(0, 3).map((m) => `${m.code}: ${m.message}`);
  if (warnings.length) console.log(`note  ${name} warnings: ${warnings.join('; ')}`);
}

if (!fs.existsSync(taescope)) {
  console.log(`FAIL  no taescope at ${taescope}`);
  failed++;
} else if (!fs.existsSync(anibnd)) {
  console.log(`skip  corpus absent (${anibnd}): no character with Havok data to export`);
} else {
  await check('skeleton-c5051', [anibnd, '--anim', 'a000_003004', '--anim', 'a000_003022']);
  if (fs.existsSync(chrbnd)) await check('body-c5051', [anibnd, chrbnd, '--anim', 'a000_003004']);
  else console.log(`skip  body: ${chrbnd} absent`);
}
fs.rmSync(out, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
