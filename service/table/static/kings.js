// The phone page: the table's set-up, my cards and what they hold, moves checked before they are made, The Calculus.
// Everything the page knows lives in `table` and is kept in this phone's storage; the referee keeps nothing.
import { UNREACHABLE, game as gameApi } from "./api.js";
import { keepOffline } from "./app.js";
import { RANKS, SUITS, cardElement, short } from "./cards.js";
import { CASTLE_NAMES, castleName, kingsEvent, listing, plural } from "./events.js";
import { beginTurn, sealedGame, showSeatKeys } from "./passplay.js";
import { createPicker } from "./picker.js";
import { $, cardRow, element, keepNumber, playersField, problemList, say } from "./ui.js";
import { load, remember, save as keep, takeBack } from "./store.js";

const referee = gameApi("24-kings");
const STORAGE = "kings-table-v1";
const MAX_CARDS = 8;
const HAND_COUNT = 24;
const OPTIONS = {
  subjects_count: ["SUBJECTS COUNT", "A castle is worth the sum of every card in its stack."],
  no_harm_no_foul: ["NO HARM-NO FOUL", "Left-over cards cost nothing in The Calculus."],
  static_castles: ["STATIC CASTLES", "Castles keep their card's value whatever Kings are played."],
  equal_opportunity: ["EQUAL OPPORTUNITY", "Any King may go on any castle."],
  shuffle_me_out: ["SHUFFLE ME OUT", "One shuffle only."],
  face_up_consequences: ["FACE-UP CONSEQUENCES", "The face-up pile leaves the game at a reshuffle."],
  ghoul_raiser: ["GHOUL-RAISER", "A King action may take face-up cards instead of drawing."],
};

function fresh() {
  return {
    players: ["ann", "bob", "cy"],
    me: 0,
    dealer: 0,
    rules: { hands: "standard" },
    castles: [
      { card: "7H", kings: 0 },
      { card: "2C", kings: 0 },
      { card: "JD", kings: 0 },
      { card: "4S", kings: 0 },
    ],
    faceUp: [],
    hand: [],
    final: {},
    finalPlayer: 0,
    caller: "",
    game: null,
    history: [],
    previous: null,
    sealed: null,
    sealedLog: [],
  };
}

function loadTable() {
  const kept = load(STORAGE, fresh);
  if (!Array.isArray(kept.players) || !Array.isArray(kept.castles)) return fresh();
  if (!Array.isArray(kept.faceUp)) kept.faceUp = []; // an earlier page kept them as typed text
  return kept;
}

const table = loadTable();

function save() {
  keep(STORAGE, table);
}

// -- the request parts every endpoint shares ------------------------------------------------------
function rulesBody() {
  return { ...table.rules };
}

function castlesBody() {
  return table.castles.map((castle) => {
    const suit = castle.card.slice(-1);
    const kingCount = castle.card.startsWith("K") ? Math.min(castle.kings, 1) : castle.kings;
    return { card: castle.card, kings: Array.from({ length: kingCount }, () => `K${suit}`) };
  });
}

function options(select, entries, chosen) {
  select.replaceChildren(
    ...entries.map(([value, text]) => {
      const option = element("option", text);
      option.value = String(value);
      option.selected = String(value) === String(chosen);
      return option;
    }),
  );
}

// -- the table -------------------------------------------------------------------------------------
function renderSeats() {
  const seats = table.players.map((name, index) => [index, name]);
  table.me = Math.min(table.me, table.players.length - 1);
  table.dealer = Math.min(table.dealer, table.players.length - 1);
  options($("me"), seats, table.me);
  options($("dealer"), seats, table.dealer);
  options($("final-player"), seats, table.finalPlayer);
  options($("caller"), [["", "Nobody (the pile ran dry)"], ...table.players.map((name) => [name, name])], table.caller);
  handPicker.setOwner(`${table.players[table.me]} (you)`);
  showFinal();
}

