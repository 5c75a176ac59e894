// 1923 at a real table (rules.md §7): the players deal, take and turn the cards themselves; the phone follows the
// match through the referee's real-table mode. Takes and locks may be told as they happen (each a tap); the reveal
// is tapped card by card, right to left, player by player; so are a tie's draw-offs and the set's last game of war.
// The referee judges the game and says how (every tie-break step), scores the set (Ace benefit and damage) and
// keeps the match to N. Everything lives in `table`, kept in this phone's storage; the referee keeps nothing.
// Or the referee deals, sealed, and the phone is passed round (sealed-play.js): a seat's key is asked before it looks
// at its cards (the last card it took stays hidden from it too, rules.md §3.2), takes or locks; the reveal is the
// table's move (anyone's key). The phone keeps the public state only.
import { UNREACHABLE, game as gameApi } from "./api.js";
import { pageReady } from "./app.js";
import { cardElement, short, spoken } from "./cards.js";
import { DECIDED, MATCH_RULES, cardsText, listing, nineteenTwentyThreeEvent, plural, pointsTotal, setLine } from "./events.js";
import { createPicker } from "./picker.js";
import { sealedPlay } from "./sealed-play.js";
import { load, remember, save as keep, takeBack } from "./store.js";
import { $, cardRow, element, keepNumber, onNewGame, playersField, problemList, say, showGame, showLog } from "./ui.js";

const referee = gameApi("1923");
const STORAGE = "1923-table-v1";
const MAX_TARGET = 100;
const DEFAULT_TARGET = 21;
const RANGE = [19, 23];
// Blackjack values (rules.md §2): Ace 1 (or 11, its holder's choice), 2–10 their number, J Q K 10.
const TEN = { J: 10, Q: 10, K: 10 };
const low = (code) => (code.startsWith("A") ? 1 : TEN[code.slice(0, -1)] || Number(code.slice(0, -1)));

function fresh() {
  return { players: ["ann", "bob"], decks: 1, target: DEFAULT_TARGET, game: null, legal: null, history: [], draft: null, judgment: null, sets: [], log: [], sealed: null, sealedLog: [] };
}

const table = load(STORAGE, fresh);
const save = () => keep(STORAGE, table);
const defaultDecks = (players) => Math.max(1, Math.ceil(players / 3));

// -- the table -------------------------------------------------------------------------------------
function fillSelect(select, values, chosen) {
  select.replaceChildren(
    ...values.map((value) => {
      const option = element("option", String(value));
      option.value = String(value);
      option.selected = value === chosen;
      return option;
    }),
  );
}

function showDecks() {
  const most = defaultDecks(table.players.length);
  if (table.decks > most) table.decks = most;
  fillSelect($("decks"), Array.from({ length: most }, (_, at) => at + 1), table.decks);
}

function buildSetup() {
  playersField($("players"), table.players, (names) => {
    const wasDefault = table.decks === defaultDecks(table.players.length);
    table.players = names;
    if (wasDefault) table.decks = defaultDecks(names.length);
    showDecks();
    save();
  });
  showDecks();
  keepNumber($("decks"), table, "decks", save);
  fillSelect($("target"), Array.from({ length: MAX_TARGET }, (_, at) => at + 1), table.target);
  keepNumber($("target"), table, "target", save);
}

async function start() {
  try {
    const answer = await referee.post("games/from-table", { players: table.players, decks: table.decks, target: table.target });
    table.history = [];
    table.sets = [];
    table.judgment = null;
    table.draft = null;
    await follow(answer.state, answer.events); // the table starts with what /games would tell: dealt (or war_game)
    $("play-title").focus();
  } catch (error) {
    $("events").replaceChildren(problemList(error));
    say(error.unreachable ? UNREACHABLE : "The referee refused this table: see why below.");
  }
}

// -- following the match ---------------------------------------------------------------------------
// A new state: what the table does next (/moves/legal), then the page. Nothing is kept until both answers are in,
// so a referee lost between them leaves the page as it was, with what was entered.
async function follow(state, events, before) {
  const legal = await referee.post("moves/legal", { state });
  if (before) before();
  table.game = state;
  table.legal = legal;
  if (events) table.log = events.map(nineteenTwentyThreeEvent);
  save();
  show();
}

