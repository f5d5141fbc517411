// The page's decode worker (a dedicated Web Worker started by web/page/taescope-page.js): it
// loads taescope-decode.js / .wasm (web/worker/decode_worker.cpp, the engine's container code)
// and decodes the DCX / DCP wrapper of each file the page sends, off the page's main thread.
//
//   page -> worker  { id, files: [{ name, file: File } | { name, bytes: Uint8Array }, ...] }
//                        the files of one open, in order (one, or a set: a model binder with the
//                        animation binder, ...): a File is read here, off the page's thread; bytes
//                        the page has come with their buffer transferred
//   worker -> page  { type: 'ready' }                     once the module runs
//                   { type: 'failed', message }           the module could not start (the page decodes itself)
//                   { type: 'progress', id, member, fraction, text }
//                   { type: 'decoded', id, member, file: Uint8Array, payload: ArrayBuffer | null, payloadSize, milliseconds }
//                        member `member`'s bytes and its decoded payload (the first payloadSize bytes
//                        of `payload`: it may be a larger spare buffer), both transferred, not
//                        copied (payload null: not a DCX / DCP file, opened as it is)
//   page -> worker  { spares: [ArrayBuffer, ...] }    payload buffers the page has copied out of,
//                        transferred back: the next payloads are copied into them (see takeSpare)
//                   { type: 'error', id, member, error: { message, offset, context } }    the engine's Error, as is
//   page -> worker  { regulation: { id, name, file: File | bytes: Uint8Array } }   the game's params
//                        (regulation.bin, Data0.bdt, a decrypted one, a .parambnd.dcx): decrypted
//                        and decoded here (params::decode_regulation), never on the page's thread
//   worker -> page  { type: 'regulation', id, name, payload: ArrayBuffer, payloadSize, meta, milliseconds }
//                        the BND4 payload (transferred) and what the decoding learnt (meta: source,
//                        keyGame, zeroIv, the DCX fields, notes: decode_worker.cpp)
//                   { type: 'regulation-error', id, name, error: { message, offset, context } }
//   page -> worker  { warm: Uint8Array, milliseconds }  the page's bundled sample, decoded again and
//                        again for that long before any file (web/open_warm_up.h says why); a file
//                        sent meanwhile stops it before its next decode (the user's file first)
//   worker -> page  { type: 'warmed', decodes }
// Same origin only (the page's CSP: worker-src 'self'); nothing here talks to any server.
'use strict';

importScripts('taescope-decode.js');

let decoder = null;
const started = createTaeScopeDecoder({
  print: (text) => console.log(text),
  printErr: (text) => console.warn(text),
}).then((instance) => {
  decoder = instance;
  postMessage({ type: 'ready' });
}, (error) => {
  postMessage({ type: 'failed', message: String(error && error.message ? error.message : error) });
});

function withString(text, call) {
  const length = decoder.lengthBytesUTF8(text) + 1;
  const pointer = decoder._malloc(length);
  decoder.stringToUTF8(text, pointer, length);
  try { return call(pointer); } finally { decoder._free(pointer); }
}

// The bytes copied into the module and decoded there: true (the payload is held until
// _taescope_worker_release), false (the error functions say why), null (no memory for the copy).
function decodeInModule(name, bytes) {
  const file = decoder._malloc(Math.max(1, bytes.length));
  if (!file) return null;
  decoder.HEAPU8.set(bytes, file);
  return !!withString(name, (namePointer) => decoder._taescope_worker_decode(file, bytes.length, namePointer));  // frees `file`
}

// "DCX\0" or "DCP\0": a wrapper to decode (the page's test, web/page/taescope-page.js).
const isWrapped = (data) => data.length >= 4 && data[0] === 0x44 && data[1] === 0x43 && data[3] === 0 &&
  (data[2] === 0x58 || data[2] === 0x50);

function decode(id, member, name, bytes) {
  const t0 = performance.now();
  if (!isWrapped(bytes)) return { type: 'decoded', id, member, file: bytes, payload: null, milliseconds: 0 };
  decoder.onDecodeProgress = (fraction, text) => postMessage({ type: 'progress', id, member, fraction, text });
  const ok = decodeInModule(name, bytes);
  decoder.onDecodeProgress = null;
  if (ok === null) return { type: 'error', id, member, error: { message: `out of memory for ${bytes.length} bytes`, offset: null, context: name } };
  if (!ok) {
    const offset = decoder._taescope_worker_error_offset();
    return { type: 'error', id, member, error: {
      message: decoder.UTF8ToString(decoder._taescope_worker_error_message()),
      offset: offset >= 0 ? offset : null,
      context: decoder.UTF8ToString(decoder._taescope_worker_error_context()) } };
  }
  const pointer = decoder._taescope_worker_payload() >>> 0;
  const size = decoder._taescope_worker_payload_size();
  // Out of the wasm heap, once: into a spare buffer whose pages are touched already, else a new one.
  const spare = takeSpare(size);
  if (spare) new Uint8Array(spare, 0, size).set(decoder.HEAPU8.subarray(pointer, pointer + size));
  const payload = spare || decoder.HEAPU8.slice(pointer, pointer + size).buffer;
  decoder._taescope_worker_release();
  return { type: 'decoded', id, member, file: bytes, payload, payloadSize: size, milliseconds: performance.now() - t0 };
}

// Payload buffers to reuse. A new ArrayBuffer's pages are touched for the first time when the
// payload is copied in: ~13-30 us per 4 KiB page on the machines measured (50 times the copy
// itself), 12-27 ms for a 3.7 MB payload. The page sends each payload buffer back once it has
// copied it into its own memory, and the warm-up makes the first one (SPARE_BYTES, touched a
// piece per task), so that a file's payload is copied into pages already there.
const SPARE_BYTES = 16 << 20;
const MAX_SPARES = 2;
let spares = [];