function buildSetup() {
  playersField($("players"), table.players, (names) => {
    table.players = names;
    table.finalPlayer = Math.min(table.finalPlayer, names.length - 1);
    renderSeats();
    save();
  });
  keepNumber($("me"), table, "me", save, renderSeats);
  keepNumber($("dealer"), table, "dealer", save);
  $("hand-set").value = table.rules.hands || "standard";
  $("hand-set").addEventListener("change", () => {
    table.rules.hands = $("hand-set").value;
    save();
    refreshHands();
  });
  const box = $("options");
  for (const [name, [title, description]] of Object.entries(OPTIONS)) {
    const wrap = element("div", null, "check");
    const input = element("input");
    input.type = "checkbox";
    input.id = `option-${name}`;
    input.checked = Boolean(table.rules[name]);
    input.addEventListener("change", () => {
      table.rules[name] = input.checked;
      save();
      refreshHands();
    });
    const label = element("label");
    label.htmlFor = input.id;
    label.append(element("strong", title), element("span", ` ${description}`));
    wrap.append(input, label);
    box.append(wrap);
  }
  const castles = $("castles");
  table.castles.forEach((castle, index) => {
    const group = element("div", null, "castle");
    group.setAttribute("role", "group");
    group.setAttribute("aria-labelledby", `castle-${index + 1}-title`);
    const title = element("p", `Castle ${index + 1} (${CASTLE_NAMES[index]})`, "castle-title");
    title.id = `castle-${index + 1}-title`;
    group.append(title);
    const fields = element("div", null, "row three");
    const rank = select(`castle-${index + 1}-rank`, "Rank", RANKS.map((r) => [r, r]), castle.card.slice(0, -1));
    const suit = select(
      `castle-${index + 1}-suit`,
      "Suit",
      SUITS.map((s) => [s.code, `${s.symbol} ${s.name}`]),
      castle.card.slice(-1),
    );
    const kings = select(
      `castle-${index + 1}-kings`,
      "Kings on it",
      [
        [0, "none"],
        [1, "one (crowned)"],
        [2, "two (Double King)"],
      ],
      castle.kings,
    );
    fields.append(rank.wrap, suit.wrap, kings.wrap);
    group.append(fields);
    castles.append(group);
    const update = () => {
      table.castles[index] = { card: rank.input.value + suit.input.value, kings: Number(kings.input.value) };
      save();
      refreshHands();
    };
    for (const input of [rank.input, suit.input, kings.input]) input.addEventListener("change", update);
  });
}

function select(id, labelText, entries, chosen) {
  const wrap = element("div", null, "field");
  const label = element("label", labelText);
  label.htmlFor = id;
  const input = element("select");
  input.id = id;
  options(input, entries, chosen);
  wrap.append(label, input);
  return { wrap, input };
}

// -- my cards and what they hold -------------------------------------------------------------------
let handRequest = 0;
let handTimer = 0;

// Taps come fast: ask the referee once they pause.
function refreshHands() {
  clearTimeout(handTimer);
  handTimer = setTimeout(askHands, 150);
}

async function askHands() {
  const result = $("hand-result");
  const cards = table.hand;
  if (!cards.length) {
    result.replaceChildren(element("p", "Tap your cards to see the hands they hold.", "hint"));
    $("hand-summary").textContent = "";
    return;
  }
  const ticket = ++handRequest;
  try {
    const answer = await referee.post("hands", { rules: rulesBody(), castles: castlesBody(), cards });
    if (ticket === handRequest) showHands(answer);
  } catch (error) {
    if (ticket === handRequest) {
      result.replaceChildren(problemList(error));
      $("hand-summary").textContent = "The referee refused these cards: see why below the cards.";
    }
  }
}

function handItem(hand) {
  const item = element("li");
  item.append(element("span", `${hand.name}, ${hand.points} points: `), cardRow(hand.cards, hand.name));
  return item;
}

// A split as a list: the Pointer, each hand with its points, the left-over cards saved and penalised.
function splitList(split) {
  const list = element("ul", null, "split");
  const cards = (text, codes, label) => {
    const item = element("li", text);
    item.append(cardRow(codes, label));
    list.append(item);
  };
  if (split.pointer) cards("Pointer: ", [split.pointer], "Pointer");
  for (const hand of split.hands) list.append(handItem(hand));
  if (split.saved.length) cards("Saved by a King: ", split.saved, "Saved");
  if (split.penalised.length) cards("Penalised: ", split.penalised, "Penalised");
  return list;
}

function showHands(answer) {
  const result = $("hand-result");
  const parts = [];
  const best = answer.best;
  const summary = element("div", null, "panel");
  summary.append(element("h3", "Best split"));
  summary.append(element("p", `${best.score} points`, "score"));
  summary.append(
    element(
      "p",
      answer.valid_call ? "HAND! would be a valid call now." : "HAND! would be a false call now.",
      answer.valid_call ? "good" : "bad",
    ),
  );
  summary.append(element("p", `Castle values: ${answer.castle_values.join(", ")}`));
  const details = splitList(best);
  summary.append(details);
  parts.push(summary);

  const found = element("div", null, "panel");
  found.append(element("h3", `Hands you hold: ${answer.found.length}`));
  const foundList = element("ul", null, "found");
  for (const hand of answer.found) foundList.append(handItem(hand));
  if (!answer.found.length) foundList.append(element("li", "None yet."));
  found.append(foundList);
  parts.push(found);

  const progress = answer.progress;
  const complete = progress.filter((hand) => hand.complete).length;
  $("hand-summary").textContent =
    `Best: ${best.score} points · HAND! ${answer.valid_call ? "valid" : "not valid"} · ${complete} of ${HAND_COUNT} hands complete`;
  const box = element("div", null, "panel");
  box.append(element("h3", "Progress to all 24 hands"));
  const meter = element("progress");
  meter.id = "hand-progress";
  meter.max = HAND_COUNT;
  meter.value = complete;
  const meterLabel = element("label", `${complete} of ${HAND_COUNT} hands complete`);
  meterLabel.htmlFor = meter.id;
  box.append(meterLabel, meter);
  const list = element("ul", null, "progress-list");
  const ordered = [...progress].sort((a, b) => Number(b.complete) - Number(a.complete) || a.missing.length - b.missing.length);
  for (const hand of ordered) {
    const item = element("li", null, hand.complete ? "complete" : "");
    const name = element("strong", hand.name);
    item.append(name);
    if (hand.complete) item.append(element("span", " complete", "good"));
    else {
      item.append(element("span", ` missing ${hand.missing.length}: `));
      item.append(element("span", hand.missing.map(short).join(" "), "missing"));
    }
    if (!hand.in_play) item.append(element("span", " (not in this hand set)", "hint"));
    list.append(item);
  }
  box.append(list);
  parts.push(box);
  result.replaceChildren(...parts);
}

