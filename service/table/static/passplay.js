// Pass-and-play for sealed deals (docs/sealed-deals.md, docs/table.md): one phone holds a sealed game's public state
// and token and is passed round the table. At the deal each player is shown their own seat key once (a QR code and a
// short code); the phone keeps none. Before a seat acts the page hides everything and asks for that seat's key, uses
// it for that turn's requests (`seat_key` beside `player` in the body) and forgets it when the turn ends.
//
// The API a game page uses (twenty-four.js and kings.js are worked examples):
//
//   showSeatKeys(seatKeys)                  -> Promise<void>
//       At the deal, with the answer's `seat_keys` ({name: key}): for each player in seat order, a "pass the phone
//       to <name>" screen, then their key (QR code and short code) until they hide it. The caller stores only
//       `state`, `sealed` and `sealed_move` (see sealedGame) and drops `seat_keys` at once.
//   beginTurn(seat, { seats, open, why })   -> Promise<Turn | null>
//       Before `seat` acts: the page is hidden and the key asked for (its short code typed, or its QR code
//       photographed with the phone's camera). `seat` null is a move of the table itself (any seat's key: the screen asks whose,
//       from `seats`). `open(turn)` makes the turn's first request with `turn.body(...)`; its answer becomes
//       `turn.opened`; a 403 (not that seat's key) asks again, any other error is thrown. null: the player cancelled.
//   Turn: { seat, opened, body(extra) -> { ...extra, player, seat_key }, onEnd(fn), end() }
//       `body` is the only way the key leaves this module: into a request body, never the page or its storage.
//       `end()` forgets the key and runs the `onEnd` cleanups (the page empties what it showed of that seat).
//   sealedGame(answer, previous)            -> { state, sealed, sealed_move }
//       What a page keeps of a sealed answer. With `previous`, an answer whose move number is not above it is
//       refused (an old token replayed is another line of play: the table's device never goes back).
//   shortCode(key), keyFromCode(text)       the short code of a key (RFC 4648 base32, in groups of four) and back.
import encodeQR from "./vendor/qr/index.js";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const SVG = "http://www.w3.org/2000/svg";

// -- keys and their short codes ----------------------------------------------------------------------
// A seat key is 32 bytes written in base64url (43 characters, case matters). Its short code is the same bytes in
// base32 (52 letters and digits, no case, no look-alikes once 0, 1 and 8 are read as O, I and B), in groups of four.
function bytesOf(key) {
  const base64 = key.replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
}

function base64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function base32(bytes) {
  let bits = 0;
  let value = 0;
  let text = "";
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

export function shortCode(key) {
  return base32(bytesOf(key)).match(/.{1,4}/g).join(" ");
}

// The key behind a typed or scanned code; null if it is not one. Spaces and dashes are ignored, case too.
export function keyFromCode(text) {
  const code = String(text).toUpperCase().replace(/[\s-]/g, "").replaceAll("0", "O").replaceAll("1", "I").replaceAll("8", "B");
  if (code.length !== 52 || [...code].some((char) => !BASE32.includes(char))) return null;
  const bytes = [];
  let bits = 0;
  let value = 0;
  for (const char of code) {
    value = ((value << 5) | BASE32.indexOf(char)) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return base64url(bytes);
}

// -- the screen over the page -------------------------------------------------------------------------
const make = (tag, text, className) => {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
};

function button(text, className = "") {
  const node = make("button", text, className);
  node.type = "button";
  return node;
}

// While the screen is up, everything else on the page is hidden and inert: nothing of the last seat shows.
function cover() {
  const others = [...document.body.children].filter((node) => !node.hidden);
  for (const node of others) {
    node.hidden = true;
    node.inert = true;
  }
  const screen = make("section", null, "passplay");
  screen.id = "passplay";
  screen.setAttribute("aria-labelledby", "passplay-title");
  document.body.append(screen);
  return {
    screen,
    show(...nodes) {
      screen.replaceChildren(...nodes);
      const title = screen.querySelector("h2");
      if (title) {
        title.id = "passplay-title";
        title.tabIndex = -1;
        title.focus();
      }
    },
    close() {
      screen.remove();
      for (const node of others) {
        node.hidden = false;
        node.inert = false;
      }
    },
  };
}

const handOver = (name, line) => [make("h2", `Pass the phone to ${name}`), make("p", line, "hint")];

function qrPicture(code, label) {
  const matrix = encodeQR(code.replaceAll(" ", ""), "raw", { ecc: "medium", border: 4 });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${matrix.length} ${matrix.length}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const paper = document.createElementNS(SVG, "rect");
  for (const [name, value] of [["width", "100%"], ["height", "100%"], ["fill", "#fff"]]) paper.setAttribute(name, value);
  svg.append(paper);
  let path = "";
  matrix.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : "")));
  const modules = document.createElementNS(SVG, "path");
  modules.setAttribute("d", path);
  modules.setAttribute("fill", "#000");
  svg.append(modules);
  return svg;
}

function step(screen, nodes, label) {
  return new Promise((resolve) => {
    const go = button(label, "primary");
    go.id = "passplay-next";
    go.addEventListener("click", resolve, { once: true });
    const line = make("p");
    line.append(go);
    screen.show(...nodes, line);
  });
}

