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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let url = new URL(request.url);
    if (url.pathname.endsWith("/")) url = new URL("index.html", url);
    const found = await cache.match(url.href, { ignoreSearch: true });
    return found || fetch(request);
  })());
});
