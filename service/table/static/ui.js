// The few DOM helpers every page uses: elements with text, a row of cards, the referee's refusals, the status line,
// the set-up's seat choices, taking a move back, the page's mode and parts, what happened, forgetting a game.
import { UNREACHABLE } from "./api.js";
import { cardElement } from "./cards.js";
import { takeBack } from "./store.js";

export const $ = (id) => document.getElementById(id);

export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function cardRow(codes, label) {
  const row = element("span", null, "cards");
  if (label) {
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", label);
  }
  for (const code of codes) row.append(cardElement(code));
  return row;
}

// A refusal: its title, then one line per problem (with where it points); the referee unreachable said plainly.
export function problemList(error) {
  const box = element("div", null, "problem");
  box.setAttribute("role", "alert");
  box.append(element("p", error.problem && error.problem.title ? error.problem.title : "The referee refused this"));
  const list = element("ul");
  for (const line of error.lines ? error.lines() : [String(error)]) list.append(element("li", line));
  box.append(list);
  return box;
}

export function say(text) {
  $("status").textContent = text;
}

// The players' names, typed once in seat order (names are the only thing ever typed); `onNames` gets two or more.
export function playersField(input, names, onNames) {
  input.value = names.join(", ");
  input.addEventListener("change", () => {
    const typed = input.value.split(",").map((name) => name.trim()).filter(Boolean);
    if (typed.length < 2) {
      say("A table needs at least two players.");
      return;
    }
    onNames(typed);
    say(`${typed.length} players: ${typed.join(", ")}.`);
  });
}

// A select whose choice is a number kept in `data[key]` (a seat, a count): on change it is kept, then `then()` runs.
export function keepNumber(select, data, key, keep, then = () => {}) {
  select.addEventListener("change", () => {
    data[key] = Number(select.value);
    then();
    keep();
  });
}

// Takes the last move back (store.js's history): the page follows the state before it (`follow(state)`) and says
// which move it took back; if the referee does not answer, nothing is taken back.
export async function undoLast(data, follow, keep) {
  const last = takeBack(data);
  if (!last) return;
  try {
    await follow(last.state);
    $("events").replaceChildren(element("h3", `Taken back: ${last.text}.`));
    say(`Taken back: ${last.text}.`);
  } catch (error) {
    data.history = [...data.history, last]; // nothing was taken back: the referee did not answer
    keep();
    say(error.unreachable ? UNREACHABLE : "The referee refused the earlier state.");
  }
}

// The set-up or the game, whichever is on, and "Take back: …" naming the last of `history` (hidden when empty).
export function showMode(game, history) {
  $("setup").hidden = Boolean(game);
  $("play").hidden = !game;
  const last = history[history.length - 1];
  $("undo-box").hidden = !last || !game;
  if (last) $("undo").textContent = `Take back: ${last.text}`;
}

// The whole page: its mode (showMode), then, while a game is on, each of `parts` (the page's functions that show it).
export function showGame(game, history, parts) {
  showMode(game, history);
  if (game) for (const part of parts) part();
}

// What happened, a line of text each, under its heading; nothing at all when nothing has.
export function showLog(lines) {
  if (!lines.length) return $("events").replaceChildren();
  const log = element("ul", null, "events");
  log.setAttribute("aria-label", "What happened");
  for (const line of lines) log.append(element("li", line));
  $("events").replaceChildren(element("h3", "What happened"), log);
}

// The "new game" button (#new-game): `forget` clears the page's game, which is then kept and shown, and `text` said.
export function onNewGame(forget, { keep, show, text }) {
  $("new-game").addEventListener("click", () => {
    forget();
    keep();
    show();
    $("events").replaceChildren();
    say(text);
  });
}