// The smallest spare that holds `size` bytes (taken out of the list), or null.
function takeSpare(size) {
  let best = -1;
  for (let i = 0; i < spares.length; ++i)
    if (spares[i].byteLength >= size && (best < 0 || spares[i].byteLength < spares[best].byteLength)) best = i;
  return best < 0 ? null : spares.splice(best, 1)[0];
}

// Keeps the largest MAX_SPARES buffers.
function keepSpares(buffers) {
  spares = [...spares, ...buffers.filter((b) => b && b.byteLength)].sort((a, b) => b.byteLength - a.byteLength).slice(0, MAX_SPARES);
}

// Fresh memory is slow to touch the first time on the machines measured (page faults: ~30 us per
// 4 KiB page, ~70 ms for an 8 MB payload): the warm-up touches this much of the module's heap once
// and frees it, so that the first file's buffers reuse pages already there.
const WARM_HEAP_BYTES = 32 << 20;

// Files sent by the page and not answered yet: the warm-up gives way to them.
let filesWaiting = 0;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Decodes the sample until `milliseconds` have passed (at least once), keeping nothing; then
// touches WARM_HEAP_BYTES of heap, 4 MiB a task. A task each, so that a file the page sends
// meanwhile is received, and then nothing more is done (a file is never kept waiting for it).
async function warm(bytes, milliseconds) {
  const t0 = performance.now();
  let decodes = 0;
  do {
    if (filesWaiting) return decodes;
    const ok = decodeInModule('warm-up.anibnd.dcx', bytes);
    decoder._taescope_worker_release();
    if (!ok) break;
    ++decodes;
    await nextTask();
  } while (performance.now() - t0 < milliseconds);
  const block = filesWaiting ? 0 : decoder._malloc(WARM_HEAP_BYTES);
  if (block) {
    // HEAPU8 read each time: a file decoded between two pieces may have grown the memory.
    await touchInPieces(WARM_HEAP_BYTES, (at, end) => decoder.HEAPU8.fill(0, block + at, block + end));
    decoder._free(block);
  }
  if (!filesWaiting && !spares.some((b) => b.byteLength >= SPARE_BYTES)) {
    const spare = new Uint8Array(SPARE_BYTES);
    await touchInPieces(SPARE_BYTES, (at, end) => spare.fill(0, at, end));
    keepSpares([spare.buffer]);  // partly touched if a file came meanwhile: still no worse than a new one
  }
  return decodes;
}

// Bytes [0, size) touched through fill(at, end), 4 MiB a task; stops as soon as a file is waiting.
async function touchInPieces(size, fill) {
  for (let at = 0; at < size && !filesWaiting; at += 4 << 20) {
    fill(at, Math.min(size, at + (4 << 20)));
    await nextTask();
  }
}

self.onmessage = async (event) => {
  const request = event.data;
  if (request.spares) {
    keepSpares(request.spares);
    return;
  }
  if (!request.warm) ++filesWaiting;
  await started;
  if (request.warm) {
    postMessage({ type: 'warmed', decodes: decoder ? await warm(request.warm, request.milliseconds) : 0 });
    return;
  }
  try {
    if (request.regulation) await decodeRegulation(request.regulation);
    else await decodeRequest(request);
  } finally {
    --filesWaiting;
  }
};

// The game's params: read, decrypted and decoded here; the payload goes back transferred.
async function decodeRegulation({ id, name, file, bytes: given }) {
  const fail = (message, offset = null, context = name) =>
    postMessage({ type: 'regulation-error', id, name, error: { message, offset, context } });
  if (!decoder) return fail('the decode worker did not start');
  let bytes = given;
  if (!bytes) {
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      return fail(`could not read the file: ${error.message}`);
    }
  }
  const t0 = performance.now();
  const pointer = decoder._malloc(Math.max(1, bytes.length));
  if (!pointer) return fail(`out of memory for ${bytes.length} bytes`);
  decoder.HEAPU8.set(bytes, pointer);
  const ok = withString(name, (namePointer) => decoder._taescope_worker_decode_regulation(pointer, bytes.length, namePointer));  // frees `pointer`
  if (!ok) {
    const offset = decoder._taescope_worker_error_offset();
    return fail(decoder.UTF8ToString(decoder._taescope_worker_error_message()), offset >= 0 ? offset : null,
      decoder.UTF8ToString(decoder._taescope_worker_error_context()) || name);
  }
  const meta = JSON.parse(decoder.UTF8ToString(decoder._taescope_worker_regulation_json()));
  const at = decoder._taescope_worker_payload() >>> 0;
  const size = decoder._taescope_worker_payload_size();
  const payload = decoder.HEAPU8.slice(at, at + size).buffer;
  decoder._taescope_worker_release();
  postMessage({ type: 'regulation', id, name, payload, payloadSize: size, meta, milliseconds: performance.now() - t0 }, [payload]);
}

// Each file of the request in turn, each answered as soon as it is decoded (the page copies the
// first into its memory while the next one decodes here).
async function decodeRequest(request) {
  for (const [member, { name, file, bytes: given }] of request.files.entries()) {
    if (!decoder) {
      postMessage({ type: 'error', id: request.id, member, error: { message: 'the decode worker did not start', offset: null, context: name } });
      continue;
    }
    let bytes = given;
    if (!bytes) {
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (error) {
        postMessage({ type: 'error', id: request.id, member, error: { message: `could not read the file: ${error.message}`, offset: null, context: name } });
        continue;
      }
    }
    const answer = decode(request.id, member, name, bytes);
    postMessage(answer, answer.type === 'decoded' ? [answer.file.buffer, ...(answer.payload ? [answer.payload] : [])] : []);
  }
}