// -- the referee at the table ----------------------------------------------------------------------
const ACTIONS = [
  ["face_down_discard", "Discard face down"],
  ["face_up_discard", "Discard face up"],
  ["dump_king", "Dump a King"],
  ["play_king", "Play a King on a castle"],
  ["dethrone", "Dethrone a King"],
  ["call_hand", "Call HAND!"],
  ["reveal_hand", "Show their cards (at the end)"],
];
// Which actions a phase allows (rules.md §9, §27): the others are not offered, so they cannot be tapped by mistake.
const PHASE_ACTIONS = {
  "kingdom-action": ["face_down_discard", "face_up_discard", "dump_king", "play_king", "dethrone", "call_hand"],
  "kingdom-discard": ["face_down_discard", "face_up_discard"],
  reveal: ["reveal_hand"],
  over: [],
};
const CASTLE_ACTIONS = new Set(["play_king", "dethrone"]);

const form = { seat: 0, action: "face_down_discard", castle: 1 };

// A move as a player says it at the table.
function describe(move) {
  const card = (fallback) => (move.card ? short(move.card) : fallback);
  switch (move.action) {
    case "face_down_discard":
      return move.card ? `${move.player} discards ${card()} face down` : `${move.player} discards a card face down, not shown`;
    case "face_up_discard":
      return `${move.player} discards ${card("a card")} face up`;
    case "dump_king":
      return `${move.player} dumps ${card("a King")}`;
    case "play_king":
      return `${move.player} plays ${card("a King")} on ${castleName(move.castle)}`;
    case "dethrone":
      return `${move.player} dethrones ${castleName(move.castle)} with ${card("a King")}`;
    case "call_hand":
      return `${move.player} calls HAND!`;
    case "reveal_hand":
      return `${move.player} shows their cards`;
    case "deal":
      return `${move.player} deals the next game`;
    default:
      return `${move.player}: ${move.action.replaceAll("_", " ")}`;
  }
}

function buildMoveForm() {
  const radios = (box, name, entries, onPick) =>
    box.replaceChildren(
      ...entries.map(([value, text]) => {
        const wrap = element("div", null, "choice");
        const input = element("input");
        input.type = "radio";
        input.name = name;
        input.value = String(value);
        input.id = `${name}-${value}`;
        input.addEventListener("change", () => onPick(input.value));
        const label = element("label", text);
        label.htmlFor = input.id;
        label.id = `${input.id}-label`;
        wrap.append(input, label);
        return wrap;
      }),
    );
  radios($("move-actions"), "action", ACTIONS, (value) => {
    form.action = value;
    syncMoveFields();
  });
  radios(
    $("move-castles"),
    "castle",
    [1, 2, 3, 4].map((n) => [n, castleName(n)]),
    (value) => {
      form.castle = Number(value);
    },
  );
  $("move-player").addEventListener("change", () => {
    form.seat = Number($("move-player").value);
    cardPicker.set([]);
    suggestCards();
  });
}

// After every move, at the start and after an undo: the player to act, the phase's first action, no card chosen.
function resetForm() {
  const game = table.game;
  if (!game) return;
  form.seat = game.to_act;
  form.action = (PHASE_ACTIONS[game.phase] || ["face_down_discard"])[0] || "face_down_discard";
  form.castle = 1;
  cardPicker.set([]);
  drawnPicker.set([]);
  $("drawn-box").open = false;
  revealPicker.set([]);
  $("verdict").replaceChildren();
  showForm();
}

function showForm() {
  const game = table.game;
  options($("move-player"), game.players.map((p, index) => [index, p.name]), form.seat);
  for (const input of document.querySelectorAll("input[name=action]")) input.checked = input.value === form.action;
  for (const input of document.querySelectorAll("input[name=castle]")) {
    input.checked = Number(input.value) === form.castle;
    const castle = game.castles[Number(input.value) - 1];
    const kings = castle.kings.length ? ` + ${castle.kings.length} King${castle.kings.length > 1 ? "s" : ""}` : "";
    $(`${input.id}-label`).textContent = `${castleName(Number(input.value))}: ${short(castle.card)}${kings}`;
  }
  suggestCards();
  syncMoveFields();
}

