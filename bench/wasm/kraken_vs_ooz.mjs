// Kraken decode speed in wasm under Node: our decoder (engine/container, built by
// bench/wasm/build.sh) beside the npm package ooz-wasm on the same single-block inputs, in the
// same run. Prints Markdown rows for docs/benchmarks.md. ooz-wasm cannot decode the multi-block
// FromSoftware files (decoder resets every 256 KiB), so only single-block payloads are compared:
// the single-block corpus files, and the small streams cut from the multi-block ones as
// bench/ooz/kraken_vs_ooz.cpp cuts them (a block alone, every block starting with a reset; a
// block's first 128 KiB chunk alone), those of at most 32 KiB compressed, checked against the
// sha256-checked whole file's slice; then the geometric mean and the lowest ratio.
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
// Seconds per call of fn, measured for a batch of calls lasting ~10 ms (timer resolution): wall
// clock, and the process's CPU time (user + system; on a shared machine it leaves out the time
// other processes hold the core; V8's helper threads are idle once the code is warm).
const batchTime = (fn, calls) => {
  const c = process.cpuUsage(), a = performance.now();
  for (let i = 0; i < calls; i++) fn();
  const wall = (performance.now() - a) / 1000 / calls, used = process.cpuUsage(c);
  return { wall, cpu: (used.user + used.system) / 1e6 / calls };
};
// Both decoders are warmed up first (V8 compiles wasm with Liftoff and tiers hot functions up
// to TurboFan only after they ran a while; a short run would time the baseline code), then
// timed in alternating rounds so a change of machine load during the run hits both alike.
const compare = (fnA, fnB, rounds) => {
  for (const fn of [fnA, fnB]) { const end = performance.now() + 400; while (performance.now() < end) fn(); }
  const calls = (fn) => Math.max(1, Math.round(0.01 / batchTime(fn, 20).wall));
  const nA = calls(fnA), nB = calls(fnB), tA = [], tB = [], cA = [], cB = [];
  for (let r = 0; r < rounds; r++) {
    const x = batchTime(fnA, nA), y = batchTime(fnB, nB);
    tA.push(x.wall); tB.push(y.wall); cA.push(x.cpu); cB.push(y.cpu);
  }
  return { a: median(tA), b: median(tB), ca: median(cA), cb: median(cB), nA, nB };
};
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');

// Small stand-alone streams cut from a whole-file stream s (decoded: the whole file's bytes).
const cutSmallStreams = (name, s, decoded, maxCompressed) => {
  const pieces = [];
  let p = 0, pos = 0;
  for (let block = 0; pos < decoded.length && p + 5 <= s.length; ++block) {
    const b0 = s[p], b1 = s[p + 1], blockLen = Math.min(0x40000, decoded.length - pos);
    if ((b0 & 0x4f) !== 0x0c || b1 !== 0x06) break;  // only compressed Kraken blocks without checksums
    const v = s.readUIntBE(p + 2, 3);
    if ((v & 0x3ffff) === 0x3ffff) break;
    const qlen = (v & 0x3ffff) + 1, blockEnd = p + 5 + qlen;
    if (blockEnd > s.length) break;
    const where = `${name} block ${block}`, expected = decoded.subarray(pos, pos + blockLen);
    if ((b0 & 0x80) && qlen + 5 <= maxCompressed && blockEnd - p < s.length)
      pieces.push({ name: where, payload: s.subarray(p, blockEnd), expected });
    const h = s.readUIntBE(p + 5, 3), clen = 3 + (h & 0x7ffff);
    if ((b0 & 0x80) && blockLen > 0x20000 && (h & 0x800000) && clen < qlen && clen + 5 <= maxCompressed) {
      const one = Buffer.concat([Buffer.from([b0, b1, (clen - 1) >> 16, ((clen - 1) >> 8) & 255, (clen - 1) & 255]),
        s.subarray(p + 5, p + 5 + clen)]);
      pieces.push({ name: `${where} chunk 0`, payload: one, expected: decoded.subarray(pos, pos + 0x20000) });
    }
    p = blockEnd;
    pos += blockLen;
  }
  return pieces;
};

