// Kraken decode speed in wasm under Node: our decoder (engine/container, built by
// bench/wasm/build.sh) beside the npm package ooz-wasm on the same single-block inputs, in the
// same run. Prints Markdown rows for docs/benchmarks.md. ooz-wasm cannot decode the multi-block
// FromSoftware files (decoder resets every 256 KiB), so only single-block payloads are compared.
//   node --no-experimental-fetch bench/wasm/kraken_vs_ooz.mjs build/bench-wasm/kraken_bench.js
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { decompressUnsafe } = await import(path.resolve(here, '../../tests/e2e/node_modules/ooz-wasm/index.js'));
const factory = require(path.resolve(process.argv[2]));
const ours = await factory();
const corpus = process.env.TAESCOPE_CORPUS || path.resolve(here, '../../../shared/corpus');

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
// Seconds per call of fn, measured for a batch of calls lasting ~10 ms (timer resolution).
const batchTime = (fn, calls) => { const a = performance.now(); for (let i = 0; i < calls; i++) fn(); return (performance.now() - a) / 1000 / calls; };
// Both decoders are warmed up first (V8 compiles wasm with Liftoff and tiers hot functions up
// to TurboFan only after they ran a while; a short run would time the baseline code), then
// timed in alternating rounds so a change of machine load during the run hits both alike.
const compare = (fnA, fnB, rounds) => {
  for (const fn of [fnA, fnB]) { const end = performance.now() + 400; while (performance.now() < end) fn(); }
  const calls = (fn) => Math.max(1, Math.round(0.01 / batchTime(fn, 20)));
  const nA = calls(fnA), nB = calls(fnB), tA = [], tB = [];
  for (let r = 0; r < rounds; r++) { tA.push(batchTime(fnA, nA)); tB.push(batchTime(fnB, nB)); }
  return { a: median(tA), b: median(tB), nA, nB };
};
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');

const rows = [];
for (const line of fs.readFileSync(path.join(corpus, 'KRAK-DECODED.sha256'), 'utf8').trim().split('\n')) {
  const [hash, size, file] = line.trim().split(/\s+/);
  const b = fs.readFileSync(path.join(corpus, file));
  const usize = b.readUInt32BE(0x1c), csize = b.readUInt32BE(0x20);
  if (usize > 0x40000) continue;  // several blocks with resets: ooz-wasm cannot decode these
  const payload = b.subarray(0x4c, 0x4c + csize);
  const src = ours._malloc(payload.length), dst = ours._malloc(usize);
  ours.HEAPU8.set(payload, src);
  const decodeOurs = () => { if (ours._taescope_kraken_decode(src, payload.length, dst, usize) !== 0) throw new Error('decode failed'); };
  const decodeOoz = () => decompressUnsafe(payload, usize);
  decodeOurs();
  const okOurs = sha(ours.HEAPU8.subarray(dst, dst + usize)) === hash;
  const okOoz = sha(Buffer.from(decodeOoz())) === hash;
  const rounds = 41;
  const { a: tOurs, b: tOoz, nA, nB } = compare(decodeOurs, decodeOoz, rounds);
  const mb = usize / 1e6;
  rows.push(`| kraken decode ${file} (wasm, Node ${process.version}) | MB/s of output | ${(mb / tOurs).toFixed(1)} | ooz-wasm 2.0.0 decompressUnsafe, same input | ${(mb / tOoz).toFixed(1)} | ${(tOoz / tOurs).toFixed(2)} | ${Number(size)} bytes; sha256 ${okOurs ? 'ok' : 'WRONG'} (ours), ${okOoz ? 'ok' : 'WRONG'} (ooz-wasm); median of ${rounds} alternating rounds of ${nA} (ours) and ${nB} (ooz-wasm) calls after 0.4 s warm-up each |`);
  ours._free(src); ours._free(dst);
}
console.log('## Kraken decode: wasm (Node) beside ooz-wasm\n');
console.log('| benchmark | metric | value | peer | peer value | ratio | note |\n|---|---|---:|---|---:|---:|---|');
console.log(rows.join('\n'));
