// The params stages (bench/params_stages.h) in wasm under Node beside the native times of the same
// bench/run (the native benchmark "params" wrote them to $TAESCOPE_BENCH_PARAMS_TSV): Markdown rows.
// Judged (issue 40): in wasm, opening the encrypted regulation (AES + DCX ZSTD + BND4 + the chain's
// params indexed) <= 1.2x libzstd decoding the same frame alone in the same process (alternating
// pairs, CPU time); the wasm open <= 1.5x the native open, from alternating rounds: NATIVE_PROGRAM
// and the wasm module each time the open alone, native, wasm, native, ...; the ratio is the median
// over the rounds of wasm / native of the same round. The attack chain's row (<= 0.25x its binder's
// open) in wasm too.
//   node bench/wasm/compare_params.mjs NATIVE.tsv build/wasm/taescope_bench_params_wasm.js [NATIVE_PROGRAM]
import fs from 'node:fs';
import { alternatingRounds, fixed, median, met, ms, parseTsv, roundsSpread, runTsv, wasmArgs } from './bench_tsv.mjs';

const [nativeTsv, module, nativeProgram] = process.argv.slice(2);
const roundCount = 5;
const rows = [];
const native = parseTsv(fs.readFileSync(nativeTsv, 'utf8'))[0];
if (!native || native.error) {
  rows.push(`| wasm params | - | 0 | - | 0 | 0 | not run: the native run failed (${native ? native.error : 'no TSV'}) |`);
} else {
  process.stderr.write('  wasm params regulation-1.12.bin\n');
  let wasm;
  try {
    wasm = runTsv(process.execPath, wasmArgs(module, [native.regulation, native.anibnd, '3.0']));
  } catch (error) {
    rows.push(`| wasm params | - | 0 | - | 0 | 0 | FAILED: ${String(error.message).split('\n')[0]} |`);
  }
  if (wasm) {
    const openRatio = Number(wasm.open_ratio);
    rows.push(`| wasm open ER 1.12 regulation.bin (AES + DCX ZSTD + BND4 + chain's params indexed) | ms | ${fixed(ms(wasm.open))} | libzstd (built for wasm) decoding the same frame alone, same process | ${fixed(ms(wasm.zstd))} | ${openRatio.toFixed(2)} | ${met(openRatio <= 1.2, 1.2)}; median of ${wasm.open_pairs} alternating pairs' ratios, CPU time (Node: the process's) |`);
    const chainRatio = Number(wasm.chain_ratio);
    const name = wasm.anibnd.split('/').pop();
    rows.push(`| wasm resolve every attack of ${name} (AttackChain::build) | ms | ${fixed(ms(wasm.chain))} | open of the same binder in wasm, same process | ${fixed(ms(wasm.binder))} | ${chainRatio.toFixed(3)} | ${met(chainRatio <= 0.25, 0.25)}; ${wasm.events} events (${wasm.resolved} resolved); median of ${wasm.chain_pairs} alternating pairs' ratios |`);
    let rounds = null;
    if (nativeProgram) {
      try {
        rounds = alternatingRounds(roundCount, nativeProgram, module, [native.regulation, native.anibnd, '1.0', 'open'], 'open');
      } catch (error) {
        rows.push(`| wasm open against native, alternating rounds | - | 0 | - | 0 | 0 | FAILED: ${String(error.message).split('\n')[0]} |`);
      }
    }
    if (rounds) {
      const ratio = median(rounds.ratio);
      rows.push(`| wasm open ER 1.12 regulation.bin against native | ms | ${fixed(median(rounds.wasm))} | native, alternating with wasm in the same run | ${fixed(median(rounds.native))} | ${ratio.toFixed(2)} | ${met(ratio <= 1.5, 1.5)}; ${roundCount} rounds of native then wasm (each a process timing the open for 1 s of CPU, its median), ratio = median of the rounds' wasm/native (${roundsSpread(rounds)}); the full runs apart: wasm ${fixed(ms(wasm.open))} ms, native ${fixed(ms(native.open))} ms |`);
    } else {
      const ratio = Number(wasm.open) / Number(native.open);
      rows.push(`| wasm open ER 1.12 regulation.bin against native | ms | ${fixed(ms(wasm.open))} | native, same bench/run | ${fixed(ms(native.open))} | ${ratio.toFixed(2)} | ${met(ratio <= 1.5, 1.5)}; the two runs minutes apart |`);
    }
  }
}
console.log('## Params and attacks: wasm (Node) against native\n');
console.log('| benchmark | metric | value | peer | peer value | ratio | note |');
console.log('|---|---|---:|---|---:|---:|---|');
for (const row of rows) console.log(row);
