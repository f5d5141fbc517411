// The page's side of the game's params (issue 40; the engine's side is web/params_model.h and
// web/js_api_params.cpp). It owns:
//   * sorting dropped files: which are params (by content: an encrypted regulation opens under a
//     game's key, a bare BND4 of .param files, a loose PARAM file; a DCX only by its name, since
//     its payload tells only once decoded: regulation / parambnd / gameparam / Data0), and which
//     go to the binder open as before;
//   * decoding: decryption and decompression in a decode worker of its own (the decode worker's
//     module, web/worker/, a second instance: a regulation dropped while a binder opens waits for
//     nothing), the payload copied into the app a slice per task; without workers, here;
//   * remembering: the last regulation that opened is kept in this browser (IndexedDB, the file's
//     own bytes), opened again on the next visit without asking, and deleted when the user forgets
//     it (the app calls Module.onForgetParams). Nothing leaves the machine.
//
// An ES module imported by taescope-page.js; `page` gives it engine() -> the wasm Module,
// withString(text, call), stepsDue().

const HANDOVER_SLICE = 1 << 20;  // bytes per copy into wasm memory
const HANDOVER_TASK_MS = 12;     // copying goes on in one task while it has taken less than this
const GUESS_BYTES = 64 << 10;    // what the engine's guess reads of a file (its BND4 table, a PARAM header)
const DB_NAME = 'taescope';
const DB_STORE = 'params';
const DB_KEY = 'regulation';

// params::RegulationGuess (engine/params/regulation.h)
const Guess = { NotRegulation: 0, Encrypted: 1, Container: 2, ParamBinder: 3, ParamFile: 4 };
const paramsName = /(regulation|parambnd|gameparam|data0)/i;

const nextTask = (() => {
  const channel = new MessageChannel();
  const queue = [];
  channel.port1.onmessage = () => queue.shift()();
  return () => new Promise((resolve) => { queue.push(resolve); channel.port2.postMessage(0); });
})();

// ---- the browser's store (IndexedDB) ----
function openStore() {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') { reject(new Error('this browser has no IndexedDB')); return; }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(DB_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error('IndexedDB did not open'));
  });
}

