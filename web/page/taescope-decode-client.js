// The page's side of its decode worker (web/worker/): DCX / DCP wrappers are decoded off the
// page's main thread. The engine's container code runs in a dedicated Web Worker
// (taescope-decode-worker.js, the wasm module taescope-decode.js/.wasm). The files of one open
// (one file, or a set: a model binder with its animation binder, a player binder with its
// animation binders) go to it in one message, as Files (it reads them) or as bytes with their
// buffers transferred; each file's bytes and decoded payload come back as transferred
// ArrayBuffers, member by member, and are copied into the app's memory a slice at a time, a few
// milliseconds per task (first touches of fresh memory are slow on this machine kind), while the
// worker decodes the next member. The app then parses each binder here, a step per frame.
// Without a worker (creation refused, script or module failing to load) the page decodes on its
// main thread as before (`page.openHere`, `page.openSetHere`).
//
// An ES module imported by taescope-page.js; `page` gives it what it needs of the page:
//   engine() -> the wasm Module, withString(text, call), waitForOpen(options) -> promise,
//   openHere(bytes, name, options), openSetHere([{bytes, name}], options), readFile(File) -> bytes,
//   stepsDue() (the engine has work again: the page runs its steps),
//   workerReady(), workerGone(), warmed(decodes)   (the warm-up's side, web/open_warm_up.h)

// "DCX\0" or "DCP\0": a wrapper whose payload the worker decodes.
export const isWrapped = (data) => data.length >= 4 && data[0] === 0x44 && data[1] === 0x43 && data[3] === 0 &&
  (data[2] === 0x58 || data[2] === 0x50);

// A model binder (cXXXX.chrbnd, .chrbnd.dcx) or a loose .flver, as the app names them
// (web/character_view_model.h is_model_binder_name).
export const isModelBinderName = (name) => /\.(chrbnd|chrbnd\.dcx|flver)$/i.test(name);

const HANDOVER_SLICE = 1 << 20;  // bytes per copy into wasm memory
const HANDOVER_TASK_MS = 12;     // copying goes on in one task while it has taken less than this

// A task of its own, after what is queued (a message to ourselves: setTimeout(0) is clamped).
const nextTask = (() => {
  const channel = new MessageChannel();
  const queue = [];
  channel.port1.onmessage = () => queue.shift()();
  return () => new Promise((resolve) => { queue.push(resolve); channel.port2.postMessage(0); });
})();

