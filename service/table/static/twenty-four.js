// Twenty-Four at a real table (rules.md §10): the table sits down, the cards are drawn for the deal and turned up
// by tapping them; a claim is built on a keypad of the four numbers; the referee judges it, bars a wrong claimant
// for the round, and keeps the cards won and the totals. Everything lives in `table`, kept in this phone's storage.
// Or the referee deals, sealed (docs/sealed-deals.md), and the phone is passed round (passplay.js): a claim is made
// with the claimant's seat key, a set-aside (the table's move) with anyone's; the phone keeps no key.
// An optional round timer offers the set-aside "time is up" (rules.md §3.4) when it runs out.
import { UNREACHABLE, game as gameApi } from "./api.js";
import { pageReady } from "./app.js";
import { RANKS, cardElement, short, spoken } from "./cards.js";
import { listing, twentyFourEvent } from "./events.js";
import { beginTurn, sealedGame, showSeatKeys } from "./passplay.js";
import { createPicker } from "./picker.js";
import { applyMove, load, save as keep } from "./store.js";
import { $, element, keepNumber, onNewGame, playersField, problemList, say, showMode, undoLast } from "./ui.js";

const referee = gameApi("twenty-four");
const STORAGE = "twenty-four-table-v1";
const MAX_HANDS = 10;
const VALUES = { A: 1, J: 11, Q: 12, K: 13 };
const OPERATORS = [
  ["+", "plus"],
  ["−", "minus"],
  ["×", "times"],
  ["÷", "divided by"],
  ["(", "open parenthesis"],
  [")", "close parenthesis"],
];
const CARDS_OF_STEP = { set_target: 8, turn_up: 4 };

function fresh() {
  return {
    players: ["ann", "bob"],
    options: { face_cards: false, dynamic_target: false, hands: 1 },
    hints: false,
    deal: "table",
    timer: 0,
    game: null,
    seal: null,
    legal: null,
    history: [],
    standings: null,
    clock: null,
  };
}

const table = load(STORAGE, fresh);
// The claim being built: the keys tapped, each a number (by its place among the four) or an operator.
let keys = [];
let claimant = null;

const save = () => keep(STORAGE, table);
// The cards of this hand already seen (rules.md §10.5): each card is turned once, so they cannot be tapped again.
const seenCards = (state) => [...state.drawn, ...state.table, ...state.set_aside, ...state.players.flatMap((seat) => seat.won)];
const value = (code) => VALUES[code.slice(0, -1)] || Number(code.slice(0, -1));

function cardsWanted() {
  const step = table.legal && table.legal.step;
  if (step === "draw") return table.game.drawing.length;
  return CARDS_OF_STEP[step] || 0;
}

// -- the table -------------------------------------------------------------------------------------
function buildSetup() {
  playersField($("players"), table.players, (names) => {
    table.players = names;
    save();
  });
  for (const [id, key] of [
    ["face-cards", "face_cards"],
    ["dynamic-target", "dynamic_target"],
  ]) {
    $(id).checked = Boolean(table.options[key]);
    $(id).addEventListener("change", () => {
      table.options[key] = $(id).checked;
      save();
    });
  }
  $("hints").checked = table.hints;
  $("hints").addEventListener("change", () => {
    table.hints = $("hints").checked;
    save();
    show();
  });
  for (const input of document.querySelectorAll("input[name=deal]")) {
    input.checked = input.value === table.deal;
    input.addEventListener("change", () => {
      table.deal = input.value;
      save();
    });
  }
  $("timer-length").value = String(table.timer);
  $("timer-length").addEventListener("change", () => {
    table.timer = Number($("timer-length").value);
    table.clock = null;
    save();
  });
  const hands = $("hands");
  for (let n = 1; n <= MAX_HANDS; n += 1) {
    const option = element("option", String(n));
    option.value = String(n);
    hands.append(option);
  }
  hands.value = String(table.options.hands);
  keepNumber(hands, table.options, "hands", save);
}

