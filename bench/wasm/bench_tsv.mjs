// What the wasm comparisons (compare_havok.mjs, compare_model.mjs) share: reading the TSV that the
// native benchmark and the wasm module print, seconds to milliseconds, how a value is shown, and
// the alternating native/wasm rounds that judge a stage.
import { execFileSync } from 'node:child_process';

export const parseTsv = (text) => {
  const [header, ...lines] = text.trim().split('\n');
  const keys = header.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((v, i) => [keys[i], v])));
};
export const ms = (seconds) => Number(seconds) * 1e3;
export const fixed = (v) => (v < 10 ? v.toFixed(4) : v.toFixed(1));
export const met = (yes, limit) => `${yes ? 'target met' : 'target NOT met'} (<= ${limit})`;
export const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// The first row of the TSV a program prints (its stderr passed through).
export const runTsv = (program, args) => parseTsv(execFileSync(program, args,
  { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'inherit'] }))[0];

// Node's arguments to run the wasm module `module` with `args` (optimizing compiler only).
export const wasmArgs = (module, args) => ['--no-experimental-fetch', '--no-liftoff', module, ...args];

// `count` rounds of the native program then the wasm module, each a process timing one stage with
// `args`; `key` is the stage's column: { native: [ms], wasm: [ms], ratio: [wasm / native per round] }.
export function alternatingRounds(count, nativeProgram, module, args, key) {
  const rounds = { native: [], wasm: [], ratio: [] };
  for (let round = 0; round < count; round++) {
    const n = ms(runTsv(nativeProgram, args)[key]), w = ms(runTsv(process.execPath, wasmArgs(module, args))[key]);
    rounds.native.push(n); rounds.wasm.push(w); rounds.ratio.push(w / n);
  }
  return rounds;
}

// "range a-b; fastest round of each: c" of alternatingRounds' result.
export function roundsSpread(rounds) {
  const sorted = [...rounds.ratio].sort((a, b) => a - b);
  return `range ${sorted[0].toFixed(2)}-${sorted[sorted.length - 1].toFixed(2)}; fastest round of each: ${(Math.min(...rounds.wasm) / Math.min(...rounds.native)).toFixed(2)}`;
}