async function play(move, text, hands) {
  const before = table.game;
  try {
    const answer = await referee.post("moves/apply", { state: before, move });
    await follow(answer.state, answer.events, () => {
      remember(table, before, text);
      const judged = answer.events.find((event) => event.type === "judged");
      if (judged) table.judgment = { ...judged, set: before.set, game: before.game, hands: hands || handsOf(before) };
      const scored = answer.events.find((event) => event.type === "set_scored");
      if (scored) table.sets = [...table.sets.filter((done) => done.set !== scored.set), scored];
      table.draft = null;
    });
    say(`${text[0].toUpperCase()}${text.slice(1)}.`);
  } catch (error) {
    $("events").replaceChildren(problemList(error));
    say(error.unreachable ? UNREACHABLE : "The referee refused this: see why below. What you entered is kept.");
  }
}

async function undo() {
  const last = table.history[table.history.length - 1];
  if (!last) return;
  try {
    await follow(last.state, null, () => {
      takeBack(table);
      table.draft = null;
      // What the move had brought is gone with it: a judgment or a set's score from that state on.
      const judged = table.judgment;
      if (judged && (judged.set > last.state.set || (judged.set === last.state.set && judged.game >= last.state.game))) table.judgment = null;
      table.sets = table.sets.filter((done) => done.set < last.state.set);
      table.log = [`Taken back: ${last.text}.`];
    });
    say(`Taken back: ${last.text}.`);
  } catch (error) {
    say(error.unreachable ? UNREACHABLE : "The referee refused the earlier state.");
  }
}

const handsOf = (state) => Object.fromEntries(state.players.map((seat) => [seat.name, seat.hand.cards]));

// -- the step the table is at: its cards, entered player by player -------------------------------------
// reveal: each hand in full, in the order taken (right to left); draw: one card each tied player drew; war: one
// card each player turned in the set's last game. The draft is kept, so a reload or a lost referee loses nothing.
function step() {
  const legal = table.legal;
  const game = table.game;
  if (!legal || !legal.table_step || game.phase === "over") return null;
  const at = legal.table_step;
  const key = `${game.set}/${game.game}/${at.action}/${at.round || 0}`;
  return { ...at, key, one: at.action !== "reveal" };
}

function draft() {
  const now = step();
  if (!now) return null;
  if (!table.draft || table.draft.key !== now.key) table.draft = { key: now.key, at: 0, cards: {} };
  return table.draft;
}

function seenCards(except) {
  // The cards of this set already seen (each copy the decks hold once): the cards won, the dead, the hands shown,
  // the draw-offs, and what is entered for the other players; the player being entered keeps their own.
  const game = table.game;
  const revealing = step() && step().action === "reveal";
  const entered = (table.draft && table.draft.cards) || {};
  const seen = [...game.dead.cards, ...Object.values(game.draws || {}).flat()];
  for (const seat of game.players) {
    seen.push(...seat.won);
    if (!(revealing && seat.name === except)) seen.push(...seat.hand.cards);
    if (seat.name !== except) seen.push(...(entered[seat.name] || []));
  }
  const counts = {};
  for (const code of seen) counts[code] = (counts[code] || 0) + 1;
  return Object.keys(counts).filter((code) => counts[code] >= game.rules.decks);
}

const STEP_WORDS = {
  reveal: { title: "The reveal", whose: (name) => `${name}'s hand`, tap: (name) => `Tap ${name}'s cards right to left: the first card taken first.` },
  draw: { title: "The draw-off", whose: (name) => `${name}'s draw`, tap: (name) => `Tap the card ${name} drew.` },
  war: { title: "The last game of war", whose: (name) => `${name}'s card`, tap: (name) => `Tap the card ${name} turned.` },
};

function showEntry() {
  const now = step();
  $("entry").hidden = !now;
  if (!now) return;
  const kept = draft();
  const names = now.players;
  kept.at = Math.min(kept.at, names.length - 1);
  const name = names[kept.at];
  const words = STEP_WORDS[now.action];
  const round = now.action === "draw" ? `, round ${now.round}` : "";
  $("entry-title").textContent = `${words.title}${round} (rule ${now.rule})`;
  $("entry-what").textContent = words.tap(name);
  $("entry-slots").replaceChildren(
    ...names.map((each, index) => {
      const cards = kept.cards[each] || [];
      const text = `${each}: ${cards.length ? cardsText(cards) : "no card yet"}`;
      const button = element("button", text);
      button.type = "button";
      button.dataset.player = each;
      button.setAttribute("aria-pressed", String(index === kept.at));
      if (cards.length) button.setAttribute("aria-label", `${text} (${cards.map(spoken).join(", ")})`);
      if (index === kept.at) button.classList.add("primary");
      button.addEventListener("click", () => {
        kept.at = index;
        save();
        showEntry();
      });
      return button;
    }),
  );
  makePicker();
  picker.setOwner(words.whose(name));
  picker.set(kept.cards[name] || []);
  picker.exclude(seenCards(name));
  const last = kept.at === names.length - 1;
  const enter = $("enter");
  if (!last) enter.textContent = `Next: ${words.whose(names[kept.at + 1])}`;
  else enter.textContent = { reveal: "Reveal: judge the game", draw: "Enter the draws", war: "Enter the war's cards" }[now.action];
}

