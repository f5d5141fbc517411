// The service worker that makes the page work offline once it has been loaded: every file the
// page fetches from its own origin (the page, its scripts, the wasm modules, the samples) is
// kept in a cache, the decode worker's script and module too (web/worker/: a dedicated worker's
// requests pass through here like the page's). Network first, so a rebuilt app is picked up at
// once; the cache answers when the network does not. Nothing here ever talks to another origin,
// and files a user opens are never fetched at all (they are read in the tab), so they are never
// cached.
'use strict';

const CACHE = 'taescope-v1';

// The files the page was loaded with were fetched before this worker existed: fetch them again
// into the cache now (the samples too), so that the very next load can be offline. Which files
// make the page is written at build time from the folder the page is built from (app-files.json,
// CMakeLists.txt), never kept by hand here.
self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const manifest = await fetch('app-files.json', { cache: 'no-store' });
    if (!manifest.ok) throw new Error(`app-files.json: HTTP ${manifest.status}`);
    const { files } = await manifest.clone().json();
    await cache.put('app-files.json', manifest);
    await cache.addAll([...files, 'samples/index.json']);
    try {
      const index = await (await cache.match('samples/index.json')).json();
      await cache.addAll((index.samples || []).map((name) => `samples/${encodeURIComponent(name)}`));
    } catch { /* no samples published */ }
    await self.skipWaiting();
  })());
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      throw error;
    }
  })());
});
