// The page-side frame clock shared by the browser benchmarks: every requestAnimationFrame
// callback is timed, and the time spent inside WebGL calls (which wait for SwiftShader's GPU
// process) is counted apart from the rest of the frame (our code). Frames land in
// window.__frames as [start, end, webglMs]; window.__onFrame, when a benchmark sets it, is
// called after each frame is recorded.
export async function installFrameClock(page) {
  await page.addInitScript(() => {
    window.__frames = [];
    window.__glMs = 0;
    const proto = WebGL2RenderingContext.prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (!d || typeof d.value !== 'function' || key === 'constructor') continue;
      const f = d.value;
      proto[key] = function (...args) {
        const a = performance.now();
        try { return f.apply(this, args); } finally { window.__glMs += performance.now() - a; }
      };
    }
    const original = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => original((timestamp) => {
      const gl0 = window.__glMs;
      const start = performance.now();
      callback(timestamp);
      const end = performance.now();
      window.__frames.push([start, end, window.__glMs - gl0]);
      if (window.__onFrame) window.__onFrame();
    });
  });
}
