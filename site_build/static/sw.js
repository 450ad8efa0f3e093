// Offline copy of the whole site, one cache per build: the build writes its version and files
// below, so a rebuilt site is a new service worker whose cache replaces the old one (and the old
// start-up snapshots earlier builds kept) once it is complete. Every request is answered from the cache;
// what is not in it (another site's page, say) goes to the network as usual.
const BUILD = /*BUILD*/{};
const CACHE = `danish-nb-site-${BUILD.version}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // revalidated (no-cache): the browser's HTTP cache may hold a file of an older build
    await cache.addAll(BUILD.files.map((file) => new Request(new URL(file, self.registration.scope),
                                                             { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("danish-nb-") && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

// the cache, opened once per start of this service worker
let opened = null;
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  opened ??= caches.open(CACHE);
  event.respondWith((async () => {
    const cache = await opened;
    // the cached files' URLs have no query: looked up by the URL without its own, exactly (a
    // match that ignores the query reads every entry of the cache, on each request)
    const url = new URL(request.url);
    url.search = "";
    if (url.pathname.endsWith("/")) url.pathname += "index.html";
    const found = await cache.match(url.href);
    return found || fetch(request);
  })());
});
