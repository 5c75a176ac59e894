// The service worker: it keeps the pages of /table/ so that a table opens them without network once loaded.
// Pages and their files come from the network when it answers (so they are never stale) and from the cache when
// it does not. The referee's answers (/v1/...) are never kept: a move is judged on the state sent, now.
const CACHE = "table-pages-v1";
const SCOPE = new URL("./", self.location).pathname;
const PAGES = [
  "./",
  "./?game=24-kings",
  "./?game=twenty-four",
  "./?game=1923",
  "./?game=three-kings",
  "./?game=twenty-four-1718",
  "table.css",
  "three-kings.css",
  "app.js",
  "api.js",
  "cards.js",
  "events.js",
  "picker.js",
  "passplay.js",
  "vendor/qr/index.js",
  "vendor/qr/decode.js",
  "home.js",
  "kings.js",
  "twenty-four.js",
  "1923.js",
  "three-kings.js",
  "twenty-four-1718.js",
  "store.js",
  "ui.js",
  "icon.svg",
  "manifest.json",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PAGES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function networkThenCache(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(request, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  event.respondWith(networkThenCache(event.request));
});