function tapped(cards) {
  const now = step();
  const kept = draft();
  if (!now || !kept) return;
  const name = now.players[kept.at];
  kept.cards[name] = now.one ? cards.slice(-1) : cards;
  if (now.one && cards.length > 1) picker.set(kept.cards[name]);
  // One card each: the next player's turn comes with the tap.
  if (now.one && cards.length && kept.at < now.players.length - 1) kept.at += 1;
  save();
  showEntry();
}

function enter() {
  const now = step();
  const kept = draft();
  if (!now) return;
  if (kept.at < now.players.length - 1) {
    kept.at += 1;
    save();
    showEntry();
    return;
  }
  const empty = now.players.filter((name) => !(kept.cards[name] || []).length);
  if (empty.length) {
    say(`No card entered yet for ${listing(empty)}.`);
    return;
  }
  const cards = Object.fromEntries(now.players.map((name) => [name, kept.cards[name]]));
  if (now.action === "reveal") play({ action: "reveal", hands: cards }, "the reveal", cards);
  else if (now.action === "draw") play({ action: "draw", draws: cards }, `the draw-off: ${drawn(cards)}`);
  else {
    const war = Object.fromEntries(Object.entries(cards).map(([name, [card]]) => [name, card]));
    play({ action: "war", last_war: war }, `the last war: ${drawn(cards)}`);
  }
}

const drawn = (cards) => listing(Object.entries(cards).map(([name, codes]) => `${name} ${cardsText(codes)}`));

// -- the page ------------------------------------------------------------------------------------------
function show() {
  showGame(table.game, table.history, [showStatus, showSeats, showEntry, () => showLog(table.log), showJudgment, showStandings]);
}

function showStatus() {
  $("game-status").replaceChildren(...statusParts(table.game));
}

function statusParts(game) {
  const parts = [];
  if (game.phase === "over") {
    const winners = game.outcome ? game.outcome.winners : [];
    parts.push(element("h3", `The match is over: ${listing(winners)} ${winners.length > 1 ? "win" : "wins"}`));
  }
  else {
    parts.push(element("h3", `Set ${game.set}, game ${game.game}`));
    const pile = game.pile.hidden + game.pile.cards.length;
    parts.push(element("p", `${plural(pile, "card")} left in the pile. The match goes to ${game.rules.target} points.`));
    const next = {
      play: "Take cards and lock at your own pace; when every hand is shown, enter the reveal.",
      reveal: "Everyone has locked: turn the cards over, right to left, and enter the reveal.",
      draw: "A tie: the tied players each draw a card.",
      war: "Fewer than two cards each are left: the set's last game is war, one card each.",
    }[game.phase];
    if (next) parts.push(element("p", next));
  }
  return parts;
}

function showSeats() {
  const game = table.game;
  $("seats-box").hidden = !["play", "reveal", "draw"].includes(game.phase);
  const moves = table.legal.moves || [];
  const can = (action, name) => moves.some((move) => move.action === action && move.player === name);
  $("seats").replaceChildren(
    ...game.players.map((seat, index) => {
      const item = element("li");
      const size = seat.hand.cards.length + seat.hand.hidden;
      item.append(element("strong", seat.name), ` ${plural(size, "card")}${seat.locked ? ", locked" : ""}: `);
      // As they lie: the first card taken on the right, each new one to its left.
      const row = element("span", null, "cards");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", `${seat.name}'s cards, right to left in the order taken`);
      const faces = [...seat.hand.cards.map((code) => cardElement(code)), ...Array.from({ length: seat.hand.hidden }, () => unseen())];
      row.append(...faces.reverse());
      item.append(row);
      const buttons = element("div", null, "buttons");
      for (const [action, words] of [
        ["take", `${seat.name} takes a card`],
        ["lock", `${seat.name} locks`],
      ]) {
        if (!can(action, seat.name)) continue;
        const button = element("button", words);
        button.type = "button";
        button.id = `${action}-${index}`;
        button.addEventListener("click", () => play({ action, player: seat.name }, words));
        buttons.append(button);
      }
      if (buttons.childElementCount) item.append(buttons);
      return item;
    }),
  );
}

