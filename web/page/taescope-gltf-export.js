// The page's side of the glTF export (issue 42; the engine's side is web/gltf_export_model.h and
// web/js_api_gltf.cpp): the character is written as .glb by the export worker
// (web/worker/taescope-export-worker.js, a wasm module of its own loaded on the first export), off
// the page's main thread, so that the page keeps drawing while every animation is sampled.
//
//   start: the app takes the job's inputs (taescope_gltf_export_start) ── copied out of wasm
//   memory here, a slice a task ── posted to the worker (buffers transferred) ── progress after
//   each animation ── the .glb comes back (transferred), downloaded or returned
//   cancel: the worker is terminated at once (a new one serves the next export)
//
// Without workers (or if the export module cannot start) the export runs on this thread, as it
// did before (taescope_export_gltf): slower to draw, but never refused.
//
// Each export leaves performance marks (gltf-start, -prepared, -worker-ready, -copied, -received,
// -finished) for a benchmark or a trace to read where its time went.
//
// An ES module imported by taescope-page.js; `page` gives it engine() -> the wasm Module and
// download(bytes, name, mime).

const COPY_SLICE = 4 << 20;  // bytes copied out of wasm memory per task

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export function createGltfExportClient(page) {
  let worker = null;        // started on the first export, dropped on cancel
  let workerReady = null;   // resolves true once its module runs, false if it cannot start
  let current = null;       // { id, resolve, reject, cancelled }

  function startWorker() {
    if (worker) return workerReady;
    if (typeof Worker === 'undefined') return Promise.resolve(false);
    try {
      worker = new Worker('taescope-export-worker.js');
    } catch {
      worker = null;
      return Promise.resolve(false);
    }
    workerReady = new Promise((resolve) => {
      worker.addEventListener('message', function first(event) {
        if (event.data.type !== 'ready' && event.data.type !== 'failed') return;
        worker.removeEventListener('message', first);
        resolve(event.data.type === 'ready');
      });
      worker.addEventListener('error', () => resolve(false), { once: true });
    });
    worker.addEventListener('message', onWorkerMessage);
    return workerReady;
  }

  function stopWorker() {
    if (worker) worker.terminate();
    worker = null;
    workerReady = null;
  }

  function onWorkerMessage(event) {
    const m = event.data, Module = page.engine();
    if (!current || m.id !== current.id) return;
    if (m.type === 'progress') {
      Module._taescope_gltf_export_progress(m.id, m.done, m.total);
    } else if (m.type === 'done') {
      performance.mark('gltf-received');
      finish(1, m.glb, m.milliseconds, '');
      performance.mark('gltf-finished');
    } else if (m.type === 'error') {
      finish(3, null, 0, m.message);
    }
  }

  // outcome: 1 done, 2 cancelled, 3 failed (web/js_api_gltf.cpp)
  function finish(outcome, glb, milliseconds, message) {
    const job = current;
    current = null;
    const Module = page.engine();
    page.withString(String(message), (m) => Module._taescope_gltf_export_finished(job.id, outcome, glb ? glb.length : 0, milliseconds, m));
    if (outcome === 1) {
      if (job.download) page.download(glb, job.name, 'model/gltf-binary');
      job.resolve(glb);
    } else {
      job.reject(new Error(outcome === 2 ? 'the glTF export was cancelled' : message));
    }
  }

  // A copy of `size` bytes at `pointer` of wasm memory, a slice a task (memory may grow between
  // tasks: HEAPU8 is read again each time; the app keeps the bytes alive until copied()).
  async function copyOut(pointer, size, job) {
    const out = new Uint8Array(size);
    for (let offset = 0; offset < size; offset += COPY_SLICE) {
      if (offset) await nextTask();
      if (job.cancelled) return null;
      const end = Math.min(size, offset + COPY_SLICE);
      out.set(page.engine().HEAPU8.subarray(pointer + offset, pointer + end), offset);
    }
    return out;
  }

  // Runs the export of the selected animation (all false) or every animation; resolves with the
  // .glb bytes (also downloaded when `download`), rejects with the reason or on cancel.
  async function run({ all = false, download = false } = {}) {
    const Module = page.engine();
    performance.mark('gltf-start');
    const id = Module._taescope_gltf_export_start(all ? 1 : 0);
    performance.mark('gltf-prepared');
    if (!id) throw new Error(Module.UTF8ToString(Module._taescope_gltf_error()) || 'glTF export failed');
    const job = JSON.parse(Module.UTF8ToString(Module._taescope_gltf_export_job_json()));
    const done = new Promise((resolve, reject) => {
      current = { id, name: job.name, download, resolve, reject, cancelled: false };
    });
    const mine = current;
    const usable = await startWorker();
    performance.mark('gltf-worker-ready');
    if (mine.cancelled) return done;
    if (!usable) {
      // No worker: on this thread, as before.
      stopWorker();
      const t0 = performance.now();
      const sizePointer = Module._malloc(4);
      try {
        const pointer = Module._taescope_export_gltf(all ? 1 : 0, 0, sizePointer);
        const size = Module.HEAPU32[sizePointer >> 2];
        if (!pointer) finish(3, null, 0, Module.UTF8ToString(Module._taescope_gltf_error()) || 'glTF export failed');
        else finish(1, Module.HEAPU8.slice(pointer, pointer + size), performance.now() - t0, '');
      } finally {
        Module._free(sizePointer);
      }
      return done;
    }
    const binders = [];
    for (const b of job.binders) {
      const bytes = await copyOut(b.pointer, b.size, mine);
      if (!bytes) return done;
      binders.push({ name: b.name, bytes });
    }
    let model = null;
    if (job.model) {
      const bytes = await copyOut(job.model.pointer, job.model.size, mine);
      if (!bytes) return done;
      model = { name: job.model.name, bytes };
    }
    const numbers = new Uint32Array(job.numbers.count * 2);
    numbers.set(page.engine().HEAPU32.subarray(job.numbers.pointer >> 2, (job.numbers.pointer >> 2) + numbers.length));
    const events = await copyOut(job.events.pointer, job.events.size, mine);
    if (!events) return done;
    page.engine()._taescope_gltf_export_copied(id);
    performance.mark('gltf-copied');
    const transfer = [...binders.map((b) => b.bytes.buffer), numbers.buffer, events.buffer];
    if (model) transfer.push(model.bytes.buffer);
    worker.postMessage({ id, name: job.armature, binders, model, numbers, events }, transfer);
    return done;
  }

  // Cancels the export on its way (the worker is terminated at once); false when there is none.
  function cancel() {
    if (!current) return false;
    current.cancelled = true;
    stopWorker();
    finish(2, null, 0, '');
    return true;
  }

  return { run, cancel, busy: () => current !== null };
}
