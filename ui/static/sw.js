// LocalScope's service worker (served at /sw.js; docs/decisions/055-trips-offline.md). Hand-written, no build step:
// - the app's files (/assets/*, the icons): cache first (their names change with their content);
// - pages, the user's trips and the place lists and places they opened: network first, the last good answer
//   kept and served when the network is off; a page never opened answers a short "You are offline" page;
// - writes are never queued: offline they answer 503 "You are offline…" and the screen says so;
// - signing out empties every cache (the trips and favorites in it are the user's).
const VERSION = "v1";
const FILES = `localscope-files-${VERSION}`;
const DATA = `localscope-data-${VERSION}`;
const MAX_DATA_ENTRIES = 300;
const OFFLINE_WRITE = "You are offline: changes cannot be saved until the network is back.";
const PRECACHE = ["/", "/trips", "/favicon-48.png", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(DATA)
      .then((cache) => Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== FILES && n !== DATA).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

const isFile = (url) => url.pathname.startsWith("/assets/") || /^\/(favicon-48|icon-\d+)\.png$/.test(url.pathname);
/** What is kept for offline reading: pages and the API answers a traveller reads on the street. */
const isKept = (url, request) =>
  request.mode === "navigate" ||
  url.pathname === "/manifest.webmanifest" ||
  url.pathname.startsWith("/api/trips") ||
  url.pathname.startsWith("/api/places/") ||
  url.pathname.startsWith("/api/favorites") ||
  url.pathname === "/api/auth/me";

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_DATA_ENTRIES))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(FILES)).put(request, response.clone());
  return response;
}

const offlinePage = () =>
  new Response(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · LocalScope</title></head>' +
      '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">' +
      "<h1>You are offline</h1><p>This page was not saved on this device. Your trips are: " +
      '<a href="/trips">open your trips</a>.</p></body></html>',
    { status: 503, headers: { "content-type": "text/html; charset=utf-8" } },
  );

/**
 * The network's answer goes to the page at once; its copy is kept meanwhile (`keep`: the event's waitUntil). Kept
 * before answering, a page waited for its whole copy to be written: after a sign-in, the app's first page
 * stayed pending for seconds with the server's answer long sent.
 */
async function networkFirst(request, url, keep) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      keep(
        caches
          .open(DATA)
          .then((cache) => cache.put(request, copy).then(() => trim(cache)))
          .catch(() => undefined),
      );
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    if (request.mode === "navigate") return offlinePage();
    if (url.pathname.startsWith("/api/"))
      return new Response(JSON.stringify({ message: "You are offline.", errors: {} }), {
        status: 503,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    throw error;
  }
}

async function write(request, url) {
  try {
    const response = await fetch(request);
    if (url.pathname === "/api/auth/logout") await Promise.all([caches.delete(DATA)]);
    return response;
  } catch {
    return new Response(JSON.stringify({ message: OFFLINE_WRITE, errors: {} }), {
      status: 503,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") return event.respondWith(write(request, url));
  if (isFile(url)) return event.respondWith(cacheFirst(request));
  if (isKept(url, request)) event.respondWith(networkFirst(request, url, (work) => event.waitUntil(work)));
});
