// The home: it lists the games (in the page itself) and keeps the pages for use without network where it can.
import { keepOffline } from "./app.js";

keepOffline().then((kept) => {
  document.getElementById("offline-note").textContent = kept
    ? "This phone keeps these pages: they open without network once loaded (the referee's answers still need it)."
    : "";
  document.documentElement.dataset.ready = "true";
});
