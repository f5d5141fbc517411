// The character model stages (bench/model_stages.h) in wasm under Node beside the native times of
// the same bench/run (the native benchmark "model" wrote them to $TAESCOPE_BENCH_MODEL_TSV): Markdown
// rows with the native time as the peer. Judged: CPU skinning of the whole body, wasm <= 1.5x native
// (issue 32); the model open in wasm, read_flver <= 0.25x the chrbnd's decompression in wasm (the
// native rows judge it natively).
// Skinning is judged from alternating rounds when the native program is given: NATIVE_PROGRAM and
// the wasm module each time skinning alone (samples of many frames, CPU time), native, wasm,
// native, ...; the ratio is the median over the rounds of wasm / native of the same round, so a
// change of machine load between bench/run's native and wasm parts does not enter it. Without
// it, the wasm run's skin time against the native TSV's (taken minutes apart).
//   node bench/wasm/compare_model.mjs NATIVE.tsv build/wasm/taescope_bench_model_wasm.js [NATIVE_PROGRAM]
import fs from 'node:fs';
import { alternatingRounds, fixed, median, met, ms, parseTsv, roundsSpread, runTsv, wasmArgs } from './bench_tsv.mjs';

const [nativeTsv, module, nativeProgram] = process.argv.slice(2);
// Rounds of the alternating skinning comparison: at load 5 on this machine one round's ratio
// ranged 0.91-1.21 (CPU time still depends on what shares the core), so the median of several.
const skinRoundCount = 7;
const rows = [];
const native = parseTsv(fs.readFileSync(nativeTsv, 'utf8'))[0];
if (!native || native.error) {
  rows.push(`| wasm model c5051 | - | 0 | - | 0 | 0 | not run: the native run failed (${native ? native.error : 'no TSV'}) |`);
} else {
  process.stderr.write('  wasm model c5051\n');
  let wasm;
  try {
    wasm = runTsv(process.execPath, wasmArgs(module, [native.chrbnd, native.anibnd, native.animation, '1.0']));
  } catch (error) {
    rows.push(`| wasm model c5051 | - | 0 | - | 0 | 0 | FAILED: ${String(error.message).split('\n')[0]} |`);
  }
  if (wasm) {
    const w = (key) => ms(wasm[key]), n = (key) => ms(native[key]);
    const openRatio = w('read_flver') / w('chrbnd_decompress');
    rows.push(`| wasm model c5051: read_flver (every mesh decoded) | ms | ${fixed(w('read_flver'))} | chrbnd decompress (DCX KRAK + BND4) in wasm, same run | ${fixed(w('chrbnd_decompress'))} | ${openRatio.toFixed(2)} | ${met(openRatio <= 0.25, 0.25)}; native read_flver ${fixed(n('read_flver'))} ms (wasm ${(w('read_flver') / n('read_flver')).toFixed(2)}x) |`);
    const what = `${wasm.animation}, every mesh's positions and normals (${wasm.vertices} vertices, ${wasm.meshes} meshes) per frame, each sample ${wasm.skin_frames} frames of the animation`;
    let skinRounds = null;
    if (nativeProgram) {
      try {
        skinRounds = alternatingRounds(skinRoundCount, nativeProgram, module,
          [native.chrbnd, native.anibnd, native.animation, '0.5', 'skin'], 'skin');
      } catch (error) {
        rows.push(`| wasm model c5051: CPU skinning, alternating rounds | - | 0 | - | 0 | 0 | FAILED: ${String(error.message).split('\n')[0]} |`);
        skinRounds = null;
      }
    }
    if (skinRounds) {
      const ratio = median(skinRounds.ratio);
      rows.push(`| wasm model c5051: CPU skinning of the whole body (one frame) | ms | ${fixed(median(skinRounds.wasm))} | native, alternating with wasm in the same run | ${fixed(median(skinRounds.native))} | ${ratio.toFixed(2)} | ${met(ratio <= 1.5, 1.5)}; ${what}; ${skinRoundCount} rounds of native then wasm (each a process timing skinning alone for 0.5 s of CPU, its median sample), ratio = median of the rounds' wasm/native (${roundsSpread(skinRounds)}); the full runs apart: wasm ${fixed(w('skin'))} ms, native ${fixed(n('skin'))} ms (${(w('skin') / n('skin')).toFixed(2)}x) |`);
    } else {
      const skin = w('skin') / n('skin');
      rows.push(`| wasm model c5051: CPU skinning of the whole body (one frame) | ms | ${fixed(w('skin'))} | native, same run | ${fixed(n('skin'))} | ${skin.toFixed(2)} | ${met(skin <= 1.5, 1.5)}; ${what}; median of >= ${wasm.repeats}, CPU time (native: the thread's; Node: the process's) |`);
    }
    const pose = w('pose') / n('pose');
    rows.push(`| wasm model c5051: the pose skinned at (compute_pose + the rig's matrices) | ms | ${fixed(w('pose'))} | native, same run | ${fixed(n('pose'))} | ${pose.toFixed(2)} | reported apart from skinning (${wasm.havok_bones} Havok bones, ${wasm.flver_bones} FLVER bones); one Havok pose alone, wasm against native: the havok rows |`);
  }
}
console.log('## Character model: wasm (Node) against native\n');
console.log('| benchmark | metric | value | peer | peer value | ratio | note |');
console.log('|---|---|---:|---|---:|---:|---|');
for (const row of rows) console.log(row);