async function start() {
  try {
    let answer;
    if (table.deal === "sealed") {
      answer = await referee.post("games", { players: table.players, rules: table.options, sealed: true });
      await showSeatKeys(answer.seat_keys); // shown once, each to its player; never kept
      delete answer.seat_keys;
      table.seal = sealedGame(answer);
    } else {
      answer = await referee.post("games/from-table", { players: table.players, rules: table.options });
      table.seal = null;
    }
    table.history = [];
    table.clock = null;
    await follow(answer.state, answer.events);
    $("play-title").focus();
  } catch (error) {
    $("events").replaceChildren(problemList(error));
    say(error.unreachable ? UNREACHABLE : "The referee refused this table: see why below.");
  }
}

// -- following the game ----------------------------------------------------------------------------
// A new state: what is due next (/moves/legal) and the cards won and totals (/standings), then the page.
async function follow(state, events) {
  const [legal, standings] = table.seal
    ? [sealedLegal(state), sealedStandings(state)]
    : await Promise.all([referee.post("moves/legal", { state }), referee.post("standings", { state })]);
  table.game = state;
  table.legal = legal;
  table.standings = standings;
  keys = [];
  claimant = null;
  makePicker();
  picker.set([]);
  picker.exclude(seenCards(state));
  save();
  if (events) showEvents(events);
  show();
}

// A sealed game answers /moves/legal and /moves/apply only to a seat with its key, and /standings not at all (it
// needs the piles): what the table may know is read from the public state itself.
function sealedLegal(state) {
  const played = state.players.reduce((cards, seat) => cards + seat.won.length, state.set_aside.length);
  const claims = state.players.filter((seat) => !state.barred.includes(seat.name)).map((seat) => ({ action: "claim", player: seat.name }));
  return { step: null, hand: state.results.length + 1, round: played / 4 + 1, target: state.target, barred: state.barred, moves: state.phase === "round" ? claims : [] };
}

function sealedStandings(state) {
  const playing = state.phase === "round";
  const rows = state.players.map((seat, index) => {
    const hands = state.results.map((result) => result.points[index]);
    return { player: seat.name, hands, total: hands.reduce((a, b) => a + b, 0) + (playing ? seat.won.length : 0) };
  });
  const best = Math.max(...rows.map((row) => row.total));
  const over = state.phase === "over";
  return { over, standings: [...rows].sort((a, b) => b.total - a.total), winners: over ? rows.filter((row) => row.total === best).map((row) => row.player) : [] };
}

// A sealed move: the seat's key is asked (anyone's for the table's own move), used for this one request, forgotten.
async function playSealed(move, text) {
  const state = table.game;
  const turn = await beginTurn(move.player || null, {
    seats: state.players.map((seat) => seat.name),
    why: `To make this move: ${text}.`,
    open: (seat) => referee.post("moves/apply", seat.body({ state, sealed: table.seal.sealed, move })),
  });
  if (!turn) {
    say(`Not made (no key given): ${text}.`);
    return;
  }
  const answer = turn.opened;
  turn.end();
  table.seal = sealedGame(answer, table.seal);
  await follow(answer.state, answer.events);
  say(`${text}.`);
}

async function play(move, text) {
  if (table.seal) {
    try {
      await playSealed(move, text);
    } catch (error) {
      $("verdict").replaceChildren(problemList(error));
      if (error.unreachable) say(UNREACHABLE);
    }
    return;
  }
  try {
    await applyMove(referee, table, move, text, follow);
    say(`${text}.`);
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
    if (error.unreachable) say(UNREACHABLE);
  }
}

function showEvents(events) {
  const log = element("ul", null, "events");
  log.setAttribute("aria-label", "What happened");
  for (const happened of events) log.append(element("li", twentyFourEvent(happened)));
  $("events").replaceChildren(element("h3", "What happened"), log);
}