const rounds = 41;
const rows = [], ratios = [];
const race = (name, payload, expected, what) => {
  const usize = expected.length;
  const src = ours._malloc(payload.length), dst = ours._malloc(usize);
  ours.HEAPU8.set(payload, src);
  const decodeOurs = () => { if (ours._taescope_kraken_decode(src, payload.length, dst, usize) !== 0) throw new Error('decode failed'); };
  const decodeOoz = () => decompressUnsafe(payload, usize);
  decodeOurs();
  const okOurs = Buffer.compare(Buffer.from(ours.HEAPU8.subarray(dst, dst + usize)), expected) === 0;
  const okOoz = Buffer.compare(Buffer.from(decodeOoz()), expected) === 0;
  const { a: tOurs, b: tOoz, ca, cb, nA, nB } = compare(decodeOurs, decodeOoz, rounds);
  const mb = usize / 1e6;
  rows.push(`| kraken decode ${name} (wasm, Node ${process.version}) | MB/s of output | ${(mb / tOurs).toFixed(1)} | ooz-wasm 2.0.0 decompressUnsafe, same input | ${(mb / tOoz).toFixed(1)} | ${(tOoz / tOurs).toFixed(2)} | ${payload.length} -> ${usize} bytes; ${what}: ${okOurs ? 'ok' : 'WRONG'} (ours), ${okOoz ? 'ok' : 'WRONG'} (ooz-wasm); median of ${rounds} alternating rounds of ${nA} (ours) and ${nB} (ooz-wasm) calls after 0.4 s warm-up each; by CPU time ${(ca * 1e6).toFixed(1)} us vs ${(cb * 1e6).toFixed(1)} us per call, ratio ${(cb / ca).toFixed(2)} |`);
  if (okOurs && okOoz) ratios.push({ name, ratio: tOoz / tOurs, cpu: cb / ca });
  ours._free(src); ours._free(dst);
};

const pieces = [];
for (const line of fs.readFileSync(path.join(corpus, 'KRAK-DECODED.sha256'), 'utf8').trim().split('\n')) {
  const [hash, , file] = line.trim().split(/\s+/);
  const b = fs.readFileSync(path.join(corpus, file));
  const usize = b.readUInt32BE(0x1c), csize = b.readUInt32BE(0x20);
  const payload = b.subarray(0x4c, 0x4c + csize);
  if (usize <= 0x40000) {
    const expected = Buffer.from(decompressUnsafe(payload, usize));
    race(file, payload, sha(expected) === hash ? expected : Buffer.alloc(usize), 'sha256');
    continue;
  }
  // Several blocks with resets: ooz-wasm cannot decode the whole, so our decode (accepted only
  // with the manifest's sha256) gives the bytes the cut streams must reproduce.
  const src = ours._malloc(payload.length), dst = ours._malloc(usize);
  ours.HEAPU8.set(payload, src);
  const ok = ours._taescope_kraken_decode(src, payload.length, dst, usize) === 0;
  const decoded = Buffer.from(ours.HEAPU8.subarray(dst, dst + usize));
  ours._free(src); ours._free(dst);
  if (!ok || sha(decoded) !== hash) { rows.push(`| kraken decode ${file} (wasm) | | | | | | DECODE FAILED (ours: sha256) |`); continue; }
  pieces.push(...cutSmallStreams(path.basename(file).split('.')[0], payload, decoded, 32 * 1024));
}
for (const piece of pieces) race(piece.name, piece.payload, piece.expected, "equal to the whole file's slice");
if (ratios.length) {
  const geo = Math.exp(ratios.reduce((a, r) => a + Math.log(r.ratio), 0) / ratios.length);
  const geoCpu = Math.exp(ratios.reduce((a, r) => a + Math.log(r.cpu), 0) / ratios.length);
  const low = ratios.reduce((a, r) => (r.ratio < a.ratio ? r : a)), lowCpu = ratios.reduce((a, r) => (r.cpu < a.cpu ? r : a));
  rows.push(`| kraken decode, geometric mean over ${ratios.length} single-block streams (wasm, Node ${process.version}) | speed ratio | | | | ${geo.toFixed(2)} | goal: ahead of ooz-wasm (issue 34); by CPU time ${geoCpu.toFixed(2)}; lowest ${low.ratio.toFixed(2)} (${low.name}), by CPU time ${lowCpu.cpu.toFixed(2)} (${lowCpu.name}) |`);
}
console.log('## Kraken decode: wasm (Node) beside ooz-wasm\n');
console.log('| benchmark | metric | value | peer | peer value | ratio | note |\n|---|---|---:|---|---:|---:|---|');
console.log(rows.join('\n'));