function unseen() {
  const card = element("span", "?", "card black");
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", "a card the referee has not seen");
  return card;
}


// -- the judgment: each hand's value, then every step the rules took to find the winner (rules.md §4) ----
const number = (value) => {
  if (typeof value === "number") return String(value);
  const [top, bottom] = String(value).split("/").map(Number);
  return `${top}/${bottom} (${(top / bottom).toFixed(2)})`;
};
const named = (compared) => Object.entries(compared || {});

function aceWords(cards, value) {
  const aces = cards.filter((code) => code.startsWith("A")).length;
  if (!aces) return "";
  const high = Math.round((value - cards.reduce((sum, code) => sum + low(code), 0)) / 10);
  if (aces === 1) return high ? " (the Ace counted 11)" : " (the Ace counted 1)";
  return ` (${high ? `${plural(high, "Ace")} counted 11, ` : ""}${plural(aces - high, "Ace")} counted 1)`;
}

function end(value) {
  if (value < RANGE[0]) return `${RANGE[0] - value} below ${RANGE[0]}`;
  return `${value - RANGE[1]} above ${RANGE[1]}`;
}

function stepLine(step, values) {
  const tied = step.tied || [];
  const after = tied.length > 1 ? `still tied: ${listing(tied)}.` : tied.length ? `${tied[0]} is ahead.` : "";
  const turned = (words) =>
    named(step.compared)
      .map(([name, value]) => `${name} ${short(step.cards[name])} (${value})`)
      .join(", ") || words;
  switch (step.step) {
    case "range":
      return `In the range 19–23 (rule 4.1): ${listing(named(step.compared).map(([name, value]) => `${name} ${value}`))}; the nearest to 23 is best: ${after}`;
    case "nearest":
      return `Nobody is in 19–23 (rule 4.2), so the distance to the nearer end: ${listing(
        named(step.compared).map(([name, distance]) => `${name} ${values[name]} is ${end(values[name])}`),
      )}; the nearest is best (the same distance ties): ${after}`;
    case "average":
      return `The average card value breaks the tie (rule 4.3): ${listing(named(step.compared).map(([name, value]) => `${name} ${number(value)}`))}; the higher is best: ${after}`;
    case "draw":
      return `Draw-off, round ${step.round} (rule 4.4, an Ace 11, 10 J Q K 10): ${turned("")}; the highest is best: ${after}`;
    case "war": {
      const out = step.out_of_cards && step.out_of_cards.length ? ` ${listing(step.out_of_cards)} had no card left.` : "";
      if (!named(step.compared).length) return `War, turn ${step.turn} (rule 4.5): everyone still in ran out of cards together.${out}`;
      return `War with the hands, turn ${step.turn} (rule 4.5, the cards in the order taken): ${turned("")}.${out} ${after}`;
    }
    default:
      return `${String(step.step).replaceAll("_", " ")}: ${after}`;
  }
}

function showJudgment() {
  const judged = table.judgment;
  $("judgment").hidden = !judged;
  if (!judged) return;
  const parts = [element("h3", `The judgment: set ${judged.set}, game ${judged.game}`)];
  const hands = element("ul", null, "split");
  hands.setAttribute("aria-label", "The hands, in the order taken");
  for (const [name, cards] of Object.entries(judged.hands)) {
    const value = judged.values[name];
    const item = element("li");
    item.append(element("strong", name), " ");
    const row = element("span", null, "cards");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `${name}'s cards in the order taken`);
    row.append(...cards.map((code) => cardElement(code)));
    item.append(row, ` = ${value}${aceWords(cards, value)}`);
    hands.append(item);
  }
  parts.push(hands);
  const steps = element("ol", null, "reasons");
  steps.setAttribute("aria-label", "How the game was judged");
  for (const each of judged.steps) steps.append(element("li", stepLine(each, judged.values)));
  parts.push(steps);
  const verdict = judged.winner
    ? `${judged.winner} wins the game by ${DECIDED[judged.decided_by]} and takes its ${plural(judged.cards_won, "card")}.`
    : `No winner: the game's ${plural(judged.dead_cards, "card")} are dead.`;
  const line = element("p", verdict, "verdict good");
  line.id = "verdict";
  parts.push(line);
  $("judgment").replaceChildren(...parts);
}