function suggestCards() {
  const player = table.game.players[form.seat];
  const mine = form.seat === table.me;
  cardPicker.suggest(player.hand.cards, mine ? "Your cards" : `Cards of ${player.name} the referee has seen`);
}

function syncMoveFields() {
  const game = table.game;
  const allowed = new Set(PHASE_ACTIONS[game.phase] || []);
  for (const input of document.querySelectorAll("input[name=action]")) input.closest(".choice").hidden = !allowed.has(input.value);
  const action = form.action;
  const player = game.players[form.seat];
  const handAction = action === "call_hand" || action === "reveal_hand";
  $("move-form").hidden = !allowed.size;
  $("card-box").hidden = handAction;
  cardPicker.setOwner(action === "face_down_discard" ? "The card, if it is shown (else none)" : "The card");
  $("move-castle").hidden = !CASTLE_ACTIONS.has(action);
  $("drawn-box").hidden = handAction || game.phase === "kingdom-discard";
  drawnPicker.setOwner(CASTLE_ACTIONS.has(action) || action === "dump_king" ? "Cards drawn (two), if shown" : "Card drawn, if shown");
  const unseen = player && player.hand.hidden > 0;
  $("reveal-box").hidden = !(action === "reveal_hand" || (action === "call_hand" && unseen));
  revealPicker.setOwner(action === "reveal_hand" ? `${player.name}'s cards, as shown` : `${player.name}'s cards, for the referee to check the call`);
}

function moveFromForm() {
  const player = table.game.players[form.seat].name;
  const action = form.action;
  const move = { player, action };
  const handAction = action === "call_hand" || action === "reveal_hand";
  const [card] = cardPicker.get();
  if (!handAction && card) move.card = card;
  if (CASTLE_ACTIONS.has(action)) move.castle = form.castle;
  if (!handAction && !$("drawn-box").hidden && drawnPicker.get().length) move.drawn = drawnPicker.get();
  if (handAction && revealPicker.get().length) move.reveal = revealPicker.get();
  return move;
}

function fillForm(move) {
  const seat = table.game.players.findIndex((p) => p.name === move.player);
  if (seat >= 0) form.seat = seat;
  form.action = move.action;
  if (move.castle) form.castle = move.castle;
  showForm();
  cardPicker.set(move.card ? [move.card] : []);
}

function showGame() {
  const game = table.game;
  $("game-panel").hidden = !game;
  $("start-game").hidden = Boolean(game) || Boolean(table.sealed);
  $("sealed-offer").hidden = Boolean(game) || Boolean(table.sealed);
  $("start-game").textContent = table.previous ? `Start game ${matchGames(table.previous) + 1} of the match` : "Start refereeing this table";
  $("next-note").hidden = Boolean(game) || !table.previous;
  if (table.previous) {
    $("next-note").textContent = "Next game: set the castles the new Castle Phase founded and tap your new cards first (Table, My cards).";
  }
  showUndo();
  if (!game) return;
  $("game-status").replaceChildren(...tableStatus(game));
  showMatch();
  $("next-game").hidden = game.phase !== "over";
}

// What everyone at the table may see: who acts, the piles' sizes, the face-up pile, the castles, each hand's size.
function tableStatus(game) {
  const acting = game.players[game.to_act];
  const parts = [];
  if (game.phase === "reveal") {
    parts.push(element("h3", `The game is over: ${acting.name} shows their cards next`));
    parts.push(
      element("p", `${endReason(game.outcome)}. Each player whose cards the referee has not seen shows them in turn; then the winners are named.`),
    );
  } else if (game.phase === "over") {
    const winners = game.outcome.winners;
    parts.push(element("h3", "The game is over"));
    const line = element("p", `${winners.length > 1 ? "Winners" : "Winner"}: ${listing(winners)}.`, "good winners");
    line.id = "game-winners";
    parts.push(element("p", `${endReason(game.outcome)}.`), line);
  } else {
    parts.push(element("h3", `${acting.name} to act`));
    parts.push(element("p", game.phase === "kingdom-discard" ? `${acting.name} discards one of eight cards.` : `${acting.name} chooses an action.`));
  }
  const pile = game.draw_pile.cards.length + game.draw_pile.hidden;
  parts.push(element("p", `Draw pile: ${pile} cards. Face-down pile: ${game.face_down.cards.length + game.face_down.hidden}.`));
  const top = game.face_up[game.face_up.length - 1];
  const faceUp = element("p", "Face-up pile: ");
  if (top) faceUp.append(cardElement(top), element("span", ` on top, ${game.face_up.length} in all.`));
  else faceUp.append(element("span", "empty."));
  parts.push(faceUp);
  const castles = element("p", "Castles: ");
  game.castles.forEach((castle, index) => {
    castles.append(element("span", ` ${index + 1}: `));
    castles.append(cardElement(castle.card));
    if (castle.kings.length) castles.append(element("span", ` + ${castle.kings.length} King${castle.kings.length > 1 ? "s" : ""}`));
  });
  parts.push(castles);
  const seats = element("ul", null, "seats");
  for (const player of game.players) {
    const held = player.hand.cards.length + player.hand.hidden;
    const text = `${player.name}: ${held} cards${player.status === "out" ? ", out" : ""}${player.score !== null ? `, ${player.score} points` : ""}`;
    seats.append(element("li", text));
  }
  parts.push(seats);
  return parts;
}

