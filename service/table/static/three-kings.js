// Three Kings at a real table (the game's guide, "A game at a real table"; rules.md §10): the phone is told the four
// cards turned face up and my four cards; the other hands and the pile are counted, never seen, and a card becomes
// known when a move names it. Every move is one the referee lists (/moves/legal), made by a tap; a card drawn,
// discarded or turned is tapped in a card grid. Everything lives in `table`, kept in this phone's storage.
// Or the referee deals, sealed, and the phone is passed round (sealed-play.js): each seat's key is asked before it
// acts or shows three Kings, and forgotten after; the phone keeps the public state only.
import { UNREACHABLE, game as gameApi } from "./api.js";
import { pageReady } from "./app.js";
import { rankOf, rankOrCardElement, rankOrShort, ranksOrShortText } from "./cards.js";
import { listing, threeKingsEndWords, threeKingsEvent } from "./events.js";
import { createPicker } from "./picker.js";
import { sealedPlay } from "./sealed-play.js";
import { applyMove, load, save as keep } from "./store.js";
import { $, element, keepNumber, onNewGame, playersField, problemList, say, showGame, showLog, undoLast } from "./ui.js";

const referee = gameApi("three-kings");
const STORAGE = "three-kings-table-v1";
const TABLE_SIZE = 4;
const HAND_SIZE = 4;
const METHODS = {
  three_kings_wins: "Method 1: whoever holds three Kings wins; no points",
  bonus: "Method 2: the cards of the sets, 15 more for three Kings; highest wins",
  penalty: "Method 3: the cards of the sets, 15 less for three Kings; lowest wins",
};

function fresh() {
  return {
    players: ["ann", "bob"],
    me: 0,
    dealer: 1,
    scoring: "bonus",
    playItOut: false,
    tableCards: [],
    hand: [],
    game: null,
    legal: null,
    sets: null,
    score: null,
    history: [],
    pending: null, // the move chosen that still needs cards tapped: {listed, move, text, needs: {drawn, turned, card}}
    picked: { one: [], turned: [] }, // the cards tapped for it so far (kept, so nothing entered is lost)
    sealed: null, // a sealed deal passed round: its public state, token and move number (never a key nor a hand)
    sealedLog: [],
  };
}

const table = load(STORAGE, fresh);
if (!table.picked || typeof table.picked !== "object") table.picked = { one: [], turned: [] };
const save = () => keep(STORAGE, table);

// A row of cards, those in `marked` highlighted (a <mark>: the page's own highlight, said by screen readers too).
function cardRow(codes, label, marked = new Set()) {
  const row = element("span", null, "cards");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", label);
  for (const code of codes) {
    if (marked.has(code)) {
      const mark = element("mark");
      mark.append(rankOrCardElement(code));
      row.append(mark);
    } else row.append(rankOrCardElement(code));
  }
  return row;
}

// -- the table ---------------------------------------------------------------------------------------
const seatOptions = (select, chosen, extra = []) => {
  select.replaceChildren(
    ...[...extra, ...table.players.map((name, seat) => [seat, name])].map(([value, text]) => {
      const option = element("option", text);
      option.value = String(value);
      option.selected = Number(value) === Number(chosen);
      return option;
    }),
  );
};

function renderSeats() {
  table.me = Math.min(table.me, table.players.length - 1);
  table.dealer = Math.min(table.dealer, table.players.length - 1);
  seatOptions($("me"), table.me, [[-1, "Nobody: this phone only follows the game"]]);
  seatOptions($("dealer"), table.dealer);
  $("hand-picker").hidden = table.me < 0;
  handPicker.setOwner(table.me < 0 ? "My four cards" : `${table.players[table.me]}'s four cards (you)`);
}

function buildSetup() {
  playersField($("players"), table.players, (names) => {
    table.players = names;
    renderSeats();
    save();
  });
  keepNumber($("me"), table, "me", save, renderSeats);
  keepNumber($("dealer"), table, "dealer", save);
  for (const method of Object.keys(METHODS)) {
    const input = $(`scoring-${method}`);
    input.checked = table.scoring === method;
    input.addEventListener("change", () => {
      table.scoring = method;
      save();
    });
  }
  $("play-it-out").checked = table.playItOut;
  $("play-it-out").addEventListener("change", () => {
    table.playItOut = $("play-it-out").checked;
    save();
  });
}

