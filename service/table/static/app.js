// The phone page: the table's set-up, my cards and what they hold, moves checked before they are made, The Calculus.
// Everything the page knows lives in `table` and is kept in this phone's storage; the referee keeps nothing.
import * as api from "./api.js";
import { RANKS, SUITS, cardElement, readList, short, spoken } from "./cards.js";
import { createPicker } from "./picker.js";

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
const CASTLE_NAMES = ["North", "West", "East", "South"];
const ACTION_WORDS = {
  face_down_discard: "discard face down",
  face_up_discard: "discard face up",
  dump_king: "dump",
  play_king: "play",
  dethrone: "dethrone with",
  call_hand: "call HAND!",
  reveal_hand: "reveal the hand",
};
const PHASE_WORDS = {
  "kingdom-action": "choosing an action",
  "kingdom-discard": "discarding one of eight cards",
  reveal: "unseen hands are revealed in turn, then scored",
  over: "the game is over",
};
// Actions that name no single card: they lay a whole hand on the table (rules.md §11, §27).
const HAND_ACTIONS = new Set(["call_hand", "reveal_hand"]);

const $ = (id) => document.getElementById(id);

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
    faceUp: "",
    hand: [],
    final: {},
    finalPlayer: 0,
    caller: "",
    game: null,
  };
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE) || "null");
    if (saved && Array.isArray(saved.players) && Array.isArray(saved.castles)) return { ...fresh(), ...saved };
  } catch (error) {
    // A broken save is forgotten: the page starts from the defaults.
  }
  return fresh();
}

const table = load();

function save() {
  try {
    localStorage.setItem(STORAGE, JSON.stringify(table));
  } catch (error) {
    // Private browsing may refuse storage: the page still works, it just forgets on reload.
  }
}

