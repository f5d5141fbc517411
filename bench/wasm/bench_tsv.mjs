// What the wasm comparisons (compare_havok.mjs, compare_model.mjs) share: reading the TSV that the
// native benchmark and the wasm module print, seconds to milliseconds, and how a value is shown.
export const parseTsv = (text) => {
  const [header, ...lines] = text.trim().split('\n');
  const keys = header.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((v, i) => [keys[i], v])));
};
export const ms = (seconds) => Number(seconds) * 1e3;
export const fixed = (v) => (v < 10 ? v.toFixed(4) : v.toFixed(1));
export const met = (yes, limit) => `${yes ? 'target met' : 'target NOT met'} (<= ${limit})`;