async function start() {
  if (table.players.length < 2) return say("A table needs at least two players.");
  if (table.tableCards.length !== TABLE_SIZE) return say(`Tap the ${TABLE_SIZE} cards turned face up: ${table.tableCards.length} so far.`);
  if (table.me >= 0 && table.hand.length !== HAND_SIZE) return say(`Tap your ${HAND_SIZE} cards: ${table.hand.length} so far.`);
  const body = {
    players: table.players,
    dealer: table.dealer,
    table: table.tableCards,
    rules: { scoring: table.scoring, play_it_out: table.playItOut },
  };
  if (table.me >= 0) body.hands = table.players.map((_, seat) => (seat === table.me ? table.hand : []));
  try {
    const answer = await referee.post("games/from-table", body);
    table.history = [];
    await follow(answer.state, answer.events);
    $("setup-result").replaceChildren();
    say(`The game is on: ${answer.state.players[answer.state.to_act].name} plays first.`);
    $("play-title").focus();
  } catch (error) {
    $("setup-result").replaceChildren(problemList(error));
    say(error.unreachable ? UNREACHABLE : "The referee refused this table: see why below.");
  }
}

// -- following the game ------------------------------------------------------------------------------
const isMe = (seat) => seat === table.me;
const myCards = (state) => (table.me >= 0 && state.players[table.me] ? state.players[table.me].hand.cards : []);

// A new state: what may be done (/moves/legal), the sets my hand makes (/sets), the score by the method (/score).
async function follow(state, events) {
  const piles = Object.fromEntries(state.players.map((seat) => [seat.name, seat.pile]));
  const mine = myCards(state);
  const [legal, sets, score] = await Promise.all([
    referee.post("moves/legal", { state }),
    mine.length && state.table.length ? referee.post("sets", { hand: mine, table: state.table, players: state.players.length }) : null,
    referee.post("score", { method: state.rules.scoring, piles, three_kings: state.three_kings }),
  ]);
  table.game = state;
  table.legal = legal;
  table.sets = sets;
  table.score = score;
  clearPending();
  save();
  if (events) showEvents(events);
  show();
}

async function play(move, text) {
  const before = table.game;
  try {
    await applyMove(referee, table, move, text, follow);
    say(`${text}.`);
  } catch (error) {
    // Nothing is lost: the state stays as it was (a move applied but not followed is not kept), and the cards tapped stay tapped.
    $("verdict").replaceChildren(problemList(error));
    say(error.unreachable ? UNREACHABLE : "The referee refused this move: see why below.");
    if (error.status === 422 && String(error.problem.type || "").endsWith("illegal-move")) await explain(before, move, text);
  }
}

// A refused move: the referee's verdict (/moves/validate) gives each reason with its rule, and the legal moves nearest it.
async function explain(state, move, text) {
  try {
    const verdict = await referee.post("moves/validate", { state, move });
    if (verdict.legal || table.game !== state) return;
    const parts = [element("p", `Not legal: ${text}.`, "verdict bad")];
    const reasons = element("ul", null, "reasons");
    for (const reason of verdict.reasons) reasons.append(element("li", `${reason.message} (rule ${reason.rule})`));
    parts.push(reasons);
    const instead = collapse(verdict.alternatives);
    if (instead.length) {
      const list = element("ul", null, "alternatives");
      list.append(...instead.map((listed) => moveButton(listed, false)));
      parts.push(element("p", "Legal instead:"), list);
    }
    const box = element("div", null, "problem");
    box.setAttribute("role", "alert");
    box.append(...parts);
    $("verdict").replaceChildren(box);
  } catch (error) {
    // The refusal itself is already shown.
  }
}

// -- what happened, in sentences ---------------------------------------------------------------------
function showEvents(events) {
  showLog(events.map(threeKingsEvent));
}

// -- moves: each one the referee lists, in words, with the cards it still needs --------------------------
// A listed move names ranks ("6" with "5" "J"); the page names the very cards where it knows them.
function tableCardsFor(ranks) {
  const left = [...table.game.table];
  return ranks.map((rank) => {
    const index = left.findIndex((code) => rankOf(code) === rank);
    return index < 0 ? rank : left.splice(index, 1)[0];
  });
}