function endReason(outcome) {
  if (!outcome) return "The game is over";
  if (outcome.reason === "valid_call") return `${outcome.caller} called HAND! and the call is valid`;
  if (outcome.reason === "draw_pile_exhausted") return "The draw pile ran dry";
  if (outcome.reason === "last_player_left") return "Only one player is left in";
  return outcome.reason;
}

const matchGames = (state) => (state.match ? state.match.games : 0) + 1;

// The match's running totals (rules.md §28): as the referee carries them from game to game, and this game's scores.
function showMatch() {
  const parts = matchParts(table.game);
  $("match").hidden = !parts.length;
  $("match").replaceChildren(...parts);
}

function matchParts(game) {
  const parts = [];
  if (game.match) {
    const totals = Object.entries(game.match.totals).map(([name, points]) => `${name} ${points}`);
    parts.push(element("p", `Match before this game (${plural(game.match.games, "game")}): ${listing(totals)}.`));
  }
  if (game.phase === "over") {
    const scores = game.players.filter((p) => p.score !== null).map((p) => `${p.name} ${p.score}`);
    parts.push(element("p", `This game (game ${matchGames(game)}): ${listing(scores)}.`));
  }
  return parts.length ? [element("h3", "The match"), ...parts] : [];
}

function showUndo() {
  const last = table.history[table.history.length - 1];
  $("undo-box").hidden = !last || !table.game;
  if (last) $("undo").textContent = `Take back: ${last.text}`;
}

function moveButton(move) {
  const button = element("button", `Use: ${describe(move)}`, "alternative");
  button.type = "button";
  button.addEventListener("click", () => {
    fillForm(move);
    checkMove();
  });
  return button;
}

// Moves as a list of buttons; each fills the move form with its move and checks it.
function moveList(moves) {
  const list = element("ul", null, "alternatives");
  for (const move of moves) {
    const item = element("li");
    item.append(moveButton(move));
    list.append(item);
  }
  return list;
}

function showVerdict(move, verdict) {
  const box = $("verdict");
  const parts = [];
  const head = element("p", `${verdict.legal ? "Legal" : "Not legal"}: ${describe(move)}.`, verdict.legal ? "verdict good" : "verdict bad");
  head.id = "verdict-line";
  parts.push(head);
  if (verdict.call_valid !== undefined && verdict.call_valid !== null) {
    parts.push(element("p", verdict.call_valid ? "The call would be valid." : "The call would be false."));
  }
  if (verdict.reasons.length) {
    const list = element("ul", null, "reasons");
    for (const reason of verdict.reasons) list.append(element("li", `${reason.message} (rule ${reason.rule})`));
    parts.push(list);
  }
  if (verdict.alternatives.length) {
    parts.push(element("p", "Legal instead:"), moveList(verdict.alternatives));
  }
  box.replaceChildren(...parts);
}

async function checkMove(event) {
  if (event) event.preventDefault();
  const move = moveFromForm();
  try {
    showVerdict(move, await referee.post("moves/validate", { state: table.game, move }));
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
  }
}

// The page keeps what it knows of my hand equal to the referee's, when the referee sees it whole.
function followMyHand() {
  const mine = table.game && table.game.players[table.me];
  if (mine && mine.hand.hidden === 0) table.hand = [...mine.hand.cards];
  handPicker.set(table.hand);
}

async function makeMove() {
  const move = moveFromForm();
  const before = table.game;
  try {
    const answer = await referee.post("moves/apply", { state: before, move });
    remember(table, before, describe(move));
    table.game = answer.state;
    followMyHand();
    if (table.game.outcome) {
      table.caller = table.game.outcome.caller || "";
      renderSeats();
    }
    save();
    const log = element("ul", null, "events");
    log.setAttribute("aria-label", "What happened");
    for (const happened of answer.events) log.append(element("li", kingsEvent(happened)));
    $("events").replaceChildren(element("h3", `Done: ${describe(move)}.`), log);
    resetForm();
    showGame();
    refreshHands();
    say(`Move made: ${describe(move)}.`);
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
    if (error.unreachable) say(UNREACHABLE);
  }
}

// The referee is stateless: taking a move back is following the game from the state before it.
function undo() {
  const last = takeBack(table);
  if (!last) return;
  table.game = last.state;
  followMyHand();
  save();
  resetForm();
  showGame();
  refreshHands();
  $("events").replaceChildren(element("h3", `Taken back: ${last.text}.`));
  say(`Taken back: ${last.text}. ${table.game.players[table.game.to_act].name} to act.`);
}

