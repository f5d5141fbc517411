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
//   await taescope.open(uint8array, name)     -> state once parsed (status "ready" or "error"); a DCX / DCP
//        file's buffer is transferred to the decode worker (the array is detached afterwards)
//   state().open -> how the page fared during the last open (from the drop or open() call to the
//        second frame drawn after it finished): { decodedIn: "worker" | "main thread",
//        worker: "ready" | "starting" | "unavailable (why)", longestTaskMs (the longest main-thread
//        task the Long Tasks API reported, i.e. of 50 ms or more; 0: none), longTasks (their
//        count), longTaskObserver (false: the browser has no such API), longestFrameMs (the
//        longest gap between two frames), frames, readyMs (open start to status ready/error),
//        drawnMs (to the start of the second frame after that: the result has been drawn),
//        files (decoded in the worker: what it did with each file of the open, [{name, decodedIn:
//        "worker", payloadBytes (0: opened as it is) | error}]; else null),
//        modelMs (to the first frame after a model binder of the open was read, or failed; null:
//        none), finished (drawnMs, and modelMs when a model is read, are known), statuses (every
//        status the engine reported from the start of the open to ready/error, in order, whether a
//        frame drew it or not) }
//   state().openSteps -> what the engine's opener did, step by step (web/open_step_report.h):
//        { steps, largestBudgetMilliseconds, unitsBegunOverBudget, mostStepsInOneFrame,
//          stages: [{name, steps, units}] }
//   taescope.opensFinished() -> how many opens have finished: wait on it without reading the state
//   state().openDecodedIn, workerDecodeMilliseconds, payloadCopyMilliseconds: the engine's side
//   taescope.openStatus()                     -> { status, fileName, generation, error, open, warmUp }: the same
//        report without the whole state, for polling while a file opens
//   state().warmUp -> { state: "not started"|"running"|"done"|"no sample"|"cancelled", opens, milliseconds,
//        workerDecodes }: the open path run on the bundled sample before the first file ("cancelled":
//        a file was opened first; a dropped or chosen file always wins over the sample and the warm-up,
//        also when it arrives before the module has started: it then opens once it has)
//   taescope.select(taeFile, animation)       animation: index, or name "a000_003000", or number
//   taescope.animations(taeFile)              -> [{index, name, number, events, length, headerKind, ...}]
//   taescope.selectEvent(i), taescope.setTime(seconds), taescope.play(bool), taescope.showHelp(bool)
//   state().simulation -> { frame, frameCount, convention, import, masks: 32 chars d|s|h,
//        maskDecidedBy: [32 event indices or -1], active: [{index, type, name, conditional,
//        conditions?, effectId?}], effectsStarted: [...], maskEvents, conditionalEvents,
//        stripRenderer: "shader" | "draw-list (why)" } | null
//   taescope.search(query) -> {query, truncated, hits: [{taeFile, animation, animationName, event, what}]}
//   taescope.jump(i)                          selects hit i's animation + event, playhead on its start
//   taescope.shareLink(kind = 'timeline'|'file') -> page URL with a #v1.t= or #v1.f= fragment
//   await taescope.copyLink()                 URL to the clipboard and into location.hash
//   await taescope.openLink(urlOrFragment)    -> state (a timeline link opens without the file)
//   taescope.exportPng()                      downloads <animation>.png; -> {fileName, size, url}
//   taescope.timelinePng()                    -> Uint8Array (the PNG bytes)
// Editing (every change is an undoable command of engine/edit):
//   state().edit -> { dirty, canUndo, canRedo, stepsDone, history: [{label, done}], message,
//        messageIsError, clipboardEvents, modifiedTaeFiles, userTemplates, templatesMessage,
//        export: {open, scope, method, checked, error, lastSaved, blocking: [..], warnings: [..]} }
//   state().selection.events                  every selected event (the timeline's multi-selection)
//   taescope.undo(), taescope.redo(), taescope.selectEvents([i, ...]), taescope.deleteSelected()
//   taescope.copy() -> clipboard text; taescope.paste(text, atPlayhead = true)
//   taescope.exportFile({scope: 'file'|'tae', method: 'as-opened'|'dflt', force, download})
//        -> Uint8Array (empty when blocked: state().edit.export.error says why)
//   taescope.showExport(bool), taescope.showHistory(bool)
//   await taescope.exportGltf({all: false, download: false}) -> Uint8Array: the character as glTF
//        binary (.glb), the selected animation or every one (all), the body when a model is read;
//        the bytes `taescope gltf` writes, written by the export worker (the page keeps drawing;
//        state().gltfExport {phase: idle|copying|running|done|cancelled|failed, id, all, name, done,
//        total, bytes, milliseconds, cancelled, error, last}). Rejects with the reason when there
//        is no Havok skeleton, when an export is already on its way, or when cancelled.
//   taescope.cancelGltfExport() -> bool   stops the export on its way (false: none)
//   taescope.rowOrder('stored'|'group'|'type') timeline rows as stored, by event group or by type;
//        timeline.events[] are in row order and carry their `row`; timeline.rowOrder
//   await taescope.fitRows()                  every timeline row in the panel's height -> state once drawn
//   await taescope.rowHeight(pixels = 0)      rows that tall (0: the normal height) -> state once drawn;
//        timeline.rowHeight (as drawn, CSS px; below 1 rows share pixel rows: row r is drawn and hit
//        from floor(rowsTop + r * rowHeight), at least 1 px tall), normalRowHeight, rowsFitted,
//        rowLabels (false: too thin for text), visibleRows (rows at least partly on screen)
//   await taescope.openCompare(bytes, name)   a reference file: state().compare = {reference, added,
//        removed, changed, unchanged, animations: [{name, change, moved, changedEvents, ...}],
//        selected: [{change, type, reference, open, fields: [{name, before, after}]}] | null}
//   taescope.closeCompare()
//   taescope.evidenceFilter(strongOnly)       only Proven/Observed names shown; selectedEvent.fields[]
//        carry {confidence, source, alternatives}, selectedEvent.typeConfidence the type name's
//   await taescope.loadTemplates(text, name)  a template file (XML of either community tool, or
//        ours) for the open file's game -> state; dropping a .xml file does the same
//   taescope.chooseGame(code)   decode the open file as SDT/ER/NR/DS3/AC6 ('' : as detected) -> state;
//        state().document.taeFiles[i] carry game, gameReason, gameGuessed, gameDisagreements, detectedGame
// The event reference (F2; no file needed; engine/reference):
//   state().reference -> { open, fragment ("v1.r=SDT/233"), viewSerial, query, game, error, hitCount,
//        truncated, games: [...], hits (first 100): [{game, type, name, confidence, matched}],
//        shown: { game, type, defined, name, origin, size, confidence, source,
//                 fields: [{offset, size, type, name, default, asserted, confidence, source, fromNotes,
//                           namedValues, stored?, distinct?, values?: [{value, count, name, unnamed}]}],
//                 simulation: [..], differences: [{game, text}], gamesWithout: [..],
//                 file: {events, animations, eventFiles} | null } | null }
//   taescope.showReference(on), taescope.reference() -> the same with every hit
//   taescope.referenceSearch(query, game = '') -> reference (search as the panel's box does)
//   taescope.openReference(game, type)      a new view: the address bar gets a history entry
//   taescope.referenceListEvents(field = -1, valueIndex = 0) -> search: those events listed in Search
//   taescope.openSelectedInReference()      the Inspector's "Open in Reference"
//   await taescope.copyReferenceLink()      -> {link, copied}
// The address bar follows the view (#v1.r=GAME/TYPE); Back/Forward move between the types shown.
// Keys the page handles itself: Ctrl+V pastes the system clipboard's events at the playhead
// (Ctrl+Shift+V: at their stored times), Ctrl+S opens Export; leaving with unsaved edits asks.
//
// Several files of one character (a player binder with its animation binders):
//   await taescope.openSet([{bytes, name}, ...]) -> state; the file holding TAE files is shown,
//        state().companions lists the others (companionErrors: those that did not open).
//        Dropping or choosing several files does the same. DCX / DCP files of the set are decoded
//        in the decode worker as a single file is (state().open.decodedIn "worker"), their buffers
//        transferred (detached afterwards).
// Pose panel (the skeleton at the playhead, from the animation's Havok data):
//   taescope.showPose(bool), taescope.poseRootMotion(bool)
//   state().pose -> { shown, boneCount, skeleton, skeletonError, animation, hasClip, lengthKnown,
//        duration, frameCount, frameDuration, frameRate, additive, rootMotion, clipHasRootMotion,
//        time, frame (the clip's own frame at the playhead, `taescope pose --frames` numbering),
//        reason (why there is no clip), hoveredBone, hoveredBoneName, renderer, view: {x0, y0, x1, y1, ...} }
//   taescope.poseBone(i) -> [x, y, z] model-space position of bone i in the pose shown, or null
//   taescope.poseBoneScreen(i) -> [x, y] where the panel drew that joint last frame (CSS px), or null
// The body (a model binder, cXXXX.chrbnd.dcx, dropped with the animation binder or onto it; alone:
// the model in its bind pose), in the Pose panel:
//   state().model -> null without a model, else { status: "opening"|"reading"|"ready"|"error", file,
//        flver, error, readMilliseconds, longestStepMilliseconds, renderer, showBody, showSkeleton,
//        showDummies, forceMasksShown, bindPose, bones, dummies, matchedBones,
//        meshes: [{index, material, mask (-1: none), visible (at the playhead), hiddenByMask,
//                  vertexCount, triangles (LOD0), error?}],
//        skinnedBounds: {min, max} (the visible meshes, model space, no root motion) | null, offset
//        (the root motion moving the body), hoveredMesh, hoveredMaterial, hoveredMask,
//        hoveredDummy: {index, referenceId, bone, boneName} | null, eventDummyIds (named by the
//        selected event), highlightedDummies (indices of every dummy with one of those ids) }
//   taescope.bodyOptions({body, skeleton, dummies, forceMasks}) what the view draws (omitted: unchanged)
//   taescope.modelDummies(id) -> [{index, bone, boneName, position}] every dummy with that reference id, posed
//   taescope.modelMeshScreen(i), modelDummyScreen(i) -> [x, y] where the panel drew them last frame, or null
//   state().timeline.trueLength (-1: not known), frameRate (of playback and frame steps);
//        timeline.events[].afterEnd (starts after the true end), irregular
// The game's params (regulation.bin, a decrypted one, a .parambnd.dcx or .param files, dropped with
// the binders or onto them; sorted out by taescope-params.js, decoded in a worker of its own):
//   state().params -> null without, else { phase: "decoding"|"ready"|"failed", file, game, version,
//        summary, error, remembered, decodedIn, workerMs, openMs, variation, variationSource,
//        npcParamRow, player, variations: [...], displayMasks: [32 booleans], displayMasksSource,
//        chain: {events, resolved, misses: {reason: n}, milliseconds}, notes } (web/params_json.h)
//   state().hitboxes -> [{event, type, atkRow, slot, kind: "capsule"|"sphere", radius, hitType, color,
//        points: [[x, y, z], ...], missing}] live at the playhead (model space, no root motion)
//   state().pose.showHitboxes, hitboxRenderer, hoveredHitShape; state().windows.frameData
//   taescope.openParams(bytes, name), paramsStored(), forgetParams(), await taescope.paramsRestored
//        (the remembered regulation opened after the first file: true / false),
//   taescope.showHitboxes(on), chooseVariation(v | null, npcParamRow | null), showFrameData(on),
//   taescope.frameDataCsv() -> the Frame data window's CSV, setCamera(yaw, pitch, distance)
//   await taescope.offlineReady               true once the service worker keeps the page for offline use
// Nothing here talks to any server but the one the page came from (see the CSP in index.html).
import { createDecodeClient, isModelBinderName, isWrapped } from './taescope-decode-client.js';
import { createParamsClient } from './taescope-params.js';
import { createGltfExportClient } from './taescope-gltf-export.js';

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
  let waiters = [];          // open() promises waiting for the engine to finish parsing: { resolve, quiet }
  // A promise for the end of the open about to begin. `quiet`: its caller (a drop, the Open… button)
  // ignores the result, so it is resolved with null instead of the whole state, whose JSON for a
  // 2,000-event animation took ~100 ms of the open's last task in headless Chromium.
  const waitForOpen = ({ quiet = false } = {}) => new Promise((resolve) => waiters.push({ resolve, quiet }));
  let lastShownError = null; // the error the overlay shows (so Dismiss sticks until the next one)

  // ---- the user's file wins (issue 34) ----
  // The page opens its bundled sample at start and then warms its open path up on it. A file the
  // user drops or chooses (or the API's open) may arrive at any moment of that: before the module
  // has started, while the sample is fetched, decoded by the worker or parsed, or during the
  // warm-up. Every such open counts here; the start-up work checks the count at each of its steps
  // and gives up once it has moved (the sample is never opened after, nor over, a user's file),
  // and the warm-up stops at once. An open already begun is replaced by the engine itself (each
  // begin_open supersedes the one before: web/app.h).
  let userOpens = 0;
  let moduleStarted = null;
  const moduleReady = new Promise((resolve) => { moduleStarted = resolve; });
  const userHasOpened = () => userOpens > 0;
  function userOpenBegins() {
    userOpens++;
    cancelWarmUp();
  }

  // ---- the DOM side of the app's state ----
  function readState() {
    if (!Module) return { status: 'loading-module' };
    const state = JSON.parse(Module.UTF8ToString(Module._taescope_state_json()));
    state.open = openTimingReport(state);
    state.warmUp = warmUpReport();
    return state;
  }

  // The state once the app has drawn two more frames: for calls whose effect only the panel
  // can work out (a fitted row height depends on the panel's size), the first frame draws it
  // and the second lets ImGui's next-frame requests (scrolling) settle.
  function stateOnceDrawn() {
    const start = readState().frame;
    return new Promise((resolve) => {
      const poll = () => {
        const s = readState();
        if (s.frame >= start + 2) resolve(s);
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
  }

  function formatError(error) {
    const lines = [error.message];
    if (error.offset !== null && error.offset !== undefined)
      lines.push(`at byte offset ${error.offset} (0x${error.offset.toString(16).toUpperCase()})`);
    if (error.context) lines.push(`in ${error.context}`);
    return lines.join('\n');
  }

  // 1234567 -> "1,234,567". Not toLocaleString(): its first call sets up the browser's number
  // formatting, which took 70 ms of the first open's task in headless Chromium.
  const groupDigits = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
    if (!busy.hidden) busy.hidden = true;
    if (!toolbarProgress.hidden) toolbarProgress.hidden = true;
  }

  // The app reports every change (each step of a drag, too): the DOM is written only where the
  // text differs, so that an unchanged title or status line costs the page no style work.
  function setText(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  // The small status the page's own overlays need (load status, progress, error, unsaved edits,
  // counts); readState() is the whole state, for the query API and for open() promises.
  function readPageStatus() {
    if (!Module) return { status: 'loading-module' };
    return JSON.parse(Module.UTF8ToString(Module._taescope_page_status_json()));
  }

  // ---- the engine's reading between frames ----
  // An open goes on a step at a time (App::background_step: a slice of the parse, then the model's
  // reading). The frame loop does one step a frame; a step also runs in a task of its own as soon
  // as there is work (the engine reports a change, the decode worker's bytes are in), and then one
  // more after each frame: the work never waits for the next animation frame alone, which on a
  // software-GL browser comes 50-150 ms after the last one (the GPU process drawing it) while this
  // thread has nothing to do, and frames still come between the steps, each showing progress.
  const stepChannel = new MessageChannel();
  let stepping = false;
  stepChannel.port1.onmessage = () => {
    if (Module && Module._taescope_background_step()) requestAnimationFrame(() => stepChannel.port2.postMessage(0));
    else stepping = false;
  };
  function stepsDue() {
    if (stepping || !Module) return;
    stepping = true;
    stepChannel.port2.postMessage(0);
  }

  function onEngineChange() {
    stepsDue();
    const state = readPageStatus();
    noteOpenProgress(state.status);
    if (state.status === 'parsing') {
      const fraction = state.progress > 0 ? state.progress : null;
      showBusy(`Opening ${state.fileName} (${groupDigits(state.fileSize)} bytes)… ${state.progressText || ''}`, fraction);
      setText(statusLine, `parsing ${state.fileName}`);
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
      setText(statusLine, `${state.fileName}: error`);
    } else {
      if (!errorOverlay.hidden) errorOverlay.hidden = true;
      lastShownError = null;
    }
    const dirty = !!(state.edit && state.edit.dirty);
    const title = (dirty ? '* ' : '') + (state.fileName ? `${state.fileName} — TAE Scope` : 'TAE Scope');
    if (document.title !== title) document.title = title;
    if (state.status === 'ready' && state.document) {
      const d = state.document;
      setText(statusLine, `${d.name} — ${d.taeFileCount} TAE file${d.taeFileCount === 1 ? '' : 's'}, ` +
        `${d.animationCount} animations`);
    }
    followReferenceView(state.reference);
    if ((state.status === 'ready' || state.status === 'error') && waiters.length) {
      const done = waiters;
      waiters = [];
      const full = done.some((w) => !w.quiet) ? readState() : null;
      for (const w of done) w.resolve(w.quiet ? null : full);
    }
  }

  // ---- the event reference's view in the address bar ----
  // A type the user chose (viewSerial moved) is a new history entry; a search as one types only
  // replaces the current entry; closing the panel takes the fragment away. Back/Forward come
  // back as hashchange, which opens the view without a new entry.
  let referenceSerial = 0;
  function followReferenceView(view) {
    if (!view) return;
    const current = location.hash.slice(1);
    if (view.fragment && view.fragment !== current) {
      if (view.viewSerial !== referenceSerial) history.pushState(null, '', '#' + view.fragment);
      else history.replaceState(null, '', '#' + view.fragment);
    } else if (!view.fragment && current.startsWith('v1.r=')) {
      history.replaceState(null, '', location.pathname + location.search);
    }
    referenceSerial = view.viewSerial;
  }

  // ---- how the page fares while a file opens: the longest main-thread task and frame ----
  // From the drop (or open() call) to the second frame drawn after the open finished. Tasks come
  // from the Long Tasks API (PerformanceObserver 'longtask': tasks of 50 ms or more); frames
  // from a requestAnimationFrame loop that runs only during an open.
  const longTasks = [];  // { start, duration } of the last 200 long tasks
  let longTaskObserver = null;
  if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('longtask')) {
    const keep = (entries) => {
      for (const e of entries) longTasks.push({ start: e.startTime, duration: e.duration });
      if (longTasks.length > 200) longTasks.splice(0, longTasks.length - 200);
    };
    longTaskObserver = new PerformanceObserver((list) => keep(list.getEntries()));
    longTaskObserver.observe({ type: 'longtask', buffered: true });
    longTaskObserver.keep = keep;
  }
  // A model binder among the files (or dropped onto the open binder) is read after the open, a step
  // per frame: the frames are watched until it is read too (modelAt), and the open counts as
  // finished then (`settled`; `opensFinished` counts them, for callers that wait without reading
  // the engine's state).
  const timing = { start: -1, readyAt: 0, end: 0, modelAt: 0, settled: false, sawParsing: false, statuses: [],
                   framesAfterReady: 0, lastFrame: 0, longestFrame: 0, frames: 0, looping: false, opensFinished: 0 };
  const MODEL_NONE = 0, MODEL_OPENING = 1, MODEL_READING = 2;  // taescope_model_phase()

  function beginOpenTiming() {
    Object.assign(timing, { start: performance.now(), readyAt: 0, end: 0, modelAt: 0, settled: false,
                            sawParsing: false, statuses: [], framesAfterReady: 0, longestFrame: 0, frames: 0 });
    timing.lastFrame = timing.start;
    if (!timing.looping) {
      timing.looping = true;
      requestAnimationFrame(timingFrame);
    }
  }

  function timingFrame() {
    const now = performance.now();
    timing.longestFrame = Math.max(timing.longestFrame, now - timing.lastFrame);
    timing.lastFrame = now;
    timing.frames++;
    if (timing.readyAt && ++timing.framesAfterReady >= 2) {
      if (!timing.end) timing.end = now;
      const model = Module ? Module._taescope_model_phase() : 0;
      if (model !== MODEL_OPENING && model !== MODEL_READING) {
        // A model after the open is this open's (each open clears the character view): read, or
        // failed, by this frame (read between two frames too: its steps run in tasks of their own).
        if (model !== MODEL_NONE) timing.modelAt = now;
        timing.settled = true;
        timing.opensFinished++;
        timing.looping = false;
        return;
      }
    }
    requestAnimationFrame(timingFrame);
  }

  // The open is over when the engine, having begun it, reports ready or error.
  function noteOpenProgress(status) {
    if (timing.start < 0 || timing.readyAt) return;
    // Every status the engine reported (each change reaches here, whether a frame drew it or not).
    if (timing.statuses[timing.statuses.length - 1] !== status) timing.statuses.push(status);
    if (status === 'parsing') timing.sawParsing = true;
    else if (timing.sawParsing && (status === 'ready' || status === 'error')) timing.readyAt = performance.now();
  }

  // A failure before the engine saw the file (it could not be read): the open is over.
  function endOpenTiming() {
    if (timing.start >= 0 && !timing.readyAt) timing.readyAt = performance.now();
  }

  function openTimingReport(state) {
    if (longTaskObserver) longTaskObserver.keep(longTaskObserver.takeRecords());
    const until = timing.end || performance.now();
    const during = timing.start < 0 ? [] : longTasks.filter((t) => t.start >= timing.start && t.start <= until);
    return {
      decodedIn: state.openDecodedIn,
      files: state.openDecodedIn === 'worker' ? decoder.lastFiles() : null,
      worker: decoder.describe(),
      longestTaskMs: during.reduce((m, t) => Math.max(m, t.duration), 0),
      longTasks: during.length,
      longTaskObserver: !!longTaskObserver,
      longestFrameMs: timing.longestFrame,
      frames: timing.frames,
      readyMs: timing.readyAt ? timing.readyAt - timing.start : null,
      // to the start of the second frame after ready: the first frame that drew the result is over
      drawnMs: timing.end ? timing.end - timing.start : null,
      // to the first frame after the model (read after the open, a step per frame) was read or failed
      modelMs: timing.modelAt ? timing.modelAt - timing.start : null,
      finished: timing.settled,
      statuses: timing.statuses,
    };
  }

  function warmUpReport() {
    const { state, opens, milliseconds, workerDecodes } = warmUpState;
    return { state, opens, milliseconds, workerDecodes };
  }

  // ---- the decode worker (web/worker/, its client taescope-decode-client.js) ----
  // DCX / DCP files (one, or a set) are decoded off this thread; without a worker, here.
  const decoder = createDecodeClient({
    engine: () => Module,
    withString,
    waitForOpen,
    openHere,
    openSetHere,
    stepsDue,
    readFile: readFileWithProgress,
    workerReady: () => { if (warmUpState.workerBytes) warmWorker(); },
    workerGone: () => warmUpState.workerAnswered(),
    warmed: (decodes) => {
      warmUpState.workerDecodes += decodes;
      warmUpState.workerAnswered();
    },
  });

  // ---- the game's params (taescope-params.js): regulation.bin sorted out of a drop, decoded in
  // a worker of its own, remembered by this browser ----
  const params = createParamsClient({ engine: () => Module, withString, stepsDue });

  // ---- bytes into the engine ----
  // Copies `bytes` into wasm memory and hands them to `entry` (taescope_open or
  // taescope_open_companion), which owns them then.
  function copyIntoEngine(entry, bytes, name) {
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const pointer = Module._malloc(Math.max(1, data.length));
    if (!pointer) throw new Error(`out of memory for ${data.length} bytes`);
    Module.HEAPU8.set(data, pointer);
    withString(String(name), (namePointer) => entry(pointer, data.length, namePointer));
  }

  // On this thread: the bytes are copied into wasm memory and the engine decodes and parses them
  // a step per frame.
  function openHere(bytes, name, options = {}) {
    const parsed = waitForOpen(options);
    try {
      copyIntoEngine(Module._taescope_open, bytes, name);
    } catch (error) {
      waiters.pop();
      return Promise.reject(error);
    }
    return parsed;
  }

  // Several files of one character (a player binder and its animation binders, a model binder
  // with the animation binder; in any order): opened together, the one holding TAE files shown,
  // the others searched for its Havok data and its model. DCX / DCP files among them go to the
  // decode worker (their buffers are transferred: the arrays are detached afterwards).
  function openSet(files, options = {}) {
    userOpenBegins();
    if (!Module) return moduleReady.then(() => openSet(files, options));
    if (files.length === 1) return openBytes(files[0].bytes, files[0].name, options);
    const arrays = files.map(({ bytes }) => (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)));
    if (!decoder.available() || !arrays.some(isWrapped)) {
      beginOpenTiming();
      return openSetHere(files, options);
    }
    // One buffer per file: each is transferred on its own.
    const buffers = new Set();
    const sources = arrays.map((data, i) => {
      const own = buffers.has(data.buffer) ? data.slice() : data;
      buffers.add(own.buffer);
      return { bytes: own, name: files[i].name, size: own.length };
    });
    beginOpenTiming();
    const opened = decoder.open(sources, options);
    opened.catch(endOpenTiming);
    return opened;
  }

  // The same on this thread: every file copied into wasm memory, decoded and parsed a step per frame.
  function openSetHere(given, options = {}) {
    const parsed = waitForOpen(options);
    // Model binders last, as the decode worker takes them: the animations are shown while the
    // model is read (App::model_left_for_later).
    const files = [...given.filter((f) => !isModelBinderName(f.name)), ...given.filter((f) => isModelBinderName(f.name))];
    try {
      for (const file of files.slice(1)) copyIntoEngine(Module._taescope_open_companion, file.bytes, file.name);
      copyIntoEngine(Module._taescope_open, files[0].bytes, files[0].name);
    } catch (error) {
      waiters.pop();
      endOpenTiming();
      return Promise.reject(error);
    }
    return parsed;
  }

  // A DCX / DCP file goes to the decode worker (its buffer is transferred: `bytes` is detached
  // afterwards), anything else is opened here.
  // `startUp`: the page's own sample (its job in the worker is dropped, not the worker, when a
  // user's file replaces it).
  function openBytes(bytes, name, { timingStarted = false, quiet = false, startUp = false } = {}) {
    if (!Module) return Promise.reject(new Error('TAE Scope is still starting'));
    if (!timingStarted) beginOpenTiming();
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const opened = decoder.available() && isWrapped(data) ? decoder.open([{ bytes: data, name, size: data.length }], { quiet, startUp }) : openHere(data, name, { quiet });
    opened.catch(endOpenTiming);
    return opened;
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

  // A template file (Smithbox / DSAnimStudio XML or our text format) replaces the templates
  // of the open file's game; anything else is opened as a TAE file or binder.
  const isTemplateFile = (name) => /\.(xml|templates\.txt)$/i.test(name);

  function loadTemplates(text, name) {
    if (!Module) return Promise.reject(new Error('TAE Scope is still starting'));
    const error = withString(String(text), (t) => withString(String(name), (n) => Module.UTF8ToString(Module._taescope_load_templates(t, n))));
    statusLine.textContent = error ? `${name}: not loaded` : `${name}: templates loaded`;
    if (error) {
      $('error-title').textContent = `Could not use ${name} as templates`;
      $('error-text').textContent = error;
      errorOverlay.hidden = false;
    }
    return Promise.resolve(readState());
  }

  async function openFile(file, { quiet = false } = {}) {
    if (!isTemplateFile(file.name)) userOpenBegins();
    if (!Module) {
      showBusy(`Opening ${file.name}… (the page is starting)`, null);
      await moduleReady;
    }
    if (isTemplateFile(file.name)) {
      try {
        return await loadTemplates(await file.text(), file.name);
      } catch (error) {
        $('error-title').textContent = `Could not read ${file.name}`;
        $('error-text').textContent = String(error && error.message ? error.message : error);
        errorOverlay.hidden = false;
        throw error;
      }
    }
    beginOpenTiming();
    try {
      if (decoder.available() && Module) {
        // A DCX / DCP file is read by the decode worker itself: this thread never holds its bytes
        // but in the slices it copies into wasm memory.
        const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
        if (isWrapped(head)) return await decoder.open([{ file, name: file.name, size: file.size }], { quiet });
      }
      const bytes = await readFileWithProgress(file);
      return await openBytes(bytes, file.name, { timingStarted: true, quiet });
    } catch (error) {
      endOpenTiming();
      hideBusy();
      $('error-title').textContent = `Could not read ${file.name}`;
      $('error-text').textContent = String(error && error.message ? error.message : error);
      errorOverlay.hidden = false;
      throw error;
    }
  }

  // Several files dropped or chosen at once: template files load as templates, the others open
  // as one character (one file: exactly as a single open).
  async function openFiles(list, { quiet = false } = {}) {
    let files = Array.from(list);
    // The game's params among them (regulation.bin, .param files) open beside the character, never as it.
    if (files.some((f) => !isTemplateFile(f.name))) {
      if (!Module) await moduleReady;
      const sorted = await params.sortOut(files.filter((f) => !isTemplateFile(f.name)));
      const paramsDone = [];
      if (sorted.regulation) paramsDone.push(params.openFile(sorted.regulation));
      if (sorted.paramFiles.length) paramsDone.push(params.openParamFiles(sorted.paramFiles));
      if (paramsDone.length) {
        files = [...files.filter((f) => isTemplateFile(f.name)), ...sorted.others];
        // Only params: the character stays as it is; the promise settles once they are open.
        if (!sorted.others.length) {
          await Promise.all(paramsDone);
          return quiet ? null : readState();
        }
      }
    }
    const templates = files.filter((f) => isTemplateFile(f.name));
    const others = files.filter((f) => !isTemplateFile(f.name));
    if (others.length) userOpenBegins();
    for (const file of templates) await openFile(file);
    if (others.length <= 1) return others.length ? openFile(others[0], { quiet }) : quiet ? null : readState();
    try {
      if (decoder.available()) {
        // Read by the decode worker itself when one of them is a DCX / DCP file.
        const heads = await Promise.all(others.map(async (f) => new Uint8Array(await f.slice(0, 4).arrayBuffer())));
        if (heads.some(isWrapped)) {
          beginOpenTiming();
          return await decoder.open(others.map((file) => ({ file, name: file.name, size: file.size })), { quiet });
        }
      }
      const set = [];
      for (const file of others) set.push({ bytes: await readFileWithProgress(file), name: file.name });
      return await openSet(set, { quiet });
    } catch (error) {
      endOpenTiming();
      hideBusy();
      $('error-title').textContent = `Could not read ${others.map((f) => f.name).join(', ')}`;
      $('error-text').textContent = String(error && error.message ? error.message : error);
      errorOverlay.hidden = false;
      throw error;
    }
  }

  // `abandoned()`: true once the bytes are no longer wanted (a user's file superseded the sample):
  // the download stops, shows no more progress, and null is returned.
  async function fetchWithProgress(url, label, abandoned = () => false) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    if (abandoned()) return null;
    const total = Number(response.headers.get('Content-Length')) || 0;
    if (!response.body || !total) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const bytes = new Uint8Array(total);
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (abandoned()) {
        reader.cancel().catch(() => {});
        return null;
      }
      if (done) break;
      if (loaded + value.length > bytes.length) throw new Error(`${url}: more bytes than announced`);
      bytes.set(value, loaded);
      loaded += value.length;
      showBusy(`Loading ${label}… ${Math.round((100 * loaded) / total)}%`, loaded / total);
    }
    return bytes.subarray(0, loaded);
  }

  // The sample the project generates (assets-sample/, copied to samples/ with an index.json).
  // The name of the bundled sample (a binder first, else a .tae or .dcx), or null when none is
  // published.
  async function bundledSampleName() {
    let index;
    try {
      const response = await fetch('samples/index.json');
      if (!response.ok) return null;
      index = await response.json();
    } catch {
      return null;
    }
    const names = (index && index.samples) || [];
    return names.find((n) => /\.anibnd\.dcx$/i.test(n)) || names.find((n) => /\.(tae|dcx)$/i.test(n)) || null;
  }

  // The bundled sample, fetched once as the page's script starts, beside the module's download and
  // compile (it began ~800 ms after main() on a loaded machine when fetched after it: bench/browser/
  // cold_start.mjs): { name, bytes } or null (none published), an error rejects. The opener and the
  // warm-up each take a copy (an open hands its bytes over to the decode worker).
  let bundledSamplePromise = null;
  function bundledSample() {
    if (!bundledSamplePromise) {
      bundledSamplePromise = (async () => {
        const name = await bundledSampleName();
        if (!name) return null;
        const response = await fetch(`samples/${encodeURIComponent(name)}`);
        if (!response.ok) throw new Error(`samples/${name}: HTTP ${response.status}`);
        return { name, bytes: new Uint8Array(await response.arrayBuffer()) };
      })();
      bundledSamplePromise.catch(() => {});  // reported where it is used
    }
    return bundledSamplePromise;
  }

  // Given up at any step once the user has opened a file (checked after every wait): the sample
  // never begins an open after theirs, so it can never replace it.
  async function openDefaultSample() {
    if (new URLSearchParams(location.search).get('sample') === 'none' || userHasOpened()) return null;
    let name = null;
    try {
      const sample = await bundledSample();
      if (!sample || userHasOpened()) return null;  // no samples published: start empty
      name = sample.name;
      performance.mark('taescope-sample-open');
      return await openBytes(sample.bytes.slice(), name, { startUp: true });
    } catch (error) {
      hideBusy();
      statusLine.textContent = `sample ${name || ''} could not be loaded: ${error.message}`;
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
    const files = e.dataTransfer && e.dataTransfer.files;
    if (files && files.length) openFiles(files, { quiet: true }).catch(() => {});
  });
  // Toolbar buttons never keep the keyboard focus: Space and the arrows belong to the viewer.
  for (const button of document.querySelectorAll('#toolbar button')) button.addEventListener('mousedown', (e) => e.preventDefault());
  canvas.addEventListener('pointerdown', () => canvas.focus());
  $('open-button').addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', () => {
    const files = Array.from(fileInput.files || []);
    fileInput.value = '';
    if (files.length) openFiles(files, { quiet: true }).catch(() => {});
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

  // ---- editing: clipboard, export, leaving with unsaved changes ----
  const wantsText = () => Module && Module._taescope_wants_text_input() !== 0;

  function paste(text, atPlayhead = true) {
    const ok = withString(String(text || ''), (p) => Module._taescope_paste(p, atPlayhead ? 1 : 0));
    return { pasted: ok !== 0, state: readState() };
  }

  function exportFile({ scope = 'file', method = 'as-opened', force = false, download = false } = {}) {
    const sizePointer = Module._malloc(4);
    try {
      const pointer = Module._taescope_export(scope === 'tae' ? 1 : 0, method === 'dflt' ? 1 : 0, force ? 1 : 0, download ? 1 : 0, sizePointer);
      const size = Module.HEAPU32[sizePointer >> 2];
      return pointer ? Module.HEAPU8.slice(pointer, pointer + size) : new Uint8Array(0);
    } finally {
      Module._free(sizePointer);
    }
  }

  // The character as glTF binary (.glb): the bytes the Export window's "Export glTF…" writes,
  // written by the export worker (taescope-gltf-export.js); a promise of the bytes.
  const gltfExport = createGltfExportClient({
    engine: () => Module,
    withString,
    download: (bytes, name, mime) => window.taescopeDownload(bytes, name, mime),
  });
  function exportGltf({ all = false, download = false } = {}) {
    return gltfExport.run({ all, download });
  }

  window.addEventListener('keydown', (e) => {
    if (!Module || !(e.ctrlKey || e.metaKey) || e.altKey || wantsText()) return;
    const key = e.key.toLowerCase();
    if (key === 'v') {
      e.preventDefault();
      e.stopImmediatePropagation();
      const atPlayhead = !e.shiftKey;
      const fromText = (text) => {
        const answer = paste(text, atPlayhead);
        if (!answer.pasted && text) paste('', atPlayhead);  // not our text: the viewer's own copy
      };
      if (navigator.clipboard && navigator.clipboard.readText)
        navigator.clipboard.readText().then(fromText, () => fromText(''));
      else
        fromText('');
    } else if (key === 's') {
      e.preventDefault();
      e.stopImmediatePropagation();
      Module._taescope_show_export(1);
    }
  }, true);

  window.addEventListener('beforeunload', (e) => {
    const s = Module ? readState() : null;
    if (s && s.edit && s.edit.dirty) {
      e.preventDefault();
      e.returnValue = '';
    }
  });

  // ---- compare with a reference file ----
  function openCompare(bytes, name) {
    if (!Module) return Promise.reject(new Error('TAE Scope is still starting'));
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const pointer = Module._malloc(Math.max(1, data.length));
    Module.HEAPU8.set(data, pointer);
    const error = withString(String(name), (n) => Module.UTF8ToString(Module._taescope_open_compare(pointer, data.length, n)));
    if (error) {
      $('error-title').textContent = `Could not compare with ${name}`;
      $('error-text').textContent = error;
      errorOverlay.hidden = false;
      return Promise.reject(new Error(error));
    }
    statusLine.textContent = `comparing with ${name}`;
    return Promise.resolve(readState());
  }
  const compareInput = $('compare-input');
  $('compare-button').addEventListener('click', () => compareInput.click());
  compareInput.addEventListener('change', async () => {
    const file = compareInput.files && compareInput.files[0];
    compareInput.value = '';
    if (!file) return;
    try { await openCompare(await readFileWithProgress(file), file.name); } catch { /* shown in the overlay */ } finally { hideBusy(); }
    canvas.focus();
  });

  // ---- search, share links, PNG export ----
  function withString(text, call) {
    const length = Module.lengthBytesUTF8(text) + 1;
    const pointer = Module._malloc(length);
    Module.stringToUTF8(text, pointer, length);
    try { return call(pointer); } finally { Module._free(pointer); }
  }

  function shareLink(kind = 'timeline') {
    const answer = JSON.parse(Module.UTF8ToString(Module._taescope_share_fragment(kind === 'file' ? 1 : 0)));
    if (answer.error) throw new Error(answer.error);
    return location.href.split('#')[0] + '#' + answer.fragment;
  }

  let hashWeSet = null;  // the fragment copyLink put in the address bar (not re-opened on hashchange)

  async function copyLink(kind = 'timeline') {
    const link = shareLink(kind);
    hashWeSet = link.split('#')[1];
    history.replaceState(null, '', '#' + hashWeSet);
    let copied = true;
    try { await navigator.clipboard.writeText(link); } catch { copied = false; }
    statusLine.textContent = copied ? 'link copied to the clipboard (and in the address bar)' : 'link in the address bar (clipboard not available)';
    return { link, copied };
  }

  function openLink(text) {
    const fragment = String(text).includes('#') ? String(text).split('#').slice(1).join('#') : String(text);
    const parsed = fragment.startsWith('v1.t=') ? waitForOpen() : null;
    const error = withString(fragment, (p) => Module.UTF8ToString(Module._taescope_open_link(p)));
    if (error) {
      if (parsed) waiters.pop();
      $('error-title').textContent = 'Could not open the link';
      $('error-text').textContent = error;
      errorOverlay.hidden = false;
      return Promise.reject(new Error(error));
    }
    return parsed || Promise.resolve(readState());
  }

  function timelinePng() {
    const sizePointer = Module._malloc(4);
    try {
      const pointer = Module._taescope_timeline_png(sizePointer);
      const size = Module.HEAPU32[sizePointer >> 2];
      return Module.HEAPU8.slice(pointer, pointer + size);
    } finally {
      Module._free(sizePointer);
    }
  }

  function exportPng() {
    const bytes = timelinePng();
    if (!bytes.length) throw new Error('no animation selected');
    const s = readState();
    const name = `${(s.fileName || 'timeline').replace(/[^\w.-]+/g, '_')}-${s.selection.animationInfo ? s.selection.animationInfo.name : 'timeline'}.png`;
    return window.taescopeDownload(bytes, name, 'image/png');
  }

  $('search-button').addEventListener('click', () => {
    if (Module) Module._taescope_show_search(readState().windows.search ? 0 : 1);
    canvas.focus();
  });
  $('link-button').addEventListener('click', () => {
    if (Module) copyLink().catch((e) => { statusLine.textContent = `no link: ${e.message}`; });
    canvas.focus();
  });
  $('png-button').addEventListener('click', () => {
    try { if (Module) exportPng(); } catch (e) { statusLine.textContent = `no PNG: ${e.message}`; }
    canvas.focus();
  });
  // A reference view in the address bar (Back/Forward, a pasted link) is shown unless it is
  // what the panel shows already; Back past the first view closes the panel.
  function followAddressToReference(fragment) {
    const shown = readPageStatus().reference;
    if (fragment.startsWith('v1.r=')) {
      if (!shown || fragment !== shown.fragment) openLink(fragment).catch(() => {});
    } else if (!fragment && shown && shown.fragment) {
      Module._taescope_show_reference(0);
    }
  }
  window.addEventListener('hashchange', () => {
    const fragment = location.hash.slice(1);
    if (!Module) return;
    if (fragment.startsWith('v1.r=') || !fragment) followAddressToReference(fragment);
    else if (fragment.startsWith('v1.') && fragment !== hashWeSet) openLink(fragment).catch(() => {});
  });
  // History entries of pushState: the same (a second call for one step finds the view shown).
  window.addEventListener('popstate', () => {
    const fragment = location.hash.slice(1);
    if (Module && (fragment.startsWith('v1.r=') || !fragment)) followAddressToReference(fragment);
  });
  $('reference-button').addEventListener('click', () => {
    if (Module) Module._taescope_show_reference(readState().windows.reference ? 0 : 1);
    canvas.focus();
  });

  function referenceState() {
    return JSON.parse(Module.UTF8ToString(Module._taescope_reference_json())).reference;
  }

  async function copyReferenceLink() {
    const fragment = readPageStatus().reference.fragment;
    if (!fragment) throw new Error('the Reference panel is closed');
    const link = location.href.split('#')[0] + '#' + fragment;
    let copied = true;
    try { await navigator.clipboard.writeText(link); } catch { copied = false; }
    statusLine.textContent = copied ? 'reference link copied to the clipboard' : 'reference link in the address bar (clipboard not available)';
    return { link, copied };
  }

  // ---- warming up the open path (web/open_warm_up.h) ----
  // Before the first file, the bundled sample is opened in wasm (and decoded by the worker) again
  // and again, a slice per task, so that the engine's code is compiled, and its hot parts
  // optimised, before a user's file arrives rather than during its open. It stops as soon as an
  // open begins, and for good once the user opens a file (cancelWarmUp: the worker's part too).
  // state().warmUp reports it.
  const WARM_UP_MS = 250, WARM_UP_SLICE_MS = 8, WARM_UP_WORKER_MS = 150, WARM_UP_HEAP_BYTES = 32 << 20;
  const warmUpState = { state: 'not started', opens: 0, milliseconds: 0, workerDecodes: 0, workerBytes: null,
                         workerAnswered: () => {} };

  // Sends the sample to the decode worker, or gives up on its warm-up (no worker, or it is busy
  // with a file: that file warms it).
  function warmWorker() {
    const bytes = warmUpState.workerBytes;
    warmUpState.workerBytes = null;
    if (!bytes) return;  // cancelled: a user's file came first
    if (!decoder.warm(bytes, WARM_UP_WORKER_MS)) warmUpState.workerAnswered();
  }

  // From a drop (or open() call) to the end of its parse (ready or error).
  const openInProgress = () => timing.start >= 0 && !timing.readyAt;
  const warmUpStops = () => userHasOpened() || openInProgress();

  // A user's file: nothing more of the warm-up runs here, the worker is not sent the sample (a
  // warm-up it is running stops before its next decode: the file's job is waiting), and the
  // warm-up counts as over.
  function cancelWarmUp() {
    warmUpState.workerBytes = null;
    warmUpState.workerAnswered();
    if (warmUpState.state === 'not started' || warmUpState.state === 'running') warmUpState.state = 'cancelled';
  }

  async function warmUp() {
    if (userHasOpened()) return;  // cancelled before it began
    let bytes = null;
    try {
      const sample = await bundledSample();
      bytes = sample ? sample.bytes.slice() : null;
    } catch {
      bytes = null;  // no samples published: nothing to warm up with
    }
    if (userHasOpened()) return;
    if (!bytes || !bytes.length) {
      warmUpState.state = 'no sample';
      return;
    }
    warmUpState.state = 'running';
    // The warm-up is over when the worker has answered too (or said nothing for 10 s: a worker
    // that never starts is decoded around, workerGone()).
    const workerDone = new Promise((resolve) => {
      warmUpState.workerAnswered = resolve;
      setTimeout(resolve, 10000);
    });
    warmUpState.workerBytes = bytes.slice();
    if (decoder.ready()) warmWorker();  // else once the worker says it is ready
    else if (!decoder.available()) warmUpState.workerAnswered();  // no worker in this page
    const pointer = Module._malloc(bytes.length);
    if (!pointer) {
      warmUpState.state = 'no memory';
      return;
    }
    Module.HEAPU8.set(bytes, pointer);
    while (warmUpState.milliseconds < WARM_UP_MS) {
      await new Promise((r) => setTimeout(r, 0));  // frames and input go first
      if (warmUpStops()) break;  // a file is opening: the page is its
      const t0 = performance.now();
      const opens = Module._taescope_warm_up(pointer, bytes.length, WARM_UP_SLICE_MS);
      warmUpState.milliseconds += performance.now() - t0;
      if (!opens) break;
      warmUpState.opens += opens;
    }
    Module._free(pointer);
    // Fresh memory is slow to touch the first time (page faults, ~30 us per 4 KiB page here): the
    // heap the first file's payload and document will take is touched now, while nothing opens.
    // In 2 MiB slices, a task each (~15 ms).
    const block = warmUpStops() ? 0 : Module._malloc(WARM_UP_HEAP_BYTES);
    if (block) {
      for (let at = 0; at < WARM_UP_HEAP_BYTES && !warmUpStops(); at += 2 << 20) {
        Module.HEAPU8.fill(0, block + at, block + at + (2 << 20));
        await new Promise((r) => setTimeout(r, 0));
      }
      Module._free(block);
    }
    await workerDone;
    if (warmUpState.state === 'running') warmUpState.state = 'done';
  }

  // What the page opens first: a timeline link's events, else the default sample (a file
  // link waits for its file, which may be that sample).
  async function openStart() {
    const fragment = location.hash.slice(1);
    if (userHasOpened()) return null;  // a file dropped while the module started: it is what opens
    if (fragment.startsWith('v1.t=')) {
      try { return await openLink(fragment); } catch { return null; }
    }
    if (fragment.startsWith('v1.f=') || fragment.startsWith('v1.r=')) {
      // A file link waits for its file; a reference view shows at once, with no file.
      try { await openLink(fragment); } catch { /* shown in the overlay */ }
    }
    return openDefaultSample();
  }

  // ---- offline: a service worker keeps the page's own files (web/page/taescope-sw.js) ----
  // `taescope.offlineReady` resolves once it controls the page (then a reload works offline).
  const offlineReady = ('serviceWorker' in navigator && window.isSecureContext)
    ? navigator.serviceWorker.register('taescope-sw.js').then(() => navigator.serviceWorker.ready)
      .then(() => navigator.serviceWorker.controller ? true : new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true })))
      .catch((error) => { console.warn(`offline use unavailable: ${error.message}`); return false; })
    : Promise.resolve(false);

  decoder.start();
  bundledSample();  // now, while the module downloads and compiles

  // ---- start the module ----
  const api = {
    state: readState,
    // The small status and the last open's report, without the whole state (whose JSON grows
    // with the animation shown): for callers that poll while a file opens.
    openStatus() {
      const s = readPageStatus();
      return { status: s.status, fileName: s.fileName, generation: s.edit ? s.edit.generation : 0, error: s.error, open: openTimingReport(s), warmUp: warmUpReport() };
    },
    open(bytes, name) {
      userOpenBegins();
      return Module ? openBytes(bytes, name) : moduleReady.then(() => openBytes(bytes, name));
    },
    openSet,
    // How many opens have finished (state().open.finished) since the page loaded: read without
    // the engine, so that waiting for an open adds nothing to it.
    opensFinished: () => timing.opensFinished,
    openFile,
    openFiles,
    // The game's params (issue 40): a regulation's bytes opened as if dropped, the one this browser
    // remembers, forgetting it, the hitbox toggle, the variation, the frame-data window and its CSV.
    async openParams(bytes, name = 'regulation.bin') {
      if (!Module) await moduleReady;
      await params.openBytes(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), name);
      return readState();
    },
    paramsStored: () => params.stored(),
    paramsClient: () => params.describe(),
    async forgetParams() {
      Module._taescope_params_forget();  // the app asks the page to forget its copy (onForgetParams)
      await params.forgetStored();
      return readState();
    },
    showHitboxes(on = true) { Module._taescope_set_hitboxes_shown(on ? 1 : 0); return readState(); },
    chooseVariation(variation = null, npcParamRow = null) {
      Module._taescope_params_choose(variation === null ? 0 : 1, variation || 0, npcParamRow === null ? 0 : 1, npcParamRow || 0);
      return readState();
    },
    showFrameData(on = true) { Module._taescope_show_frame_data(on ? 1 : 0); return readState(); },
    frameDataCsv: () => Module.UTF8ToString(Module._taescope_frame_data_csv()),
    setCamera(yaw, pitch, distance = 0) { Module._taescope_set_camera(yaw, pitch, distance); return readState(); },
    showPose(on = true) { Module._taescope_show_pose(on ? 1 : 0); return readState(); },
    poseRootMotion(on = true) { Module._taescope_set_pose_root_motion(on ? 1 : 0); return readState(); },
    poseBone(index) { return JSON.parse(Module.UTF8ToString(Module._taescope_pose_bone_json(index))); },
    poseBoneScreen(index) { return JSON.parse(Module.UTF8ToString(Module._taescope_pose_bone_screen_json(index))); },
    bodyOptions({ body, skeleton, dummies, forceMasks } = {}) {
      const m = readState().model;
      if (!m) throw new Error('no model open');
      const pick = (value, current) => (value === undefined ? current : !!value) ? 1 : 0;
      Module._taescope_set_character_options(pick(body, m.showBody), pick(skeleton, m.showSkeleton), pick(dummies, m.showDummies), pick(forceMasks, m.forceMasksShown));
      return readState();
    },
    modelDummies(id) { return JSON.parse(Module.UTF8ToString(Module._taescope_model_dummies_json(id))); },
    modelMeshScreen(index) { return JSON.parse(Module.UTF8ToString(Module._taescope_model_mesh_screen_json(index))); },
    modelDummyScreen(index) { return JSON.parse(Module.UTF8ToString(Module._taescope_model_dummy_screen_json(index))); },
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
    search(query) { return JSON.parse(withString(String(query), (p) => Module.UTF8ToString(Module._taescope_search(p)))); },
    jump(index) {
      if (!Module._taescope_jump(index)) throw new Error(`no search hit ${index}`);
      return readState();
    },
    showSearch(on = true) { Module._taescope_show_search(on ? 1 : 0); return readState(); },
    undo() { Module._taescope_undo(); return readState(); },
    redo() { Module._taescope_redo(); return readState(); },
    selectEvents(list) {
      const pointer = Module._malloc(Math.max(4, list.length * 4));
      try {
        Module.HEAP32.set(Int32Array.from(list), pointer >> 2);
        if (!Module._taescope_select_events(pointer, list.length)) throw new Error('no animation selected');
      } finally {
        Module._free(pointer);
      }
      return readState();
    },
    deleteSelected() { Module._taescope_delete_selected(); return readState(); },
    copy() { return Module.UTF8ToString(Module._taescope_copy()); },
    paste,
    exportFile,
    exportGltf,
    cancelGltfExport: () => gltfExport.cancel(),
    showExport(on = true) { Module._taescope_show_export(on ? 1 : 0); return readState(); },
    showHistory(on = true) { Module._taescope_show_history(on ? 1 : 0); return readState(); },
    loadTemplates,
    resetTemplates() { Module._taescope_reset_templates(); return readState(); },
    chooseGame(code = '') { withString(String(code), (p) => Module._taescope_choose_game(p)); return readState(); },
    rowOrder(order = 'stored') {
      const code = { stored: 0, group: 1, type: 2 }[order];
      if (code === undefined) throw new Error(`row order ${order}: stored, group or type`);
      Module._taescope_set_row_order(code);
      return readState();
    },
    async fitRows() {
      Module._taescope_set_row_height(-1);
      return stateOnceDrawn();
    },
    async rowHeight(pixels = 0) {
      if (!(pixels >= 0)) throw new Error(`row height ${pixels}: 0 (normal) or pixels`);
      Module._taescope_set_row_height(pixels);
      return stateOnceDrawn();
    },
    openCompare,
    closeCompare() { Module._taescope_close_compare(); return readState(); },
    evidenceFilter(strongOnly = true) { Module._taescope_set_evidence_filter(strongOnly ? 1 : 0); return readState(); },
    showReference(on = true) { Module._taescope_show_reference(on ? 1 : 0); return readState(); },
    reference: referenceState,
    referenceSearch(query, game = '') {
      return JSON.parse(withString(String(query), (q) => withString(String(game), (g) =>
        Module.UTF8ToString(Module._taescope_reference_search(q, g))))).reference;
    },
    openReference(game, type) {
      if (!withString(String(game), (g) => Module._taescope_reference_show(g, type >>> 0)))
        throw new Error(`no templates of a game ${game}`);
      return readState();
    },
    referenceListEvents(field = -1, valueIndex = 0) {
      return JSON.parse(Module.UTF8ToString(Module._taescope_reference_list_events(field, valueIndex)));
    },
    openSelectedInReference() {
      if (!Module._taescope_reference_open_selected()) throw new Error('no event selected (or its game is unknown)');
      return readState();
    },
    copyReferenceLink,
    shareLink,
    copyLink,
    openLink,
    timelinePng,
    exportPng,
  };

  api.offlineReady = offlineReady;
  api.ready = new Promise((resolve, reject) => {
    if (typeof createTaeScope !== 'function') {
      reject(new Error('taescope.js did not load'));
      return;
    }
    const moduleConfig = {
      canvas,
      onTaeScopeChange: onEngineChange,
      // The user forgot the regulation (the Params popup): this browser's copy goes too.
      onForgetParams: () => { params.forgetStored().catch(() => {}); },
      // The Export window's "Export glTF…" and its Cancel (web/app_gltf.cpp).
      onGltfExportAsked: (all) => { gltfExport.run({ all: !!all, download: true }).catch(() => {}); },
      onGltfExportCancel: () => { gltfExport.cancel(); },
      // The engine copied events: their text goes to the system clipboard (other tabs, editors).
      // "Copy link" in the Reference panel: the page's address with the view's fragment.
      onTaeScopeCopyLink: () => { copyReferenceLink().catch(() => {}); },
      onTaeScopeCopy: (text) => {
        if (navigator.clipboard && navigator.clipboard.writeText)
          navigator.clipboard.writeText(text).catch(() => { statusLine.textContent = 'copied (the system clipboard refused: paste works in this tab)'; });
      },
      // Start-up marks (performance.getEntriesByType('mark')): where a cold start's time goes
      // (bench/browser/cold_start.mjs reads them).
      onRuntimeInitialized: () => performance.mark('taescope-runtime-initialized'),
      onTaeScopeReady: () => {
        performance.mark('taescope-main-done');
        // Called from main(), before createTaeScope's promise settles: the config object is
        // the module itself (MODULARIZE), so it can be used right away.
        Module = moduleConfig;
        moduleStarted();
        // The regulation this browser remembers opens once the first file is shown (it needs no
        // file, and the start-up is not kept waiting for it): taescope.paramsRestored settles then.
        setTimeout(() => {
          const restore = () => { api.paramsRestored = params.openRemembered().catch(() => false); };
          const started = () => { performance.mark('taescope-ready'); restore(); resolve(readState()); };
          openStart().then(started, started).then(() => warmUp());
        }, 0);
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