function show() {
  const game = table.game;
  showMode(game, table.seal ? [] : table.history); // a sealed game never goes back (docs/table.md)
  if (!game) return;
  const legal = table.legal;
  const parts = [];
  if (game.phase === "over") parts.push(element("h3", "The game is over"));
  else if (legal.round) parts.push(element("h3", `Hand ${legal.hand}, round ${legal.round}: make ${legal.target}`));
  else parts.push(element("h3", `Hand ${legal.hand}`));
  if (game.rules.dynamic_target && game.target_cards.length) parts.push(element("p", `This hand's target: ${game.target}.`));
  if (legal.barred.length) parts.push(element("p", `May not claim again this round: ${listing(legal.barred)}.`, "bad"));
  $("game-status").replaceChildren(...parts);
  const wanted = cardsWanted();
  $("entry").hidden = !wanted;
  if (wanted) {
    const fill = legal.moves[0].fill.cards;
    $("entry-what").textContent = `Tap ${fill}.`;
    picker.setOwner(`Cards tapped (${wanted} wanted)`);
  }
  $("round").hidden = game.phase !== "round" || Boolean(legal.step);
  if (!$("round").hidden) showRound();
  runClock();
  showStandings();
}

function showRound() {
  const cards = table.game.table;
  $("aside-time").classList.remove("primary");
  $("four").replaceChildren(...cards.map((code) => cardElement(code)));
  const allowed = table.legal.moves.filter((move) => move.action === "claim").map((move) => move.player);
  if (!allowed.includes(claimant)) claimant = null;
  $("claimants").replaceChildren(
    ...allowed.map((name, index) => {
      const wrap = element("div", null, "choice");
      const input = element("input");
      input.type = "radio";
      input.name = "claimant";
      input.id = `claimant-${index}`;
      input.value = name;
      input.checked = name === claimant;
      input.addEventListener("change", () => {
        claimant = name;
        showClaim();
      });
      const label = element("label", name);
      label.htmlFor = input.id;
      wrap.append(input, label);
      return wrap;
    }),
  );
  $("hint").hidden = !table.hints;
  $("hint-text").textContent = "";
  showClaim();
}

// -- the round timer: optional; when it runs out the page offers the set-aside "time is up" ---------------
// The round's end time is kept with the table, so a reload keeps the clock running.
let ticking = 0;

function roundOf(game) {
  return `${game.results.length}:${game.table.join(" ")}`;
}

function runClock() {
  clearInterval(ticking);
  const game = table.game;
  const on = Boolean(table.timer) && game && game.phase === "round" && !$("round").hidden;
  $("timer").hidden = !on;
  if (!on) {
    $("time-up").hidden = true;
    return;
  }
  if (!table.clock || table.clock.round !== roundOf(game)) {
    table.clock = { round: roundOf(game), ends: Date.now() + table.timer * 1000 };
    save();
  }
  $("time-up").hidden = true;
  tick();
  ticking = setInterval(tick, 250);
}

function tick() {
  const left = Math.max(0, Math.ceil((table.clock.ends - Date.now()) / 1000));
  $("timer").textContent = `Time left: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  $("timer").classList.toggle("up", !left);
  if (left) return;
  clearInterval(ticking);
  $("time-up").textContent = "Time is up: nobody made it in time. Set the four cards aside?";
  $("time-up").hidden = false;
  $("aside-time").classList.add("primary");
  $("aside-time").focus();
}

// -- the keypad: the four numbers (each once), the operators, parentheses ----------------------------
function expression() {
  const cards = table.game.table;
  return keys.map((key) => (typeof key === "number" ? String(value(cards[key])) : key)).join(" ");
}

function showClaim() {
  const cards = table.game.table;
  const text = expression();
  $("claim").textContent = text || "Tap the numbers and operators";
  const used = new Set(keys.filter((key) => typeof key === "number"));
  const pad = [];
  const key = (text, label, onTap, className = "key") => {
    const button = element("button", text, className);
    button.type = "button";
    button.setAttribute("aria-label", label);
    button.addEventListener("click", onTap);
    pad.push(button);
    return button;
  };
  cards.forEach((code, index) => {
    const number = key(String(value(code)), `${value(code)} (${spoken(code)})${used.has(index) ? ", used" : ""}`, () => press(index), "key number");
    number.dataset.key = `card-${index}`;
    number.disabled = used.has(index);
  });
  for (const [symbol, name] of OPERATORS) key(symbol, name, () => press(symbol)).dataset.key = symbol;
  const edit = (next) => () => {
    keys = next();
    showClaim();
  };
  key("⌫", "Take back the last key", edit(() => keys.slice(0, -1))).id = "key-back";
  key("Clear", "Clear the claim", edit(() => []), "key wide").id = "key-clear";
  for (const id of ["key-back", "key-clear"]) pad.find((button) => button.id === id).disabled = !keys.length;
  $("keypad").replaceChildren(...pad);
  $("judge").disabled = !claimant || used.size < cards.length;
  $("judge").textContent = claimant ? `Judge ${claimant}'s claim` : "Judge the claim (choose who claims)";
}

