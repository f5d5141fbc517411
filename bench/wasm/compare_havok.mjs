// The Havok stages in wasm under Node beside the native times of the same bench/run (the native
// benchmark "havok" wrote them to $TAESCOPE_BENCH_HAVOK_TSV): one Node process per input, Markdown
// rows with the native time as the peer and the ratio judged against issue 26's wasm <= 1.5x native.
//   node bench/wasm/compare_havok.mjs NATIVE.tsv build/wasm/taescope_bench_havok_wasm.js
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const [nativeTsv, module] = process.argv.slice(2);
const parseTsv = (text) => {
  const [header, ...lines] = text.trim().split('\n');
  const keys = header.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((v, i) => [keys[i], v])));
};
const ms = (s) => Number(s) * 1e3;
const fixed = (v) => (v < 10 ? v.toFixed(4) : v.toFixed(1));
const rows = [];
for (const native of parseTsv(fs.readFileSync(nativeTsv, 'utf8'))) {
  if (native.error) continue;
  process.stderr.write(`  wasm havok ${native.label}\n`);
  let wasm;
  try {
    const out = execFileSync(process.execPath, ['--no-experimental-fetch', '--no-liftoff', module, native.label, native.path, '0.4'],
      { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
    wasm = parseTsv(out)[0];
  } catch (error) {
    rows.push(`| wasm havok ${native.label} | - | 0 | - | 0 | 0 | FAILED: ${String(error.message).split('\n')[0]} |`);
    continue;
  }
  for (const [key, what, judged] of [['shown_animation', 'select an animation (first decode)', true],
    ['all_animations', 'decode every animation', true], ['pose_sample', `one pose (${wasm.pose_animation}, ${wasm.tracks} tracks)`, true]]) {
    const w = ms(wasm[key]), n = ms(native[key]);
    const ratio = n > 0 ? w / n : 0;
    // Issue 27, decision 2: judged on stages of 0.1 ms or more natively and on per-input totals
    // (decoding every animation); shorter ones are reported, not judged.
    const verdict = !judged ? '' : key !== 'all_animations' && n < 0.1 ? 'not judged: under 0.1 ms natively (issue 27, decision 2)'
      : ratio <= 1.5 ? 'target met (<= 1.5)' : 'target NOT met (<= 1.5)';
    rows.push(`| wasm havok ${native.label}: ${what} | ms | ${fixed(w)} | native, same run | ${fixed(n)} | ${ratio.toFixed(2)} | ${verdict} |`);
  }
}
console.log('## Havok animations: wasm (Node) against native\n');
console.log('| benchmark | metric | value | peer | peer value | ratio | note |');
console.log('|---|---|---:|---|---:|---:|---|');
for (const row of rows) console.log(row);
