// The page's export worker (started by web/page/taescope-export-client.js on the first glTF
// export): it loads taescope-export.js / .wasm (web/worker/export_worker.cpp) and writes the
// character as .glb off the page's main thread.
//
//   page -> worker  { id, name, binders: [{ name, bytes: Uint8Array }], model: { name, bytes } | null,
//                     numbers: Uint32Array (pairs, low word first), events: Uint8Array }
//                        the decoded payloads of the character's binders (in the page's order), its
//                        FLVER, the animations and their events as the page has them (buffers transferred)
//   worker -> page  { type: 'ready' } | { type: 'failed', message }
//                   { type: 'progress', id, done, total }        after each animation sampled
//                   { type: 'done', id, glb: Uint8Array, milliseconds }   (buffer transferred)
//                   { type: 'error', id, message }
// The page cancels a job by terminating this worker (and starts a new one for the next job).
'use strict';

importScripts('taescope-export.js');

let module = null;
const started = createTaeScopeExporter({
  print: (text) => console.log(text),
  printErr: (text) => console.warn(text),
}).then((instance) => {
  module = instance;
  postMessage({ type: 'ready' });
}, (error) => {
  postMessage({ type: 'failed', message: String(error && error.message ? error.message : error) });
});

function withString(text, call) {
  const length = module.lengthBytesUTF8(text) + 1;
  const pointer = module._malloc(length);
  module.stringToUTF8(text, pointer, length);
  try { return call(pointer); } finally { module._free(pointer); }
}

// A copy of `bytes` in the module's memory (the module frees it), or throws when there is no room.
function intoModule(bytes) {
  const pointer = module._malloc(Math.max(1, bytes.length));
  if (!pointer) throw new Error(`out of memory for ${bytes.length} bytes`);
  module.HEAPU8.set(bytes, pointer);
  return pointer;
}

function run({ id, name, binders, model, numbers, events }) {
  const t0 = performance.now();
  module._taescope_export_reset();
  const error = () => module.UTF8ToString(module._taescope_export_error());
  for (const binder of binders) {
    const pointer = intoModule(binder.bytes);
    if (!withString(binder.name, (n) => module._taescope_export_add_binder(pointer, binder.bytes.length, n)))
      return { type: 'error', id, message: error() };
  }
  if (model) {
    const pointer = intoModule(model.bytes);
    withString(model.name, (n) => module._taescope_export_set_model(pointer, model.bytes.length, n));
  }
  const numbersPointer = intoModule(new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength));
  const eventsPointer = intoModule(events);
  module.onExportProgress = (done, total) => postMessage({ type: 'progress', id, done, total });
  try {
    const ok = withString(name, (n) => module._taescope_export_run(numbersPointer, numbers.length / 2, eventsPointer, events.length, n));
    if (!ok) return { type: 'error', id, message: error() };
    const pointer = module._taescope_export_result() >>> 0, size = module._taescope_export_result_size() >>> 0;
    const glb = module.HEAPU8.slice(pointer, pointer + size);
    module._taescope_export_reset();
    return { type: 'done', id, glb, milliseconds: performance.now() - t0 };
  } finally {
    module.onExportProgress = null;
    module._free(numbersPointer);
    module._free(eventsPointer);
  }
}

self.onmessage = async (event) => {
  await started;
  const job = event.data;
  if (!module) {
    postMessage({ type: 'error', id: job.id, message: 'the export module did not start' });
    return;
  }
  let answer;
  try {
    answer = run(job);
  } catch (error) {
    answer = { type: 'error', id: job.id, message: String(error && error.message ? error.message : error) };
  }
  postMessage(answer, answer.glb ? [answer.glb.buffer] : []);
};