async function storeDo(mode, action) {
  const db = await openStore();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(DB_STORE, mode);
      const request = action(tx.objectStore(DB_STORE));
      let result;
      request.onsuccess = () => { result = request.result; };
      tx.oncomplete = () => resolve(result);
      tx.onerror = tx.onabort = () => reject(tx.error || new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
}

export function createParamsClient(page) {
  let worker = null;
  let workerState = 'none';  // 'none' | 'starting' | 'ready' | 'unavailable'
  let workerReady = null;
  let jobs = 0;
  const pending = new Map();  // id -> { resolve, reject }
  let storeNote = '';         // why the store could not be used ('' when it could)

  function startWorker() {
    if (workerReady) return workerReady;
    workerReady = new Promise((resolve) => {
      if (typeof Worker !== 'function') { workerState = 'unavailable'; resolve(false); return; }
      try {
        worker = new Worker('taescope-decode-worker.js');
      } catch (error) {
        workerState = 'unavailable';
        resolve(false);
        return;
      }
      workerState = 'starting';
      worker.onmessage = (e) => {
        const m = e.data;
        if (m.type === 'ready') { workerState = 'ready'; resolve(true); return; }
        if (m.type === 'failed') { workerState = 'unavailable'; resolve(false); return; }
        const job = pending.get(m.id);
        if (!job) return;
        pending.delete(m.id);
        if (m.type === 'regulation') job.resolve(m);
        else job.reject(m.error);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        workerState = 'unavailable';
        resolve(false);
        for (const job of pending.values()) job.reject({ message: `the params worker stopped: ${e.message || 'error'}`, offset: null, context: '' });
        pending.clear();
      };
    });
    return workerReady;
  }

  // The engine's guess (params::guess_regulation) from the first bytes; a bare BND4 or a .param
  // file whose head alone does not tell is read whole (its member table, its row table).
  async function guessOf(bytes) {
    const Module = page.engine();
    const pointer = Module._malloc(Math.max(1, bytes.length));
    Module.HEAPU8.set(bytes, pointer);
    const kind = Module._taescope_params_guess(pointer, bytes.length);
    Module._free(pointer);
    return kind;
  }
  async function guess(file) {
    const head = new Uint8Array(await file.slice(0, GUESS_BYTES).arrayBuffer());
    let kind = await guessOf(head);
    const bnd4 = head.length >= 4 && head[0] === 0x42 && head[1] === 0x4E && head[2] === 0x44 && head[3] === 0x34;
    if (kind === Guess.NotRegulation && file.size > head.length && file.size <= (256 << 20) && (bnd4 || /\.param$/i.test(file.name)))
      kind = await guessOf(new Uint8Array(await file.arrayBuffer()));
    return kind;
  }

  // Splits the files: { regulation: File | null, paramFiles: [File], others: [File] }.
  async function sortOut(files) {
    const out = { regulation: null, paramFiles: [], others: [] };
    for (const file of files) {
      let kind = Guess.NotRegulation;
      try { kind = await guess(file); } catch (error) { kind = Guess.NotRegulation; }
      // A file named as params that is none of them (damaged, truncated) still goes this way: its
      // error is the params' own, and the open character is not replaced by a failed binder open.
      const named = paramsName.test(file.name) && !/\.(anibnd|chrbnd|tae)/i.test(file.name);
      if (kind === Guess.Encrypted || kind === Guess.ParamBinder || (kind === Guess.Container && named) ||
          (kind === Guess.NotRegulation && named)) {
        if (!out.regulation) out.regulation = file;
        else out.others.push(file);  // one regulation at a time: the other is opened as a binder and says what it is
      } else if (kind === Guess.ParamFile) {
        out.paramFiles.push(file);
      } else {
        out.others.push(file);
      }
    }
    return out;
  }

  // The payload into the app's memory, a few slices per task.
  async function handOver(payload) {
    const Module = page.engine();
    const pointer = Module._taescope_params_payload_buffer(payload.length) >>> 0;
    if (!pointer && payload.length) throw { message: `out of memory for ${payload.length} bytes`, offset: null, context: '' };
    let taskStarted = performance.now();
    for (let offset = 0; offset < payload.length; offset += HANDOVER_SLICE) {
      if (performance.now() - taskStarted >= HANDOVER_TASK_MS) {
        await nextTask();
        taskStarted = performance.now();
      }
      const size = Math.min(HANDOVER_SLICE, payload.length - offset);
      Module.HEAPU8.set(payload.subarray(offset, offset + size), pointer + offset);
    }
  }

  const messageOf = (error) => {
    if (!error) return 'unknown error';
    const lines = [error.message || String(error)];
    if (error.offset !== null && error.offset !== undefined) lines.push(`at byte offset ${error.offset}`);
    return lines.join(' ');
  };

  // Opens `bytes` (Uint8Array) named `name` as the game's params; `remembered`: from the store.
  // Resolves true when it opened (and then stores it unless it came from the store).
  async function openBytes(bytes, name, { remembered = false } = {}) {
    const Module = page.engine();
    const keep = remembered ? null : bytes.slice();  // the worker gets `bytes` transferred
    let ok = false;
    if (await startWorker()) {
      page.withString(name, (n) => Module._taescope_params_begin(n, remembered ? 1 : 0));
      const id = ++jobs;
      try {
        const answer = await new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          worker.postMessage({ regulation: { id, name, bytes } }, [bytes.buffer]);
        });
        await handOver(new Uint8Array(answer.payload, 0, answer.payloadSize));
        const m = answer.meta;
        ok = page.withString(name, (n) => page.withString(m.fourcc || '', (f) => page.withString((m.notes || []).join('\n'), (t) =>
          Module._taescope_params_decoded(n, remembered ? 1 : 0, m.source, m.keyGame, m.zeroIv ? 1 : 0, m.kind, m.method, f,
            m.version, m.field10, m.field14, m.level, m.flag38, m.uncompressedSize, m.compressedSize, t, answer.milliseconds)))) === 1;
      } catch (error) {
        page.withString(name, (n) => page.withString(messageOf(error), (t) => Module._taescope_params_failed(n, t)));
        ok = false;
      }
    } else {
      // No worker: the whole open here (one task).
      const pointer = Module._malloc(Math.max(1, bytes.length));
      Module.HEAPU8.set(bytes, pointer);
      ok = page.withString(name, (n) => Module._taescope_params_open(pointer, bytes.length, n, remembered ? 1 : 0)) === 1;
    }
    page.stepsDue();
    if (ok && keep) await remember(name, keep);
    if (!ok && remembered) await forgetStored();  // a stored copy that no longer opens is not tried again
    return ok;
  }

  async function openFile(file) {
    return openBytes(new Uint8Array(await file.arrayBuffer()), file.name);
  }

  // Loose .param files: small, opened together here.
  async function openParamFiles(files) {
    const Module = page.engine();
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const pointer = Module._malloc(Math.max(1, bytes.length));
      Module.HEAPU8.set(bytes, pointer);
      page.withString(file.name, (n) => Module._taescope_params_add_param_file(pointer, bytes.length, n));
    }
    const ok = Module._taescope_params_open_param_files() === 1;
    page.stepsDue();
    return ok;
  }

  async function remember(name, bytes) {
    try {
      await storeDo('readwrite', (store) => store.put({ name, bytes: bytes.buffer, savedAt: Date.now() }, DB_KEY));
      storeNote = '';
    } catch (error) {
      storeNote = `not remembered: ${error.message}`;
    }
  }

  async function forgetStored() {
    try {
      await storeDo('readwrite', (store) => store.delete(DB_KEY));
    } catch (error) {
      storeNote = `could not forget: ${error.message}`;
    }
  }

  // The stored regulation, opened (at start, before or after the sample: it needs no document).
  async function openRemembered() {
    let stored = null;
    try {
      stored = await storeDo('readonly', (store) => store.get(DB_KEY));
    } catch (error) {
      storeNote = `no store: ${error.message}`;
      return false;
    }
    if (!stored || !stored.bytes) return false;
    return openBytes(new Uint8Array(stored.bytes), stored.name, { remembered: true });
  }

  async function stored() {
    try {
      const s = await storeDo('readonly', (store) => store.get(DB_KEY));
      return s ? { name: s.name, bytes: s.bytes.byteLength, savedAt: s.savedAt } : null;
    } catch (error) {
      return null;
    }
  }

  return {
    sortOut,
    openFile,
    openBytes,
    openParamFiles,
    openRemembered,
    forgetStored,
    stored,
    describe: () => ({ worker: workerState, store: storeNote }),
  };
}
