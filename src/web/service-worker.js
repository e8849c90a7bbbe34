/* The service worker (slow phones and networks; decision 024). vite.config.ts emits it as /sw.js with
 * two constants put before this text: VERSION (a hash of the build) and PRECACHE (the app's HTML
 * shell, the public pages' scripts and styles, the manifest and icons).
 *
 * What works offline: the public pages and the loan calculator, from the saved shell and scripts
 * (the calculator's figures are the product terms inlined into the saved page). What never does:
 * anything under /api/ is left to the network and never stored, so no balance, loan or wallet
 * figure can be shown from an old copy; a signed-in page offline shows the app's offline notice and
 * its own "no server response" state instead. */
/* global VERSION, PRECACHE, self, caches, fetch, URL, Response */
const CACHE = `tapat-${VERSION}`;
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('tapat-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only this origin; never the API (live figures only), never the development outbox.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')) return;

  if (request.mode === 'navigate') {
    // The network first, so a page always carries the current product terms; offline, the saved
    // shell (the single-page app draws every route from it).
    event.respondWith(
      fetch(request)
        .then((response) => {
          // The saved shell follows the newest landing page (and so the newest product terms).
          if (url.pathname === SHELL && response.ok) void caches.open(CACHE).then((cache) => cache.put(SHELL, response.clone()));
          return response;
        })
        .catch(() =>
          caches
            .open(CACHE)
            .then((cache) => cache.match(SHELL))
            .then((saved) => saved ?? Response.error()),
        ),
    );
    return;
  }
  if (PRECACHE.includes(url.pathname) || url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/') || url.pathname.startsWith('/images/')) {
    // Built files have the hash of their content in their name: a saved copy is the right one.
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (saved) =>
            saved ??
            fetch(request).then((response) => {
              if (response.ok) void cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});