function handCardFor(seat, rank) {
  const found = table.game.players[seat].hand.cards.find((code) => rankOf(code) === rank);
  return found || rank;
}

const pileLeft = () => table.game.draw_pile.hidden;

// How many cards turn face up when this move empties the table: the referee's listed move says they must be named
// (`fill.turned`); four, or fewer if the pile holds fewer once a set's extra card is drawn (§6). The count is worked out
// here, not read from the fill's words. Four Kings turned leave the table empty again: the referee then asks for more.
function turnedWanted(listed) {
  if (!listed.fill || !listed.fill.turned) return 0;
  return Math.min(TABLE_SIZE, pileLeft() - (listed.action === "set" ? 1 : 0));
}

// A listed move made concrete: the move to send, its words, and the cards still to tap.
function plan(listed) {
  const game = table.game;
  const seat = game.players.findIndex((p) => p.name === listed.player);
  const me = isMe(seat);
  const who = listed.player;
  const move = { player: who, action: listed.action };
  const needs = { drawn: 0, turned: turnedWanted(listed), card: false };
  let text = "";
  if (listed.action === "draw") {
    needs.drawn = me && pileLeft() ? 1 : 0;
    text = `${who} draws`;
  } else if (listed.action === "set") {
    move.hand_card = handCardFor(seat, listed.hand_card);
    move.table_cards = tableCardsFor(listed.table_cards);
    needs.drawn = me && pileLeft() ? 1 : 0;
    text = `${who} takes ${rankOrShort(move.hand_card)} with ${ranksOrShortText(move.table_cards)} (${listed.sum})`;
  } else if (listed.action === "take_king") {
    const king = game.table.find((code) => rankOf(code) === "K") || "K";
    text = `${who} takes ${rankOrShort(king)} from the table`;
  } else if (listed.action === "discard") {
    if (me) {
      move.card = handCardFor(seat, listed.card);
      text = `${who} discards ${rankOrShort(move.card)}`;
    } else {
      needs.card = true;
      text = `${who} discards`;
    }
  } else if (listed.action === "pass") {
    text = game.phase === "kings" ? `${who} ends the turn` : `${who} passes: a hand of Kings`;
  } else if (listed.action === "show_kings") {
    text = `${who} shows three Kings`;
  }
  return { move, text, needs };
}

// What the buttons say (the move in words a player uses).
function label(listed, planned) {
  if (listed.action === "draw") return planned.needs.drawn ? `${listed.player} draws: tap the card` : `${listed.player} draws a card`;
  if (listed.action === "discard" && planned.needs.card) return `${listed.player} discards a card: tap it`;
  if (listed.action === "show_kings") return `${listed.player} shows three Kings: the game ends`;
  return planned.text;
}

function choose(listed) {
  const planned = plan(listed);
  const { needs } = planned;
  if (!needs.drawn && !needs.turned && !needs.card) {
    play(planned.move, planned.text);
    return;
  }
  table.pending = { listed, ...planned };
  table.picked = { one: [], turned: [] };
  save();
  showEntry();
  $("entry-what").focus();
}

function clearPending() {
  table.pending = null;
  table.picked = { one: [], turned: [] };
}

function showEntry() {
  const pending = table.pending;
  $("entry").hidden = !pending;
  $("moves").hidden = Boolean(pending);
  if (!pending) return;
  const { needs, text } = pending;
  const asks = [];
  if (needs.drawn) asks.push(pending.move.action === "set" ? "the card you draw after the set" : "the card you drew");
  if (needs.card) asks.push("the card discarded");
  if (needs.turned) asks.push(`the ${needs.turned} cards turned face up on the emptied table`);
  $("entry-what").textContent = `${text}: tap ${listing(asks)}.`;
  $("one-picker").hidden = !(needs.drawn || needs.card);
  onePicker.setOwner(needs.card ? "The card discarded" : "The card drawn");
  onePicker.set(table.picked.one);
  $("turned-picker").hidden = !needs.turned;
  turnedPicker.setOwner(`Turned face up (${needs.turned} wanted)`);
  turnedPicker.set(table.picked.turned);
  updateEnter();
}