// -- the set and the match to N (rules.md §5, §6) --------------------------------------------------------
function showStandings() {
  const game = table.game;
  const parts = [element("h3", `The match to ${game.rules.target} points`)];
  const list = element("ul", null, "scores");
  for (const seat of game.players) {
    const aces = seat.won.filter((code) => code.startsWith("A")).length;
    const set = game.phase === "over" ? "" : `; this set ${plural(seat.won.length, "card")} won${aces ? `, ${plural(aces, "Ace")}` : ""}`;
    list.append(element("li", `${seat.name}: ${pointsTotal(seat.points)} points (${plural(seat.match_cards, "card")} won in the sets finished)${set}`));
  }
  parts.push(list);
  if (table.sets.length) {
    parts.push(element("h3", "The sets"));
    const sets = element("ul", null, "scores");
    for (const scored of table.sets) sets.append(element("li", setLine(scored)));
    parts.push(sets);
  }
  if (game.phase === "over" && game.outcome) {
    const winners = game.outcome.winners;
    const line = element("p", `${winners.length > 1 ? "Winners" : "Winner"} of the match: ${listing(winners)} (${MATCH_RULES[game.outcome.decided_by] || game.outcome.decided_by}).`, "winners");
    line.id = "winners";
    parts.push(line);
  }
  $("standings").replaceChildren(...parts);
}

// -- a sealed deal, one phone passed round (sealed-play.js) ---------------------------------------------
// Each seat takes and locks at its own pace: a button per seat still playing; the reveal (and a tie's draw-offs, and
// war) is the table's move, made with anyone's key. The seat's view is the referee's: its last card hidden from it.
const SEALED_MOVES = { take: "takes a card", lock: "locks", reveal: "The cards are revealed, right to left", draw: "The tied players draw", war: "War: one card each" };

function sealedSeats(state) {
  if (state.phase === "over") return [];
  const seats = state.players.filter((seat) => state.phase === "play" && !seat.locked);
  const buttons = seats.map((seat) => ({ seat: seat.name, text: `${seat.name}: pass the phone to ${seat.name}`, primary: false }));
  const what = { reveal: "the reveal", draw: "the draw-off", war: "war" }[state.phase] || state.phase;
  if (state.phase !== "play") buttons.push({ seat: null, text: `The table's move: ${what} (anyone's key)`, primary: true });
  return buttons;
}

function sealedStatus(state) {
  const seats = element("ul", null, "seats");
  for (const seat of state.players) {
    const size = seat.hand.cards.length + seat.hand.hidden;
    seats.append(element("li", `${seat.name}: ${plural(size, "card")}${seat.locked ? ", locked" : ""}, ${plural(seat.won.length, "card")} won, ${pointsTotal(seat.points)} points`));
  }
  return [...statusParts(state), seats];
}

function sealedHand(view, name) {
  const seat = view.state.players.find((player) => player.name === name);
  const line = element("p", `${name}'s cards, right to left in the order taken: `);
  line.append(cardRow(seat.hand.cards, `${name}'s cards`));
  const parts = [line];
  if (seat.hand.hidden) parts.push(element("p", `And ${plural(seat.hand.hidden, "card")} ${name} has not seen: the last card taken stays face down until the reveal.`, "hint"));
  return parts;
}

const sealed = sealedPlay({
  referee,
  table,
  save,
  seats: sealedSeats,
  status: sealedStatus,
  hand: sealedHand,
  describe: (move) => (move.player ? `${move.player} ${SEALED_MOVES[move.action] || move.action}` : SEALED_MOVES[move.action] || move.action),
  said: nineteenTwentyThreeEvent,
  heard: (event) => event, // a take names no card to anyone; the rest is public
  onShow: (on) => {
    if (!on) return show();
    $("setup").hidden = true;
    $("play").hidden = true;
  },
});

// -- start --------------------------------------------------------------------------------------------
// The pack: ceil(players / 3) decks or fewer (rules.md §1.2), so a card may be tapped as often as the decks hold it.
let picker = null;
let pickerDecks = null;

function makePicker() {
  const decks = table.game ? table.game.rules.decks : table.decks;
  if (decks === pickerDecks) return;
  pickerDecks = decks;
  $("entry-picker").replaceChildren();
  picker = createPicker($("entry-picker"), { owner: "Cards", max: 52 * decks, copies: decks, onChange: tapped });
}

buildSetup();
show();
sealed.offer(() => ({ players: table.players, decks: table.decks, target: table.target }));
$("start").addEventListener("click", start);
$("enter").addEventListener("click", enter);
$("undo").addEventListener("click", undo);
onNewGame(() => Object.assign(table, { game: null, history: [], judgment: null, sets: [], draft: null, log: [] }), {
  keep: save,
  show,
  text: "Match forgotten.",
});
pageReady();