// Each player's key, shown once, behind a screen that only they should look at.
export async function showSeatKeys(seatKeys) {
  const screen = cover();
  const names = Object.keys(seatKeys);
  try {
    for (const [index, name] of names.entries()) {
      await step(screen, handOver(name, `Only ${name} looks at the next screen: it shows ${name}'s seat key, once.`), `I am ${name}: show my key`);
      const code = shortCode(seatKeys[name]);
      const codeLine = make("p", null, "seat-code");
      codeLine.append(make("span", "Short code: "), make("code", code));
      codeLine.querySelector("code").id = "passplay-code";
      await step(
        screen,
        [
          make("h2", `${name}'s seat key`),
          qrPicture(code, `QR code of ${name}'s seat key`),
          codeLine,
          make("p", "Photograph the QR code with your own phone, or write the code down: this phone does not keep it, and you need it before each of your turns.", "hint"),
        ],
        index + 1 < names.length ? `Hide it: pass to ${names[index + 1]}` : "Hide it: start the game",
      );
    }
  } finally {
    screen.close();
  }
}

// -- a seat's turn --------------------------------------------------------------------------------------
// A photo of a seat key's QR code (the phone's camera, through a file field: every phone browser has one) read by
// the vendored decoder, loaded only when a photo is given. A large photo is scaled down first: a QR code of 52
// characters needs no more than a thousand pixels across.
async function readPhoto(file) {
  const { decodeQR } = await import("./vendor/qr/decode.js");
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1024 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return decodeQR(context.getImageData(0, 0, canvas.width, canvas.height), { effort: Infinity, timeLimit: 2000 });
}

// A form field: its label and its control, with the control's id and attributes.
function labelled(text, tag, attributes) {
  const field = make("div", null, "field");
  const label = make("label", text);
  const control = make(tag);
  for (const [name, value] of Object.entries(attributes)) control.setAttribute(name, value);
  label.htmlFor = control.id;
  field.append(label, control);
  return [field, control];
}

function keyForm(seats, seat, why, problem) {
  const form = make("form", null, "key-form");
  form.noValidate = true;
  const parts = [];
  let pick = null;
  if (seat === null) {
    let field;
    [field, pick] = labelled("Whose key (anyone at the table)", "select", { id: "passplay-seat" });
    for (const name of seats) {
      const option = make("option", name);
      option.value = name;
      pick.append(option);
    }
    parts.push(field);
  }
  const whose = seat === null ? "That player's" : `${seat}'s`;
  const [keyField, input] = labelled(`${whose} seat key: the short code`, "input", {
    id: "passplay-key",
    type: "text",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
  });
  parts.push(keyField);
  if (problem) {
    const alert = make("p", problem, "bad");
    alert.setAttribute("role", "alert");
    parts.push(alert);
  }
  const line = make("p", null, "buttons");
  const use = make("button", "Use my key", "primary");
  use.type = "submit";
  use.id = "passplay-use";
  const cancel = button("Not now", "");
  cancel.id = "passplay-cancel";
  line.append(use, cancel);
  const [photoField, photo] = labelled("Or photograph the QR code of the key", "input", {
    id: "passplay-photo",
    type: "file",
    accept: "image/*",
    capture: "environment",
  });
  parts.push(line, photoField);
  form.append(...parts);
  const title = seat === null ? "A key, for the table's move" : `${seat}: your seat key`;
  return { nodes: [make("h2", title), make("p", why, "hint"), form], form, input, pick, cancel, photo };
}

// Asks the key until `open` accepts it (a 403 is another seat's key, or a mistyped one); null when cancelled.
export async function beginTurn(seat, { seats = [], open, why = "" } = {}) {
  const screen = cover();
  let problem = "";
  try {
    if (seat !== null) await step(screen, handOver(seat, `${seat} acts next: the page is hidden until ${seat}'s key is given.`), `I am ${seat}`);
    for (;;) {
      const entry = await new Promise((resolve) => {
        const form = keyForm(seats, seat, why, problem);
        screen.show(...form.nodes);
        form.input.focus();
        const done = (value) => {
          form.input.value = ""; // the key leaves the page at once
          form.photo.value = "";
          resolve(value);
        };
        form.form.addEventListener("submit", (event) => {
          event.preventDefault();
          done({ seat: form.pick ? form.pick.value : seat, code: form.input.value });
        });
        form.cancel.addEventListener("click", () => done(null));
        form.photo.addEventListener("change", () => {
          const [file] = form.photo.files;
          if (!file) return;
          readPhoto(file).then(
            (text) => done({ seat: form.pick ? form.pick.value : seat, code: text }),
            () => done({ seat: form.pick ? form.pick.value : seat, code: "", photo: true }),
          );
        });
      });
      if (!entry) return null;
      let key = keyFromCode(entry.code);
      if (!key) {
        problem = entry.photo
          ? "No seat key's QR code found in that photo: try again, closer and steadier, or type the code."
          : "That is not a seat key: a key is 52 letters and digits (2 to 7), in groups of four.";
        continue;
      }
      const cleanups = [];
      const turn = {
        seat: entry.seat,
        opened: null,
        body: (extra = {}) => {
          if (key === null) throw new Error("This turn is over: its key is forgotten.");
          return { ...extra, player: entry.seat, seat_key: key };
        },
        onEnd: (cleanup) => cleanups.push(cleanup),
        end() {
          key = null;
          for (const cleanup of cleanups.splice(0)) cleanup();
        },
      };
      try {
        turn.opened = open ? await open(turn) : null;
      } catch (error) {
        turn.end();
        if (error.status !== 403) throw error;
        problem = `That is not ${entry.seat}'s key. Check the code and try again.`;
        continue;
      }
      return turn;
    }
  } finally {
    screen.close();
  }
}

// -- the sealed game a page keeps ------------------------------------------------------------------------
export function sealedGame(answer, previous = null) {
  if (previous && !(answer.sealed_move > previous.sealed_move)) {
    throw new Error(`The referee answered move ${answer.sealed_move}, not a move after ${previous.sealed_move}: this table never goes back.`);
  }
  return { state: answer.state, sealed: answer.sealed, sealed_move: answer.sealed_move };
}
