// The page's glue around the wasm app: it loads the module, turns file drops and the Open…
// button into bytes in wasm memory, shows reading progress and errors in DOM overlays, opens
// a sample by default, and exposes a small query API for end-to-end tests:
//
//   await taescope.ready                      module started and the default sample handled
//   taescope.state()                          -> { status: "empty"|"parsing"|"ready"|"error",
//        fileName, fileSize, error: {message, offset, context, text} | null,
//        document: { name, kind, container, taeFileCount, animationCount, eventCount,
//                    taeFiles: [{index, name, game, animations, events, error?}], notes } | null,
//        selection: { taeFile, animation, event, group, taeFileName, animationInfo },
//        timeline: { time, frame, playing, viewStart, viewEnd, length, frameCount,
//                    events: [{index, type, label, start, end, timing, group, active}] },
//        windows: {...} }
//   await taescope.open(uint8array, name)     -> state once parsed (status "ready" or "error")
//   taescope.select(taeFile, animation)       animation: index, or name "a000_003000", or number
//   taescope.animations(taeFile)              -> [{index, name, number, events, length, headerKind, ...}]
//   taescope.selectEvent(i), taescope.setTime(seconds), taescope.play(bool), taescope.showHelp(bool)
//
// Nothing here talks to any server but the one the page came from (see the CSP in index.html).
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const canvas = $('canvas');
  const fileInput = $('file-input');
  const statusLine = $('status');
  const toolbarProgress = $('progress');
  const busy = $('busy-overlay');
  const busyText = $('busy-text');
  const busyProgress = $('busy-progress');
  const errorOverlay = $('error-overlay');

  let Module = null;
  let waiters = [];          // open() promises waiting for the engine to finish parsing
  let lastShownError = null; // the error the overlay shows (so Dismiss sticks until the next one)

  // ---- the DOM side of the app's state ----
  function readState() {
    if (!Module) return { status: 'loading-module' };
    return JSON.parse(Module.UTF8ToString(Module._taescope_state_json()));
  }

  function formatError(error) {
    const lines = [error.message];
    if (error.offset !== null && error.offset !== undefined)
      lines.push(`at byte offset ${error.offset} (0x${error.offset.toString(16).toUpperCase()})`);
    if (error.context) lines.push(`in ${error.context}`);
    return lines.join('\n');
  }

  function showBusy(text, fraction) {
    busy.hidden = false;
    busyText.textContent = text;
    if (fraction === null || fraction === undefined) busyProgress.removeAttribute('value');
    else busyProgress.value = fraction;
    toolbarProgress.hidden = false;
    if (fraction === null || fraction === undefined) toolbarProgress.removeAttribute('value');
    else toolbarProgress.value = fraction;
  }

  function hideBusy() {
    busy.hidden = true;
    toolbarProgress.hidden = true;
  }

  function onEngineChange() {
    const state = readState();
    if (state.status === 'parsing') {
      showBusy(`Parsing ${state.fileName} (${state.fileSize.toLocaleString()} bytes)…`, null);
      statusLine.textContent = `parsing ${state.fileName}`;
    } else {
      hideBusy();
    }
    if (state.status === 'error' && state.error) {
      const key = state.fileName + '\n' + state.error.text;
      if (key !== lastShownError) {
        lastShownError = key;
        $('error-title').textContent = `Could not open ${state.fileName}`;
        $('error-text').textContent = formatError(state.error);
        errorOverlay.hidden = false;
      }
      statusLine.textContent = `${state.fileName}: error`;
    } else {
      errorOverlay.hidden = true;
      lastShownError = null;
    }
    if (state.status === 'ready' && state.document) {
      const d = state.document;
      statusLine.textContent = `${d.name} — ${d.taeFileCount} TAE file${d.taeFileCount === 1 ? '' : 's'}, ` +
        `${d.animationCount} animations`;
    }
    if (state.status === 'ready' || state.status === 'error') {
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve(state);
    }
  }

  // ---- bytes into the engine ----
  function openBytes(bytes, name) {
    if (!Module) return Promise.reject(new Error('TAE Scope is still starting'));
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const pointer = Module._malloc(Math.max(1, data.length));
    if (!pointer) return Promise.reject(new Error(`out of memory for ${data.length} bytes`));
    Module.HEAPU8.set(data, pointer);
    const nameLength = Module.lengthBytesUTF8(name) + 1;
    const namePointer = Module._malloc(nameLength);
    Module.stringToUTF8(name, namePointer, nameLength);
    const parsed = new Promise((resolve) => waiters.push(resolve));
    Module._taescope_open(pointer, data.length, namePointer);  // the engine owns `pointer` now
    Module._free(namePointer);
    return parsed;
  }

  function readFileWithProgress(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onprogress = (e) => {
        if (e.lengthComputable) showBusy(`Reading ${file.name}… ${Math.round((100 * e.loaded) / e.total)}%`, e.loaded / e.total);
      };
      reader.onload = () => resolve(new Uint8Array(reader.result));
      reader.onerror = () => reject(reader.error || new Error(`could not read ${file.name}`));
      showBusy(`Reading ${file.name}…`, 0);
      reader.readAsArrayBuffer(file);
    });
  }

  async function openFile(file) {
    try {
      const bytes = await readFileWithProgress(file);
      return await openBytes(bytes, file.name);
    } catch (error) {
      hideBusy();
      $('error-title').textContent = `Could not read ${file.name}`;
      $('error-text').textContent = String(error && error.message ? error.message : error);
      errorOverlay.hidden = false;
      throw error;
    }
  }

  async function fetchWithProgress(url, label) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const total = Number(response.headers.get('Content-Length')) || 0;
    if (!response.body || !total) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const bytes = new Uint8Array(total);
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (loaded + value.length > bytes.length) throw new Error(`${url}: more bytes than announced`);
      bytes.set(value, loaded);
      loaded += value.length;
      showBusy(`Loading ${label}… ${Math.round((100 * loaded) / total)}%`, loaded / total);
    }
    return bytes.subarray(0, loaded);
  }

  // The sample the project generates (assets-sample/, copied to samples/ with an index.json).
  async function openDefaultSample() {
    if (new URLSearchParams(location.search).get('sample') === 'none') return null;
    let index;
    try {
      const response = await fetch('samples/index.json');
      if (!response.ok) return null;
      index = await response.json();
    } catch {
      return null;  // no samples published: start empty
    }
    const names = (index && index.samples) || [];
    const name = names.find((n) => /\.anibnd\.dcx$/i.test(n)) || names.find((n) => /\.(tae|dcx)$/i.test(n));
    if (!name) return null;
    try {
      const bytes = await fetchWithProgress(`samples/${encodeURIComponent(name)}`, name);
      return await openBytes(bytes, name);
    } catch (error) {
      hideBusy();
      statusLine.textContent = `sample ${name} could not be loaded: ${error.message}`;
      return null;
    }
  }

  // ---- drag and drop, Open…, keys ----
  let dragDepth = 0;
  const hasFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files');
  window.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    dragDepth++;
    $('drop-overlay').hidden = false;
  });
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) $('drop-overlay').hidden = true;
  });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    $('drop-overlay').hidden = true;
    const file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) openFile(file).catch(() => {});
  });
  // Toolbar buttons never keep the keyboard focus: Space and the arrows belong to the viewer.
  for (const button of document.querySelectorAll('#toolbar button')) button.addEventListener('mousedown', (e) => e.preventDefault());
  canvas.addEventListener('pointerdown', () => canvas.focus());
  $('open-button').addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', () => {
    const file = fileInput.files && fileInput.files[0];
    fileInput.value = '';
    if (file) openFile(file).catch(() => {});
  });
  $('error-dismiss').addEventListener('click', () => { errorOverlay.hidden = true; canvas.focus(); });
  $('help-button').addEventListener('click', () => {
    if (Module) Module._taescope_show_help(readState().windows.help ? 0 : 1);
    canvas.focus();
  });
  // On window, capturing: before SDL's own key handlers see (and may cancel) the event.
  // Chromium reserves Ctrl+O for itself and grants no user activation for it, so there the
  // file chooser opens only shortly after a click; the Open… button always works.
  window.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.repeat && e.key.toLowerCase() === 'o') {
      e.preventDefault();
      e.stopPropagation();
      fileInput.click();
    }
  }, true);

  // ---- start the module ----
  const api = {
    state: readState,
    open: openBytes,
    openFile,
    animations(taeFile = 0) {
      return JSON.parse(Module.UTF8ToString(Module._taescope_animations_json(taeFile)));
    },
    select(taeFile, animation = -1) {
      let index = animation;
      if (typeof animation === 'string' || (typeof animation === 'number' && animation >= 1000000)) {
        const text = String(animation);
        const length = Module.lengthBytesUTF8(text) + 1;
        const pointer = Module._malloc(length);
        Module.stringToUTF8(text, pointer, length);
        index = Module._taescope_find_animation(taeFile, pointer);
        Module._free(pointer);
        if (index < 0) throw new Error(`no animation ${text} in TAE file ${taeFile}`);
      }
      if (!Module._taescope_select(taeFile, index)) throw new Error(`cannot select TAE file ${taeFile}, animation ${animation}`);
      return readState();
    },
    selectEvent(index) {
      if (!Module._taescope_select_event(index)) throw new Error(`no event ${index} in the selected animation`);
      return readState();
    },
    setTime(seconds) { Module._taescope_set_time(seconds); return readState(); },
    play(on = true) { Module._taescope_set_playing(on ? 1 : 0); return readState(); },
    showHelp(on = true) { Module._taescope_show_help(on ? 1 : 0); return readState(); },
  };

  api.ready = new Promise((resolve, reject) => {
    if (typeof createTaeScope !== 'function') {
      reject(new Error('taescope.js did not load'));
      return;
    }
    const moduleConfig = {
      canvas,
      onTaeScopeChange: onEngineChange,
      onTaeScopeReady: () => {
        // Called from main(), before createTaeScope's promise settles: the config object is
        // the module itself (MODULARIZE), so it can be used right away.
        Module = moduleConfig;
        setTimeout(() => openDefaultSample().then(() => resolve(readState()), () => resolve(readState())), 0);
      },
      print: (text) => console.log(text),
      printErr: (text) => console.warn(text),
    };
    createTaeScope(moduleConfig).then((instance) => {
      Module = instance;
    }, reject);
  });
  window.taescope = api;
})();