async function listLegal() {
  try {
    const report = await referee.post("moves/legal", { state: table.game });
    const box = $("verdict");
    box.replaceChildren(element("p", report.player ? `${report.player} may:` : "Nobody may move."), moveList(report.moves));
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
  }
}

async function startGame() {
  if (table.hand.length > 7) {
    say("A dealt hand holds seven cards: take the extra ones out in My cards, then start.");
    return;
  }
  const hands = table.players.map((_, seat) => (seat === table.me ? table.hand : []));
  const deal = { castles: castlesBody(), face_up: table.faceUp, hands };
  try {
    // The next game of a match is a move of the finished one (rules.md §28): its next dealer deals, naming the cards dealt.
    const answer = table.previous
      ? await referee.post("moves/apply", { state: table.previous, move: { ...(await nextDeal(table.previous)), ...deal } })
      : await referee.post("games/from-table", { players: table.players, dealer: table.dealer, rules: rulesBody(), ...deal });
    table.game = answer.state;
    table.previous = null;
    table.history = [];
    save();
    resetForm();
    showGame();
    $("events").replaceChildren();
    say(`Refereeing: ${table.game.players[table.game.to_act].name} acts first.`);
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
    $("game-panel").hidden = false;
    say(error.unreachable ? UNREACHABLE : "The referee refused this table: see why below.");
  }
}

// The deal move a finished game lists (rules.md §28): who deals the next game; the table fills in the cards.
async function nextDeal(finished) {
  const report = await referee.post("moves/legal", { state: finished });
  const listed = report.moves.find((move) => move.action === "deal");
  if (!listed) throw new Error("The referee lists no next deal for this game.");
  return { player: listed.player, action: "deal" };
}

// The follow-on game (rules.md §28): the next seat deals; new castles and new hands come from the table.
function nextGame() {
  table.previous = table.game;
  table.dealer = table.game.dealer;
  table.game = null;
  table.history = [];
  table.hand = [];
  table.faceUp = [];
  table.final = {};
  table.caller = "";
  handPicker.set([]);
  faceUpPicker.set([]);
  save();
  showGame();
  $("events").replaceChildren();
  refreshHands();
  location.hash = "#setup";
  showStep();
  say(`Game ${matchGames(table.previous) + 1}: set the castles of the new Castle Phase, then tap your new cards in My cards, then start it in Moves.`);
}

// -- a sealed deal, one phone passed round (passplay.js) ------------------------------------------------
// The phone keeps the public state and the token (table.sealed), never a key nor a hand: each turn asks the acting
// player's key, shows that player's cards and moves, makes the move, shows what they saw, and forgets it all.
async function dealSealed() {
  try {
    const answer = await referee.post("games", { players: table.players, dealer: table.dealer, rules: rulesBody(), sealed: true });
    await showSeatKeys(answer.seat_keys); // shown once, each to its player; never kept
    delete answer.seat_keys;
    table.sealed = sealedGame(answer);
    table.sealedLog = [];
    save();
    showSealed();
    say(`Dealt, sealed: ${answer.state.players[answer.state.to_act].name} acts first.`);
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
    say(error.unreachable ? UNREACHABLE : "The referee refused this deal: see why below.");
  }
}

function showSealed() {
  const sealed = table.sealed;
  $("sealed-panel").hidden = !sealed;
  $("sealed-offer").hidden = Boolean(sealed) || Boolean(table.game);
  $("start-game").hidden = Boolean(sealed) || Boolean(table.game);
  if (!sealed) return;
  const game = sealed.state;
  $("sealed-status").replaceChildren(...tableStatus(game), ...matchParts(game));
  const acting = game.players[game.to_act];
  $("sealed-turn").hidden = game.phase === "over";
  $("sealed-next").hidden = game.phase !== "over";
  $("sealed-next").textContent = `Next game of the match (game ${matchGames(game) + 1}), sealed`;
  $("sealed-turn").textContent = `${acting.name} to act: pass the phone to ${acting.name}`;
  const log = element("ul", null, "events");
  log.setAttribute("aria-label", "What happened");
  for (const line of table.sealedLog) log.append(element("li", line));
  $("sealed-log").replaceChildren(element("h3", "What happened"), log);
}

// What the table may hear of a seat's move: its own draws counted, a face-down discard not named.
function publicEvent(event) {
  if (event.type === "drew" && event.from !== "face_up") return { ...event, cards: [], unseen: (event.cards || []).length + (event.unseen || 0) };
  if (event.type === "discarded" && event.face === "down") return { ...event, card: null };
  return event;
}

// The follow-on game (rules.md §28), sealed in the same match: a move of the finished game, the next dealer's. The
// phone passes to them; their key opens the deal move, which the referee plays sealed, in the same match and keys.
function sealedNext() {
  return sealedTurn();
}