function updateEnter() {
  const pending = table.pending;
  if (!pending) return;
  const one = table.picked.one;
  const turned = table.picked.turned;
  const ready = (!(pending.needs.drawn || pending.needs.card) || one.length === 1) && turned.length === pending.needs.turned;
  $("enter").disabled = !ready;
  $("enter").textContent = ready ? `Enter: ${words(pending)}` : "Enter (tap the cards first)";
}

// The pending move with the cards tapped, and its words.
function finished(pending) {
  const move = { ...pending.move };
  const one = table.picked.one;
  if (pending.needs.drawn) move.drawn = [...one];
  if (pending.needs.card) move.card = one[0];
  if (pending.needs.turned) move.turned = [...table.picked.turned];
  return move;
}

function words(pending) {
  const move = finished(pending);
  let text = pending.text;
  if (pending.needs.card && move.card) text += ` ${rankOrShort(move.card)}`;
  if (move.drawn) text += pending.move.action === "set" ? `, draws ${ranksOrShortText(move.drawn)}` : ` ${ranksOrShortText(move.drawn)}`;
  if (move.turned) text += `; ${ranksOrShortText(move.turned)} turned face up`;
  return text;
}

function enter() {
  const pending = table.pending;
  if (!pending) return;
  play(finished(pending), words(pending));
}

// -- the page ----------------------------------------------------------------------------------------
// A discard by a player whose hand is unseen is listed once per rank it could be: one button, and the card is tapped.
function collapse(moves) {
  const seen = new Set();
  return moves.filter((listed) => {
    if (listed.action !== "discard" || !plan(listed).needs.card) return true;
    if (seen.has(listed.player)) return false;
    seen.add(listed.player);
    return true;
  });
}

function moveButton(listed, primary) {
  const planned = plan(listed);
  const item = element("li");
  const button = element("button", label(listed, planned), `alternative${primary ? " primary" : ""}`);
  button.type = "button";
  button.dataset.action = listed.action;
  button.dataset.player = listed.player;
  if (listed.action === "set") button.dataset.set = [listed.hand_card, ...listed.table_cards].join(" ");
  button.addEventListener("click", () => choose(listed));
  item.append(button);
  return item;
}

function show() {
  showGame(table.game, table.history, [showStatus, showTable, showTurn, showShows, showScore]);
}

function showStatus() {
  $("game-status").replaceChildren(...statusParts(table.game, table.me));
}

// The table as everyone sees it: whose turn, the pile, each seat's count of cards and sets ("you" for `me`).
function statusParts(game, me) {
  const acting = game.players[game.to_act];
  const parts = [];
  if (game.phase === "over") {
    parts.push(element("h3", "The game is over"));
    parts.push(element("p", `How it ended: ${threeKingsEndWords(game.outcome)}.`));
    const winners = game.outcome.winners;
    const line = element("p", winners.length ? `${winners.length > 1 ? "Winners" : "Winner"}: ${listing(winners)}.` : "Nobody wins.", "winners");
    line.id = "winners";
    parts.push(line);
  } else {
    const doing = { draw: "draws a card", play: "makes a set, or discards", kings: "may take the King on the table, or end the turn" }[game.phase];
    parts.push(element("h3", `${acting.name}'s turn: ${acting.name} ${doing}`));
  }
  parts.push(element("p", `Draw pile: ${game.draw_pile.hidden + game.draw_pile.cards.length} cards.`));
  const seats = element("ul", null, "seats");
  for (const [seat, player] of game.players.entries()) {
    const held = player.hand.cards.length + player.hand.hidden;
    const kings = player.hand.cards.filter((code) => rankOf(code) === "K").length;
    const shown = seat !== me && kings ? `, ${kings} King${kings > 1 ? "s" : ""} known` : "";
    seats.append(element("li", `${player.name}${seat === me ? " (you)" : ""}: ${held} cards in hand${shown}, ${player.pile.length / 3} set${player.pile.length === 3 ? "" : "s"}`));
  }
  parts.push(seats);
  return parts;
}