function say(text) {
  $("status").textContent = text;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function cardRow(codes, label) {
  const row = element("span", null, "cards");
  if (label) {
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", label);
  }
  for (const code of codes) row.append(cardElement(code));
  return row;
}

function problemList(error) {
  const box = element("div", null, "problem");
  box.setAttribute("role", "alert");
  box.append(element("p", error.problem && error.problem.title ? error.problem.title : "The referee refused this"));
  const list = element("ul");
  for (const line of error.lines ? error.lines() : [String(error)]) list.append(element("li", line));
  box.append(list);
  return box;
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
  options($("move-player"), seats, $("move-player").value || 0);
  handPicker.setOwner(`${table.players[table.me]} (you)`);
  showFinal();
}

function buildSetup() {
  $("players").value = table.players.join(", ");
  $("players").addEventListener("change", () => {
    const names = $("players").value.split(",").map((name) => name.trim()).filter(Boolean);
    if (names.length < 2) {
      say("A table needs at least two players.");
      return;
    }
    table.players = names;
    table.finalPlayer = Math.min(table.finalPlayer, names.length - 1);
    renderSeats();
    save();
    say(`${names.length} players: ${names.join(", ")}.`);
  });
  $("me").addEventListener("change", () => {
    table.me = Number($("me").value);
    renderSeats();
    save();
  });
  $("dealer").addEventListener("change", () => {
    table.dealer = Number($("dealer").value);
    save();
  });
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
  $("face-up").value = table.faceUp;
  $("face-up").addEventListener("change", () => {
    table.faceUp = $("face-up").value;
    save();
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
    const answer = await api.hands({ rules: rulesBody(), castles: castlesBody(), cards });
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
function cardChoices(preferred) {
  const known = [...new Set([...preferred, ...RANKS.flatMap((rank) => SUITS.map((suit) => rank + suit.code))])];
  return [["", "Not named (an unseen card)"], ...known.map((code) => [code, `${short(code)} ${spoken(code)}`])];
}

function describe(move) {
  const words = ACTION_WORDS[move.action] || move.action;
  if (move.action === "call_hand") return `${move.player}: call HAND!`;
  if (move.action === "reveal_hand") return `${move.player}: reveal the hand`;
  const card = move.card ? spoken(move.card) : "an unseen card";
  if (move.action === "play_king") return `${move.player}: play ${card} on castle ${move.castle}`;
  if (move.action === "dethrone") return `${move.player}: dethrone castle ${move.castle} with ${card}`;
  return `${move.player}: ${words} ${card}`;
}

function myKnownCards() {
  if (!table.game) return table.hand;
  const me = table.game.players[table.me];
  return me ? me.hand.cards : [];
}

function showGame() {
  const game = table.game;
  $("game-panel").hidden = !game;
  $("start-game").hidden = Boolean(game);
  if (!game) return;
  const status = $("game-status");
  const acting = game.players[game.to_act];
  const parts = [];
  const heading = { over: "The game is over", reveal: `The game is over: ${acting.name} reveals next` }[game.phase];
  parts.push(element("h3", heading || `${acting.name} to act`));
  parts.push(element("p", `Phase: ${PHASE_WORDS[game.phase] || game.phase}.`));
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
  if (game.outcome) {
    const winners = game.outcome.winners.length ? game.outcome.winners.join(", ") : "nobody yet";
    parts.push(element("p", `Winners: ${winners}. Enter everyone's cards in The Calculus to score them all.`, "good"));
  }
  status.replaceChildren(...parts);
  const player = $("move-player");
  options(player, game.players.map((p, index) => [index, p.name]), game.to_act);
  if (game.phase === "reveal") $("move-action").value = "reveal_hand";
  const card = $("move-card");
  const chosen = card.value;
  options(card, cardChoices(myKnownCards()), chosen || myKnownCards()[0] || "");
  syncMoveFields();
}

function syncMoveFields() {
  const action = $("move-action").value;
  $("move-castle").disabled = !(action === "play_king" || action === "dethrone");
  $("move-card").disabled = HAND_ACTIONS.has(action);
  $("move-reveal").disabled = !HAND_ACTIONS.has(action);
  $("move-drawn").disabled = HAND_ACTIONS.has(action);
}

function moveFromForm() {
  const player = table.game.players[Number($("move-player").value)].name;
  const action = $("move-action").value;
  const move = { player, action };
  if (!HAND_ACTIONS.has(action) && $("move-card").value) move.card = $("move-card").value;
  if (action === "play_king" || action === "dethrone") move.castle = Number($("move-castle").value);
  const fields = HAND_ACTIONS.has(action) ? [["reveal", "move-reveal"]] : [["drawn", "move-drawn"]];
  for (const [key, id] of fields) {
    const { cards, unknown } = readList($(id).value);
    if (unknown.length) throw new Error(`Not cards: ${unknown.join(", ")}`);
    if (cards.length) move[key] = cards;
  }
  return move;
}

function fillForm(move) {
  const seat = table.game.players.findIndex((p) => p.name === move.player);
  if (seat >= 0) $("move-player").value = String(seat);
  $("move-action").value = move.action;
  if (move.card) $("move-card").value = move.card;
  if (move.castle) $("move-castle").value = String(move.castle);
  syncMoveFields();
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
  if (verdict.call_valid !== undefined) parts.push(element("p", verdict.call_valid ? "The call would be valid." : "The call would be false."));
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
  let move;
  try {
    move = moveFromForm();
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
    return;
  }
  try {
    showVerdict(move, await api.validate(table.game, move));
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
  }
}

async function makeMove() {
  let move;
  try {
    move = moveFromForm();
    const answer = await api.apply(table.game, move);
    table.game = answer.state;
    const mine = table.game.players[table.me];
    if (mine && mine.hand.hidden === 0) table.hand = [...mine.hand.cards];
    handPicker.set(table.hand);
    if (table.game.outcome) {
      table.caller = table.game.outcome.caller || "";
      renderSeats();
    }
    save();
    const log = element("ul", null, "events");
    log.setAttribute("aria-label", "What happened");
    for (const happened of answer.events) log.append(element("li", eventText(happened)));
    $("events").replaceChildren(element("h3", `Done: ${describe(move)}`), log);
    $("verdict").replaceChildren();
    $("move-drawn").value = "";
    $("move-reveal").value = "";
    showGame();
    refreshHands();
    say(`Move made: ${describe(move)}.`);
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
  }
}

function eventText(happened) {
  const who = happened.player ? `${happened.player} ` : "";
  if (happened.type === "drew") {
    const named = (happened.cards || []).map(short).join(" ");
    return `${who}drew ${named || ""}${happened.unseen ? ` ${happened.unseen} unseen` : ""}`.trim();
  }
  if (happened.type === "castle_changed") return `castle ${happened.castle} ${happened.change}`;
  const rest = Object.entries(happened)
    .filter(([key]) => !["type", "player", "rule"].includes(key))
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(" ") : typeof value === "object" ? "" : value}`)
    .join(", ");
  return `${who}${happened.type.replaceAll("_", " ")}${rest ? `: ${rest}` : ""}`;
}

async function listLegal() {
  try {
    const report = await api.legal(table.game);
    const box = $("verdict");
    box.replaceChildren(element("p", report.player ? `${report.player} may:` : "Nobody may move."), moveList(report.moves));
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
  }
}

async function startGame() {
  const { cards: faceUp, unknown } = readList(table.faceUp);
  if (unknown.length) {
    say(`The face-up discards hold words that are not cards: ${unknown.join(", ")}.`);
    return;
  }
  if (table.hand.length > 7) {
    say("A dealt hand holds seven cards: take the extra ones out in My cards, then start.");
    return;
  }
  const hands = table.players.map((_, seat) => (seat === table.me ? table.hand : []));
  try {
    table.game = await api.fromTable({
      players: table.players,
      dealer: table.dealer,
      rules: rulesBody(),
      castles: castlesBody(),
      face_up: faceUp,
      hands,
    });
    save();
    showGame();
    say(`Refereeing: ${table.game.players[table.game.to_act].name} acts first.`);
  } catch (error) {
    $("verdict").replaceChildren(problemList(error));
    $("game-panel").hidden = false;
    say("The referee refused this table: see why below.");
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
    const answer = await api.calculus(body);
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
  if (shownStep) say(""); // a message belongs to the step it was said on
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

for (const id of STEPS) $(`${id}-title`).tabIndex = -1;
buildSetup();
renderSeats();
handPicker.set(table.hand);
refreshHands();
showGame();
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
$("move-action").addEventListener("change", syncMoveFields);
$("reset-game").addEventListener("click", () => {
  table.game = null;
  save();
  showGame();
  $("verdict").replaceChildren();
  $("events").replaceChildren();
  say("Game forgotten.");
});
window.addEventListener("hashchange", showStep);
showStep();
document.documentElement.dataset.ready = "true";
