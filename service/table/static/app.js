// Shared by every page: the service worker that keeps the pages for a table without network, where a browser allows one.
// A service worker needs a secure context (HTTPS, or this machine's own loopback): elsewhere the pages work without it.
export function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return Promise.resolve(false);
  return navigator.serviceWorker.register("sw.js").then(
    () => true,
    () => false,
  );
}

// A game page's last step: keep the pages for use without network, and mark the page ready (its wiring is done).
export function pageReady() {
  keepOffline();
  document.documentElement.dataset.ready = "true";
}