function showTable() {
  const game = table.game;
  const sets = table.sets && game.phase !== "over" ? table.sets.sets : [];
  // The table cards my sets would take, and the cards of my hand that make a set: highlighted.
  const tableMarked = new Set();
  const handRanks = new Set(sets.map((found) => found.hand_card));
  for (const found of sets) for (const rank of found.table_cards) for (const code of game.table) if (rankOf(code) === rank) tableMarked.add(code);
  $("table-cards").replaceChildren(
    game.table.length ? cardRow(game.table, "The table", tableMarked) : element("span", "No card on the table."),
  );
  $("mine").hidden = table.me < 0;
  if (table.me < 0) return;
  const mine = myCards(game);
  $("hand-title").textContent = `My hand (${game.players[table.me].name})`;
  const handMarked = new Set(mine.filter((code) => handRanks.has(rankOf(code))));
  $("my-hand").replaceChildren(mine.length ? cardRow(mine, "My hand", handMarked) : element("span", "No cards."));
  const box = [];
  if (game.phase === "over") {
    $("my-sets").replaceChildren();
    return;
  }
  if (!sets.length) {
    box.push(element("p", game.table.length ? "No set with the table now." : "No set: the table is empty."));
  } else {
    box.push(element("p", `Sets I can make (highlighted): ${sets.length}.`, "good"));
    const list = element("ul", null, "split");
    list.id = "my-set-list";
    for (const found of sets) {
      const item = element("li");
      const hand = mine.find((code) => rankOf(code) === found.hand_card) || found.hand_card;
      item.append(cardRow([hand], "From my hand"), element("span", " with "), cardRow(tableCardsFor(found.table_cards), "From the table"), element("span", `: ${found.sum}`));
      list.append(item);
    }
    box.push(list);
  }
  if (table.sets && table.sets.can_take_king) box.push(element("p", "I may take the King on the table (I hold one).", "good"));
  $("my-sets").replaceChildren(...box);
}

function showTurn() {
  const game = table.game;
  const legal = table.legal;
  $("turn").hidden = game.phase === "over";
  if (game.phase === "over") return;
  const acting = game.players[game.to_act];
  const moves = collapse(legal.moves.filter((listed) => listed.action !== "show_kings"));
  $("turn-title").textContent = isMe(game.to_act) ? `Your turn, ${acting.name}` : `${acting.name}'s turn`;
  $("moves").replaceChildren(...moves.map((listed) => moveButton(listed, isMe(game.to_act) && listed.action === "set")));
  if (!moves.length) $("moves").append(element("li", `${acting.name} has nothing to do but show three Kings.`));
  $("verdict").replaceChildren();
  // My draw needs only the card drawn: the card grid opens at once (no tap to say "I draw").
  if (!table.pending && isMe(game.to_act) && moves.length === 1 && moves[0].action === "draw" && pileLeft()) {
    table.pending = { listed: moves[0], ...plan(moves[0]) };
    save();
  }
  showEntry();
}

function showShows() {
  const game = table.game;
  const legal = table.legal;
  $("shows").hidden = game.phase === "over";
  if (game.phase === "over") return;
  const shows = [...legal.moves.filter((listed) => listed.action === "show_kings"), ...(legal.open || [])];
  $("show-list").replaceChildren(...shows.map((listed) => moveButton(listed, false)));
  if (!shows.length) $("show-list").append(element("li", "Nobody can hold three Kings now."));
}

function showScore() {
  const game = table.game;
  const score = game.phase === "over" ? game.outcome : table.score;
  const parts = [element("h3", game.phase === "over" ? "The score" : "The score so far"), element("p", `${METHODS[game.rules.scoring]}.`)];
  const list = element("ul", null, "scores");
  list.id = "score-list";
  for (const player of game.players) {
    const item = element("li");
    const points = score && score.scores ? `: ${score.scores[player.name]} points` : "";
    const holder = game.three_kings === player.name ? " (three Kings)" : "";
    item.append(element("strong", `${player.name}${points}${holder}`));
    if (player.pile.length) item.append(element("span", " — sets "), cardRow(player.pile, `${player.name}'s sets`));
    else item.append(element("span", " — no set yet"));
    list.append(item);
  }
  parts.push(list);
  $("score").replaceChildren(...parts);
}