export function createDecodeClient(page) {
  const decoding = { worker: null, state: 'none', why: '', job: null, queued: null, jobs: 0 };
  // What the worker did with each file of the last open sent to it: [{ name, decodedIn: "worker",
  // payloadBytes (0: not a DCX / DCP file, opened as it is) | error }]; decodedIn "main thread" for
  // each when the open went to the page's own decoder after all.
  let lastFiles = [];

  function start() {
    if (typeof Worker !== 'function') {
      decoding.state = 'unavailable';
      decoding.why = 'this browser has no Web Worker';
      return;
    }
    let worker;
    try {
      worker = new Worker('taescope-decode-worker.js');
    } catch (error) {
      decoding.state = 'unavailable';
      decoding.why = `the worker was refused: ${error.message}`;
      return;
    }
    decoding.worker = worker;
    decoding.state = 'starting';
    worker.onmessage = (e) => onMessage(worker, e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      gone(worker, e.message || 'the decode worker did not load');
    };
  }

  // The bytes of a member still at hand here: a File, or bytes not sent (not detached).
  const atHand = (member) => member.file || (member.bytes && member.bytes.buffer.byteLength);

  // The worker failed: it is not used again. An open waiting for it decodes here when the bytes
  // of every member not handed over yet are still at hand, else those members fail with the reason.
  function gone(worker, why) {
    if (worker !== decoding.worker) return;
    worker.terminate();
    decoding.worker = null;
    decoding.state = 'unavailable';
    decoding.why = why;
    console.warn(`decoding on the page's main thread: ${why}`);
    page.workerGone();
    const job = decoding.queued || decoding.job;
    decoding.queued = decoding.job = null;
    const Module = page.engine();
    if (!job || !Module) return;
    // Failing a member of an open already replaced does nothing (the app checks the serial).
    const waiting = job.members.filter((m) => !m.answered);
    if (Module._taescope_awaits_decoded_payload(job.serial) && waiting.length === job.members.length && waiting.every(atHand)) {
      openHereOrFail(job);
      return;
    }
    for (const member of waiting) failMember(job, member, `the decode worker stopped (${why}) with the file's bytes: open the file again`);
  }

  function failMember(job, member, message, offset = null, context = member.name) {
    member.answered = true;
    const Module = page.engine();
    page.withString(String(message), (m) => page.withString(String(context || ''), (c) =>
      Module._taescope_decode_failed(job.serial, member.index, m, offset === null ? -1 : offset, c)));
    page.stepsDue();
  }

  function post(job) {
    decoding.job = job;
    const files = job.members.map(({ name, file, bytes }) => (file ? { name, file } : { name, bytes }));
    const transfer = [...new Set(job.members.filter((m) => m.bytes).map((m) => m.bytes.buffer))];
    decoding.worker.postMessage({ id: job.id, files }, transfer);
  }

  function onMessage(worker, message) {
    if (worker !== decoding.worker) return;
    if (message.type === 'warmed') {
      page.warmed(message.decodes);
      return;
    }
    if (message.type === 'ready') {
      decoding.state = 'ready';
      page.workerReady();
      const queued = decoding.queued;
      decoding.queued = null;
      if (queued) post(queued);
      return;
    }
    if (message.type === 'failed') {
      gone(worker, `the decode module did not start: ${message.message}`);
      return;
    }
    const job = decoding.job;
    if (!job || message.id !== job.id) return;  // an open that another one replaced
    const member = job.members[message.member || 0];
    if (message.type === 'progress') {
      page.withString(String(message.text), (text) => page.engine()._taescope_decode_progress(job.serial, member.index, message.fraction, text));
      return;
    }
    member.answered = true;
    if (job.members.every((m) => m.answered)) decoding.job = null;
    lastFiles[member.index] = message.type === 'decoded'
      ? { name: member.name, decodedIn: 'worker', payloadBytes: message.payload ? message.payloadSize : 0 }
      : { name: member.name, decodedIn: 'worker', error: message.error.message };
    if (message.type === 'decoded') {
      // Members are handed over one after the other, in the order they were decoded.
      const payload = message.payload ? new Uint8Array(message.payload, 0, message.payloadSize) : null;
      job.handovers = job.handovers.then(() => handOver(job.serial, member.index, message.file, payload, message.milliseconds))
        .then(() => giveBack(worker, payload));
    } else if (message.type === 'error') {
      job.handovers = job.handovers.then(() => failMember(job, member, message.error.message, message.error.offset, message.error.context));
    }
  }

  // A member's bytes and its decoded payload (if any) into the app's memory, a few slices per
  // task, then the open goes on.
  async function handOver(serial, member, file, payload, workerMilliseconds) {
    const Module = page.engine();
    let copyMilliseconds = 0;
    let taskStarted = performance.now();
    for (const [which, source] of payload ? [[0, file], [1, payload]] : [[0, file]]) {
      for (let offset = 0; offset < source.length; offset += HANDOVER_SLICE) {
        if (performance.now() - taskStarted >= HANDOVER_TASK_MS) {
          copyMilliseconds += performance.now() - taskStarted;
          await nextTask();
          taskStarted = performance.now();
        }
        const size = Math.min(HANDOVER_SLICE, source.length - offset);
        const pointer = Module._taescope_decoded_slice(serial, member, which, source.length, size) >>> 0;
        if (!pointer) return;  // another open began
        Module.HEAPU8.set(source.subarray(offset, offset + size), pointer);
      }
    }
    copyMilliseconds += performance.now() - taskStarted;
    Module._taescope_decoded_member_done(serial, member, payload ? 1 : 0, workerMilliseconds, copyMilliseconds);
    page.stepsDue();  // the open (or the model's reading) goes on now, not at the next frame
  }

  // A payload buffer copied out of (or dropped: another open began): back to the worker that made
  // it, to copy a later payload into pages already touched (taescope-decode-worker.js, takeSpare).
  function giveBack(worker, payload) {
    if (!payload || worker !== decoding.worker || !payload.buffer.byteLength) return;
    worker.postMessage({ spares: [payload.buffer] }, [payload.buffer]);
  }

  function openHereOrFail(job) {
    lastFiles = job.members.map((m) => ({ name: m.name, decodedIn: 'main thread' }));
    const read = (m) => (m.file ? page.readFile(m.file) : Promise.resolve(m.bytes));
    Promise.all(job.members.map(read)).then((all) => {
      if (job.members.length === 1) return page.openHere(all[0], job.members[0].name, job.options);
      return page.openSetHere(all.map((bytes, i) => ({ bytes, name: job.members[i].name })), job.options);
    }, (e) => { for (const m of job.members) failMember(job, m, `could not read the file: ${e.message}`); });
  }

  // Opens `given` ([{ name, size, file } | { name, size, bytes }]; bytes' buffers are transferred to
  // the worker: detached here) as one open whose files the worker decodes; the app shows the one
  // holding TAE files. Resolves as page.waitForOpen(options) does.
  function open(given, options = {}) {
    const Module = page.engine();
    // Model binders last: the worker decodes (and the app opens) the files in this order, so the
    // animation binder is parsed here while the worker still decodes the model's larger Kraken data.
    const sources = [...given.filter((s) => !isModelBinderName(s.name)), ...given.filter((s) => isModelBinderName(s.name))];
    const serial = page.withString(sources[0].name, (n) => Module._taescope_open_in_worker(sources[0].size, n));
    const members = sources.map((source, i) => ({ ...source, index: i, answered: false }));
    for (const member of members.slice(1))
      member.index = page.withString(member.name, (n) => Module._taescope_queue_in_worker(serial, member.size, n));
    const parsed = page.waitForOpen(options);
    if (decoding.job && decoding.job.options.startUp) {
      // The page's small sample: its answer, due in a few milliseconds, is ignored (its id is not
      // the job's any more); the warm worker stays.
      decoding.job = null;
    } else if (decoding.job) {
      // The worker is busy with an open that this one replaced: a fresh worker starts at once.
      const old = decoding.worker;
      decoding.worker = null;
      decoding.job = null;
      old.terminate();
      start();
    }
    const job = { id: ++decoding.jobs, serial, options, members, handovers: Promise.resolve() };
    lastFiles = members.map((m) => ({ name: m.name, decodedIn: 'not yet' }));
    if (!decoding.worker) openHereOrFail(job);  // no worker after all
    else if (decoding.state === 'ready') post(job);
    else decoding.queued = job;  // sent once the worker runs; decoded here if it never does
    return parsed;
  }

  // The warm-up's sample for the worker: false when it cannot take it now (no worker, not started
  // or busy with a file: that file warms it).
  function warm(bytes, milliseconds) {
    if (!decoding.worker || decoding.state !== 'ready' || decoding.job) return false;
    decoding.worker.postMessage({ warm: bytes, milliseconds });
    return true;
  }

  return {
    start,
    open,
    warm,
    available: () => !!decoding.worker,
    lastFiles: () => lastFiles.map((f) => ({ ...f })),
    ready: () => decoding.state === 'ready',
    // "ready" | "starting" | "unavailable (why)" | "none"
    describe: () => (decoding.state === 'unavailable' ? `unavailable (${decoding.why})` : decoding.state),
  };
}