// Who acts now: the player to act, or once a game is over, the next dealer (the seat after The Turn, rules.md §28).
function sealedSeat(game) {
  if (game.phase !== "over") return game.players[game.to_act].name;
  const step = game.direction === "counterclockwise" ? -1 : 1;
  return game.players[(game.dealer + step + game.players.length) % game.players.length].name;
}

async function sealedTurn() {
  const game = table.sealed.state;
  const seat = sealedSeat(game);
  const ask = (turn, path) => referee.post(path, turn.body({ state: game, sealed: table.sealed.sealed }));
  let turn;
  try {
    turn = await beginTurn(seat, { why: `${seat}'s cards and moves show once the key is given.`, open: (t) => Promise.all([ask(t, "view"), ask(t, "moves/legal")]) });
  } catch (error) {
    $("sealed-log").prepend(problemList(error));
    return;
  }
  if (!turn) return;
  const box = $("sealed-private");
  turn.onEnd(() => {
    box.replaceChildren();
    box.hidden = true;
    showSealed();
    $("sealed-turn").focus();
  });
  const [view, legal] = turn.opened;
  const hide = element("button", `Hide ${seat}'s cards, not now`);
  hide.type = "button";
  hide.addEventListener("click", () => turn.end());
  const mine = view.players.find((player) => player.name === seat).hand.cards;
  const moves = element("ul", null, "alternatives");
  for (const move of legal.moves) {
    const item = element("li");
    const call = move.call_valid === undefined ? "" : move.call_valid ? ": a valid call" : ": a false call now (out of the game)";
    const pick = element("button", `${describe(move)}${call}`, "alternative");
    pick.type = "button";
    pick.addEventListener("click", () => sealedMove(turn, move));
    item.append(pick);
    moves.append(item);
  }
  const title = element("h3", `${seat}'s turn`);
  title.tabIndex = -1;
  const hand = element("p", `${seat}'s cards: `);
  hand.append(cardRow(mine, `${seat}'s cards`));
  box.replaceChildren(title, hand, element("p", "Tap a move to make it:"), moves, hide);
  box.hidden = false;
  $("sealed-turn").hidden = true;
  title.focus();
}

async function sealedMove(turn, move) {
  const box = $("sealed-private");
  try {
    const answer = await referee.post("moves/apply", turn.body({ state: table.sealed.state, sealed: table.sealed.sealed, move }));
    table.sealed = sealedGame(answer, table.sealed);
    const lines = answer.events.map((event) => kingsEvent(publicEvent(event)));
    const first = answer.state.players[answer.state.to_act].name;
    table.sealedLog =
      move.action === "deal" // a new game of the match: its own log
        ? [`Game ${matchGames(answer.state)} of the match: dealt, sealed; ${first} acts first.`]
        : [...table.sealedLog, ...lines].slice(-60);
    save();
    const seen = element("ul", null, "events");
    seen.setAttribute("aria-label", `What ${turn.seat} saw`);
    for (const event of answer.events) seen.append(element("li", kingsEvent(event)));
    const me = answer.view.players.find((player) => player.name === turn.seat);
    const hand = element("p", `${turn.seat}'s cards now: `);
    hand.append(cardRow(me.hand ? me.hand.cards : [], `${turn.seat}'s cards now`));
    const done = element("button", `Done: hide ${turn.seat}'s cards`, "primary");
    done.type = "button";
    done.id = "sealed-done";
    done.addEventListener("click", () => turn.end());
    const title = element("h3", `${turn.seat}: ${describe(move)}`);
    title.tabIndex = -1;
    box.replaceChildren(title, seen, hand, done);
    title.focus();
  } catch (error) {
    box.prepend(problemList(error));
    if (error.unreachable) say(UNREACHABLE);
  }
}

// -- The Calculus ----------------------------------------------------------------------------------
// A player's final cards: as entered here; else as the refereed game knows them whole; else, for you, "My cards".
function finalCards(seat) {
  const name = table.players[seat];
  if (table.final[name]) return table.final[name];
  const known = table.game && table.game.players[seat];
  if (known && known.name === name && known.hand.hidden === 0 && known.hand.cards.length) return known.hand.cards;
  return seat === table.me ? table.hand : [];
}

function showFinal() {
  const seat = table.finalPlayer;
  finalPicker.setOwner(table.players[seat]);
  finalPicker.set(finalCards(seat));
  const summary = $("final-summary");
  const list = element("ul", null, "final-list");
  table.players.forEach((player, index) => {
    const cards = finalCards(index);
    const item = element("li");
    item.append(element("strong", `${player}: `));
    if (cards.length) item.append(cardRow(cards, `${player}'s cards`));
    else item.append(element("span", "no cards yet"));
    list.append(item);
  });
  summary.replaceChildren(element("h3", "Everyone's cards"), list);
}