function press(key) {
  keys = [...keys, key];
  showClaim();
}

async function judge() {
  if (!claimant) return;
  const text = expression();
  await play({ action: "claim", player: claimant, expression: text }, `${claimant} claims ${text}`);
}

async function hint() {
  try {
    const answer = await referee.post("solve", { cards: table.game.table, target: table.game.target });
    $("hint-text").textContent = answer.solvable ? `One way: ${answer.solutions[0]}` : "There is no way to make it.";
  } catch (error) {
    $("hint-text").textContent = error.unreachable ? UNREACHABLE : error.message;
  }
}

function showStandings() {
  const standings = table.standings;
  if (!standings) return;
  const list = element("ul", null, "scores");
  const wonNow = Object.fromEntries(table.game.players.map((seat) => [seat.name, seat.won.length]));
  for (const row of standings.standings) {
    const won = standings.over ? "" : `${wonNow[row.player]} cards won this hand, `;
    list.append(element("li", `${row.player}: ${won}${row.total} in all${row.hands.length ? ` (hands: ${row.hands.join(", ")})` : ""}`));
  }
  const parts = [element("h3", "Cards won"), list];
  if (standings.over) {
    const winners = standings.winners || [];
    const line = element("p", `${winners.length > 1 ? "Winners" : "Winner"}: ${listing(winners)}.`, "winners");
    line.id = "winners";
    parts.push(line);
  }
  $("standings").replaceChildren(...parts);
}

// -- start -----------------------------------------------------------------------------------------
// The pack the table plays: Ace to 10, or with the face cards (rules.md §1); one of each card.
let picker = null;
let pickerFaces = null;

function makePicker() {
  const faces = Boolean(table.game ? table.game.rules.face_cards : table.options.face_cards);
  if (faces === pickerFaces) return;
  pickerFaces = faces;
  $("entry-picker").replaceChildren();
  const ranks = RANKS.filter((rank) => faces || !["J", "Q", "K"].includes(rank));
  picker = createPicker($("entry-picker"), { owner: "Cards tapped", max: 8, copies: 1, ranks });
}

makePicker();
if (table.game) picker.exclude(seenCards(table.game));
buildSetup();
show();
$("start").addEventListener("click", start);
$("enter-cards").addEventListener("click", () => {
  const cards = picker.get();
  const wanted = cardsWanted();
  if (cards.length !== wanted) {
    say(`Tap ${wanted} cards: ${cards.length} so far.`);
    return;
  }
  const step = table.legal.step;
  const words = { draw: "drawn for the deal", set_target: "set the target", turn_up: "turned up" }[step];
  play({ action: step, cards }, `${cards.map(short).join(" ")} ${words}`);
});
$("judge").addEventListener("click", judge);
$("aside-time").addEventListener("click", () => play({ action: "set_aside", reason: "time_up" }, "set aside: time is up"));
$("aside-agreed").addEventListener("click", () => play({ action: "set_aside", reason: "agreed" }, "set aside: the table agrees there is no way"));
$("hint").addEventListener("click", hint);
$("undo").addEventListener("click", () => undoLast(table, (state) => follow(state, null), save));
onNewGame(
  () => {
    clearInterval(ticking);
    Object.assign(table, { game: null, seal: null, clock: null, history: [], standings: null });
  },
  { keep: save, show, text: "Game forgotten." },
);
pageReady();
