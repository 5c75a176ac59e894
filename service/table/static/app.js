// Shared by every page: the service worker that keeps the pages for a table without network, where a browser allows one.
// A service worker needs a secure context (HTTPS, or this machine's own loopback): elsewhere the pages work without it.
export function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return Promise.resolve(false);
  return navigator.serviceWorker.register("sw.js").then(
    () => true,
    () => false,
  );
}