async function score() {
  const players = table.players.map((name, seat) => ({ name, cards: finalCards(seat) }));
  const body = { rules: rulesBody(), castles: castlesBody(), players };
  if (table.caller) body.caller = table.caller;
  const result = $("calculus-result");
  try {
    const answer = await referee.post("calculus", body);
    const parts = [];
    const winners = element("p", `${answer.winners.length > 1 ? "Winners" : "Winner"}: ${answer.winners.join(", ")}`, "winners");
    winners.id = "winners";
    parts.push(winners);
    if (answer.call) {
      parts.push(element("p", `${answer.call.player}'s call: ${answer.call.valid ? "valid" : "false"} (${answer.call.reason}).`, answer.call.valid ? "good" : "bad"));
    }
    parts.push(element("p", `Castle values: ${answer.castle_values.join(", ")}`));
    const list = element("ul", null, "scores");
    for (const player of answer.players) {
      const item = element("li", null, answer.winners.includes(player.name) ? "winner" : "");
      item.append(element("strong", `${player.name}: ${player.score} points`));
      const split = splitList(player);
      item.append(split);
      list.append(item);
    }
    parts.push(list);
    result.replaceChildren(...parts);
    say(`Scored: ${answer.winners.join(", ")} ${answer.winners.length > 1 ? "win" : "wins"}.`);
  } catch (error) {
    result.replaceChildren(problemList(error));
  }
}

// -- steps -----------------------------------------------------------------------------------------
const STEPS = ["setup", "hand", "move", "calculus"];

let shownStep = null;

function showStep() {
  const wanted = location.hash.slice(1);
  if (!STEPS.includes(wanted) && shownStep) return; // "#main" (the skip link) moves focus, not the step
  const step = STEPS.includes(wanted) ? wanted : "setup";
  if (shownStep && shownStep !== step) say(""); // a message belongs to the step it was said on
  shownStep = step;
  for (const id of STEPS) {
    $(id).hidden = id !== step;
    const link = $(`nav-${id}`);
    if (id === step) link.setAttribute("aria-current", "step");
    else link.removeAttribute("aria-current");
  }
  if (step === "calculus") showFinal();
  if (STEPS.includes(wanted)) $(`${step}-title`).focus({ preventScroll: true });
}

// -- start -----------------------------------------------------------------------------------------
const handPicker = createPicker($("hand-picker"), {
  owner: "You",
  max: MAX_CARDS,
  onChange(cards) {
    table.hand = cards;
    save();
    refreshHands();
  },
});
const finalPicker = createPicker($("final-picker"), {
  owner: "",
  max: MAX_CARDS,
  onChange(cards) {
    table.final[table.players[table.finalPlayer]] = cards;
    save();
    showFinal();
  },
});
const faceUpPicker = createPicker($("face-up-picker"), {
  owner: "Face-up discards of the Castle Phase (optional)",
  max: 24,
  onChange(cards) {
    table.faceUp = cards;
    save();
  },
});
// The move's card, the cards drawn and the cards shown: tapped, never typed.
const cardPicker = createPicker($("card-picker"), { owner: "The card", max: 1, single: true, empty: "None chosen", clearText: "No card" });
const drawnPicker = createPicker($("drawn-picker"), { owner: "Cards drawn, if shown", max: 2, empty: "None shown" });
const revealPicker = createPicker($("reveal-picker"), { owner: "Cards shown", max: MAX_CARDS, empty: "None yet" });

for (const id of STEPS) $(`${id}-title`).tabIndex = -1;
buildSetup();
buildMoveForm();
renderSeats();
handPicker.set(table.hand);
faceUpPicker.set(table.faceUp);
refreshHands();
showGame();
resetForm();
$("final-player").addEventListener("change", () => {
  table.finalPlayer = Number($("final-player").value);
  save();
  showFinal();
});
$("caller").addEventListener("change", () => {
  table.caller = $("caller").value;
  save();
});
$("score").addEventListener("click", score);
$("start-game").addEventListener("click", startGame);
$("move-form").addEventListener("submit", checkMove);
$("make-move").addEventListener("click", makeMove);
$("legal-moves").addEventListener("click", listLegal);
$("undo").addEventListener("click", undo);
$("next-game").addEventListener("click", nextGame);
$("deal-sealed").addEventListener("click", dealSealed);
$("sealed-turn").addEventListener("click", sealedTurn);
$("sealed-next").addEventListener("click", sealedNext);
$("sealed-stop").addEventListener("click", () => {
  table.sealed = null;
  table.sealedLog = [];
  save();
  showSealed();
  say("Sealed game forgotten.");
});
$("reset-game").addEventListener("click", () => {
  table.game = null;
  table.history = [];
  table.previous = null;
  save();
  showGame();
  $("verdict").replaceChildren();
  $("events").replaceChildren();
  say("Game forgotten.");
});
window.addEventListener("hashchange", showStep);
showSealed();
showStep();
keepOffline();
document.documentElement.dataset.ready = "true";