// -- a sealed deal, one phone passed round (sealed-play.js) -------------------------------------------
// The referee names every card of a seat's listed move, so each move is one tap; the table hears a draw counted
// (the drawer alone sees its card) and three Kings only when shown or at the end.
function sealedWords(move) {
  const who = move.player;
  if (move.action === "draw") return `${who} draws a card`;
  if (move.action === "set") return `${who} takes ${rankOrShort(move.hand_card)} with ${ranksOrShortText(move.table_cards)} (${move.sum})`;
  if (move.action === "take_king") return `${who} takes the King from the table`;
  if (move.action === "discard") return `${who} discards ${rankOrShort(move.card)}`;
  if (move.action === "pass") return `${who} passes`;
  if (move.action === "show_kings") return `${who} shows three Kings: the game ends`;
  return `${who}: ${String(move.action).replaceAll("_", " ")}`;
}

const sealed = sealedPlay({
  referee,
  table,
  save,
  seats: (state) =>
    state.phase === "over"
      ? []
      : state.players.map((player, seat) =>
          seat === state.to_act
            ? { seat: player.name, text: `${player.name} to act: pass the phone to ${player.name}`, primary: true }
            : { seat: player.name, text: `${player.name}: show three Kings (out of turn)`, primary: false },
        ),
  status: (state) => {
    const cards = element("p", "The table: ");
    cards.append(state.table.length ? cardRow(state.table, "The table") : element("span", "no card."));
    return [...statusParts(state, -1), cards];
  },
  hand: (view, seat) => {
    const line = element("p", `${seat}'s cards: `);
    line.append(cardRow(view.players.find((player) => player.name === seat).hand.cards, `${seat}'s cards`));
    return [line];
  },
  describe: sealedWords,
  said: (event) => threeKingsEvent(event),
  heard: (event) => {
    if (event.type === "three_kings") return null; // news to the others only when shown (or at the end)
    if (event.type === "drew") return { ...event, cards: [] };
    return event;
  },
  onShow: (on) => {
    if (!on) return show();
    $("setup").hidden = true;
    $("play").hidden = true;
  },
});

// -- start -------------------------------------------------------------------------------------------
// A card grid whose taps are kept at once: `keepIn(cards)` stores them where the table keeps them.
function picker(id, options, keepIn) {
  return createPicker($(id), {
    ...options,
    onChange(cards) {
      keepIn(cards);
      save();
      updateEnter();
    },
  });
}

const tablePicker = picker("table-picker", { owner: "The four cards turned face up", max: TABLE_SIZE }, (cards) => (table.tableCards = cards));
const handPicker = picker("hand-picker", { owner: "My four cards", max: HAND_SIZE }, (cards) => (table.hand = cards));
// The cards of a move: one (drawn, or discarded by a player whose hand is unseen), and those turned onto an emptied table.
const onePicker = picker(
  "one-picker",
  { owner: "The card drawn", max: 1, single: true, empty: "None chosen", clearText: "No card" },
  (cards) => (table.picked.one = cards),
);
const turnedPicker = picker("turned-picker", { owner: "Turned face up", max: TABLE_SIZE }, (cards) => (table.picked.turned = cards));

tablePicker.set(table.tableCards);
handPicker.set(table.hand);
buildSetup();
renderSeats();
show();
sealed.offer(() => ({ players: table.players, dealer: table.dealer, rules: { scoring: table.scoring, play_it_out: table.playItOut } }));
$("start").addEventListener("click", start);
$("enter").addEventListener("click", enter);
$("cancel").addEventListener("click", () => {
  clearPending();
  save();
  showEntry();
  $("verdict").replaceChildren();
  say("Choose another move.");
});
$("undo").addEventListener("click", () => undoLast(table, (state) => follow(state, null), save));
onNewGame(
  () => {
    Object.assign(table, { game: null, history: [], legal: null, tableCards: [], hand: [] }); // a new deal: its table and hand are tapped afresh
    tablePicker.set([]);
    handPicker.set([]);
    clearPending();
  },
  { keep: save, show, text: "Game forgotten: tap the new deal's table and your cards." },
);
pageReady();
