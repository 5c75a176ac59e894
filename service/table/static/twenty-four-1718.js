// Twenty-Four (1718) at a real table (rules.md §13): real cards dealt by people, the referee seeing only what is
// shown. The table draws for the first dealer (or names one), each deal is entered by tapping its turn-up, the
// declarations are what the players announce (the referee checks them), every card played is tapped as it falls
// (the referee refuses a revoke and says which trick proves it), and the chips run to 24. Everything lives in
// `table`, kept in this phone's storage; the referee keeps nothing.
// Or the referee deals, sealed, and the phone is passed round (sealed-play.js): a seat's key is asked before it sees
// its twelve (or ten) cards, declares or plays, and forgotten after. The phone keeps the public state only.
import { UNREACHABLE, game as gameApi } from "./api.js";
import { keepOffline } from "./app.js";
import { SUIT_NAMES, SUITS, cardElement, short } from "./cards.js";
import { HONORS_WORDS, POINTS_PER_CHIP, cardsText, listing, plural, pointText, sequenceText, twentyFour1718Event } from "./events.js";
import { createPicker } from "./picker.js";
import { sealedPlay } from "./sealed-play.js";
import { load, remember, save as keep, takeBack } from "./store.js";
import { $, cardRow, element, playersField, problemList, say } from "./ui.js";

const referee = gameApi("twenty-four-1718");
const STORAGE = "twenty-four-1718-table-v1";
const MAX_GAMES = 9;
const CHIPS_TO_WIN = 6; // six chips of four points (POINTS_PER_CHIP): 24 (rules.md §3.1)
const HAND_SIZE = { 4: 12, 5: 10 }; // rules.md §2.2
// In each suit the King ranks highest and the Ace lowest (rules.md §1.1); a sequence counts up from the Ace (§5.1).
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const POINT_VALUE = (rank) => Math.min(RANK_ORDER.indexOf(rank) + 1, 10); // A 1, 2-10 their number, J Q K 10 (§6.2)

// A match's settings travel under `rules`, as every game's do, in a request and in the state (CHANGELOG 0.4.0, 0.5.0).
function rulesOf(table) {
  return { honors: table.honors, games: table.games };
}

function fresh() {
  return {
    players: ["ann", "bob", "cy", "dee", "eve"],
    honors: "point",
    games: 1,
    firstDealer: "",
    game: null, // the referee's state
    legal: null, // its answer to /moves/legal for that state
    opening: null, // a named first dealer, before the first deal is entered (from-table then gives the state)
    events: [],
    history: [],
    drafts: {},
    sealed: null, // a sealed deal passed round: its public state, token and move number (never a key nor a hand)
    sealedLog: [],
  };
}

// A state this phone kept before 0.5.0 has honors and games at its top: they go under `rules`, where the referee
// reads them now and this page looks for them. A sealed match's token still names its old form: the referee refuses
// it (sealed_token_mismatch) and the table stops it; its public state is moved too, so the page can say so.
function underRules(state) {
  if (!state || typeof state !== "object" || state.rules) return state;
  const { honors, games, ...rest } = state;
  return { ...rest, rules: { honors, games: games ?? 1 } };
}

const table = load(STORAGE, fresh);
table.game = underRules(table.game);
table.history = table.history.map((entry) => ({ ...entry, state: underRules(entry.state) }));
if (table.sealed) table.sealed = { ...table.sealed, state: underRules(table.sealed.state) };
let busy = false;
const save = () => keep(STORAGE, table);

const rankOf = (code) => code.slice(0, -1);
const suitOf = (code) => code.slice(-1);
const names = () => (table.game ? table.game.players.map((seat) => seat.name) : table.players);
const handSize = () => HAND_SIZE[names().length] || 10;

// -- small readings of the state (no rule is judged here: the referee judges every move) ------------------
// Who takes each finished trick: the leader of the next one (rules.md §7.1), the last one's taker leads now.
function takers(state) {
  return state.tricks.map((_, index) => (index + 1 < state.tricks.length ? state.tricks[index + 1].leader : state.trick.leader));
}

// The cards the referee knows lie elsewhere than in `seat`'s hand: they cannot be tapped for that seat.
function knownElsewhere(state, seat) {
  const cards = [...state.tricks.flatMap((trick) => trick.cards), ...state.trick.cards];
  if (state.stock) cards.push(state.stock.turn_up, ...state.stock.cards);
  state.players.forEach((player, index) => {
    if (index !== seat) cards.push(...player.hand);
  });
  return cards;
}

// Who draws in the next round of the draw for the first dealer: everyone, then those tied highest (rules.md §13.6).
function drawing(state) {
  let seats = state.players.map((_, index) => index);
  for (const round of state.draws) {
    const ranks = round.map((code) => RANK_ORDER.indexOf(rankOf(code)));
    const top = Math.max(...ranks);
    seats = seats.filter((_, index) => ranks[index] === top);
  }
  return seats;
}

// The sums a Point of `count` cards of one suit can make (rules.md §6.2): only those are offered, as the keypad of
// Twenty-Four offers only a claim that can be made.
function pointSums(count) {
  const values = RANK_ORDER.map(POINT_VALUE);
  let reach = [new Set([0])];
  for (const value of values) {
    const next = reach.map((sums) => new Set(sums));
    reach.forEach((sums, taken) => {
      if (taken + 1 > count) return;
      if (!next[taken + 1]) next[taken + 1] = new Set();
      for (const sum of sums) next[taken + 1].add(sum + value);
    });
    reach = next;
  }
  return [...(reach[count] || [])].sort((a, b) => a - b);
}

// The cards tapped for the sequences announced, as runs: by suit, in rank order, split where a rank is missing (§5.1).
function runsOf(cards) {
  const runs = [];
  for (const suit of SUITS) {
    const ranks = cards.filter((code) => suitOf(code) === suit.code).map((code) => RANK_ORDER.indexOf(rankOf(code))).sort((a, b) => a - b);
    let run = [];
    for (const rank of ranks) {
      if (run.length && rank !== run[run.length - 1] + 1) {
        runs.push(run.map((r) => RANK_ORDER[r] + suit.code));
        run = [];
      }
      run.push(rank);
    }
    if (run.length) runs.push(run.map((r) => RANK_ORDER[r] + suit.code));
  }
  return runs;
}

function honorsOf(legal) {
  if (!legal || !legal.honors || !legal.honors.length) return "";
  const kind = legal.honors.some((code) => rankOf(code) === "A") ? "point" : "face";
  return `Honors ${HONORS_WORDS[kind]}: ${cardsText(legal.honors)}.`;
}

// The match's winners: the most games won share first place (rules.md §10.3).
function winnersOf(state) {
  const most = Math.max(...state.players.map((player) => player.games_won));
  return state.players.filter((player) => player.games_won === most).map((player) => player.name);
}

// -- the pickers: every card is tapped, none is typed --------------------------------------------------------
function draftPicker(root, name, options) {
  const picker = createPicker(root, {
    ...options,
    copies: 1, // one pack of 52 (rules.md §1.1)
    onChange: (cards) => {
      table.drafts[name] = cards;
      save();
      if (options.onChange) options.onChange(cards);
    },
  });
  if (Array.isArray(table.drafts[name])) picker.set(table.drafts[name]);
  return picker;
}

const pickers = {
  draw: draftPicker($("draw-picker"), "draw", { owner: "Cards drawn", max: 5 }),
  turnUp: draftPicker($("turn-up-picker"), "turnUp", { owner: "The turn-up", max: 1, single: true, clearText: "Clear the turn-up", empty: "Not tapped yet" }),
  shown: draftPicker($("shown-picker"), "shown", { owner: "The cards shown", max: 12 }),
  sequences: draftPicker($("sequence-picker"), "sequences", { owner: "The sequences announced", max: 12, empty: "No sequence" }),
  play: createPicker($("play-picker"), {
    owner: "The card played",
    max: 1,
    single: true,
    clearText: "Clear",
    empty: "Tap the card as it falls",
    copies: 1,
    onChange: (cards) => cards.length && playCard(cards[0]),
  }),
};

// Every picker emptied for the next move, its last note ("Chose …") with it.
function clearPickers() {
  for (const picker of Object.values(pickers)) {
    picker.set([]);
    picker.root.querySelector(".note").textContent = "";
  }
}

// -- talking to the referee ----------------------------------------------------------------------------------
// A new state: what is due next (/moves/legal), then the page. Only then is the move kept in the history.
async function follow(state, events, before, text) {
  const legal = await referee.post("moves/legal", { state });
  if (before) remember(table, before, text);
  table.game = state;
  table.legal = legal;
  table.opening = null;
  table.events = events || [];
  table.drafts = {};
  clearPickers();
  for (const id of ["point-count", "point-sum", "shown-player"]) $(id).value = ""; // nothing carried to the next player
  $("verdict").replaceChildren();
  save();
  show();
}

function refused(error, what) {
  $("verdict").replaceChildren(problemList(error));
  say(error.unreachable ? UNREACHABLE : `${what}: the referee refused it, see why below.`);
}

// A move: judged first (/moves/validate, its reasons in words), then applied (/moves/apply). The answer says how
// it went: "done", "refused" (by the rules or the referee) or "unreachable" (nothing sent: try again later).
async function submit(move, text) {
  if (busy) return "busy";
  busy = true;
  const before = table.game;
  try {
    const verdict = await referee.post("moves/validate", { state: before, move });
    if (!verdict.legal) {
      showVerdict(verdict, text);
      say(`Not allowed: ${text}.`);
      return "refused";
    }
    const answer = await referee.post("moves/apply", { state: before, move });
    await follow(answer.state, answer.events, before, text);
    say(`${text}.`);
    return "done";
  } catch (error) {
    refused(error, text);
    return error.unreachable ? "unreachable" : "refused";
  } finally {
    busy = false;
  }
}

function showVerdict(verdict, text) {
  const box = element("div", null, "problem");
  box.setAttribute("role", "alert");
  box.append(element("p", `Not allowed: ${text}.`));
  const list = element("ul", null, "reasons");
  for (const reason of verdict.reasons) list.append(element("li", `${reason.message} (rule ${reason.rule}).`));
  box.append(list);
  $("verdict").replaceChildren(box);
}

// -- the table: who plays, the honors, the games, the first dealer --------------------------------------------
function buildSetup() {
  playersField($("players"), table.players, (typed) => {
    table.players = typed;
    if (!typed.includes(table.firstDealer)) table.firstDealer = "";
    save();
    dealerChoices();
  });
  $("honors").value = table.honors;
  $("honors").addEventListener("change", () => {
    table.honors = $("honors").value;
    save();
  });
  for (let n = 1; n <= MAX_GAMES; n += 1) {
    const option = element("option", n === 1 ? "1 game" : `${n} games`);
    option.value = String(n);
    $("games").append(option);
  }
  $("games").value = String(table.games);
  $("games").addEventListener("change", () => {
    table.games = Number($("games").value);
    save();
  });
  dealerChoices();
  $("first-dealer").addEventListener("change", () => {
    table.firstDealer = $("first-dealer").value;
    save();
  });
}

// A select's choices, the first one empty ("" is "none chosen yet"); the choice made stays if it still exists.
function fill(select, first, choices) {
  const chosen = select.value;
  const option = ([text, value]) => Object.assign(element("option", text), { value: String(value) });
  select.replaceChildren(option([first, ""]), ...choices.map(option));
  select.value = chosen;
}

function dealerChoices() {
  fill($("first-dealer"), "Draw for it", table.players.map((name) => [name, name]));
  $("first-dealer").value = table.firstDealer;
}

async function start() {
  table.history = [];
  table.events = [];
  table.drafts = {};
  if (table.firstDealer) {
    // A named dealer: the first deal is entered (its turn-up) and /games/from-table gives the state (rules.md §11.3).
    table.opening = { dealer: table.players.indexOf(table.firstDealer) };
    table.game = null;
    table.legal = null;
    save();
    show();
    $("play-title").focus();
    return;
  }
  try {
    const answer = await referee.post("games/from-table", { players: table.players, rules: rulesOf(table) });
    await follow(answer.state, answer.events, null, "");
    $("play-title").focus();
  } catch (error) {
    $("events").replaceChildren(problemList(error));
    say(error.unreachable ? UNREACHABLE : "The referee refused this table: see why below.");
  }
}

// -- the moves ---------------------------------------------------------------------------------------------------
function enterDraw() {
  const cards = pickers.draw.get();
  const seats = drawing(table.game);
  if (cards.length !== seats.length) {
    say(`Tap ${plural(seats.length, "card")}, one for each player drawing: ${cards.length} so far.`);
    return;
  }
  const drawn = listing(seats.map((seat, index) => `${table.game.players[seat].name} ${short(cards[index])}`));
  submit({ player: table.legal.player, action: "draw", drawn: cards }, `Drawn for the deal: ${drawn}`);
}

// What the deal shows the referee: the turn-up, and the cards of one hand if its player showed them (rules.md §13.5).
function dealShown() {
  const seat = $("shown-player").value === "" ? -1 : Number($("shown-player").value);
  const cards = seat >= 0 ? pickers.shown.get() : [];
  if (seat < 0 || !cards.length) return {};
  const seats = names().map((_, index) => index);
  return {
    hands: seats.map((index) => (index === seat ? cards : [])),
    hidden: seats.map((index) => handSize() - (index === seat ? cards.length : 0)),
  };
}

async function enterDeal() {
  const [turnUp] = pickers.turnUp.get();
  if (!turnUp) {
    say("Tap the turn-up first.");
    return;
  }
  const shown = dealShown();
  if (!table.opening) {
    const dealer = table.legal.player;
    submit({ player: dealer, action: "deal", turn_up: turnUp, ...shown }, `${dealer} deals and turns up ${short(turnUp)}`);
    return;
  }
  if (busy) return;
  busy = true;
  const dealer = table.players[table.opening.dealer];
  try {
    const body = { players: table.players, rules: rulesOf(table), dealer: table.opening.dealer, turn_up: turnUp, ...shown };
    const answer = await referee.post("games/from-table", body);
    await follow(answer.state, answer.events, null, "");
    say(`${dealer} deals and turns up ${short(turnUp)}.`);
  } catch (error) {
    refused(error, "The deal");
  } finally {
    busy = false;
  }
}

function enterDeclaration() {
  const player = table.legal.player;
  const count = $("point-count").value;
  const sum = $("point-sum").value;
  if (count === "" || sum === "") {
    say(`Choose ${player}'s Point: its cards and their worth.`);
    return;
  }
  const sequences = runsOf(pickers.sequences.get());
  const point = { count: Number(count), sum: Number(sum) };
  const runs = sequences.length ? listing(sequences.map(sequenceText)) : "no sequence";
  submit({ player, action: "declare", sequences, point }, `${player} declares ${runs}, the Point ${pointText(point)}`);
}

function declareKnown() {
  const player = table.legal.player;
  submit({ player, action: "declare" }, `${player} declares the hand the referee knows`);
}

// A card tapped is played at once; if the referee could not be reached, "Try again" sends the same card.
let pendingPlay = null;
async function playCard(card) {
  if (busy || !table.legal || table.legal.phase !== "play") return;
  const player = table.legal.player;
  const outcome = await submit({ player, action: "play", card }, `${player} plays ${short(card)}`);
  if (outcome === "busy") return;
  pendingPlay = outcome === "unreachable" ? card : null;
  $("retry-play").hidden = !pendingPlay;
  $("retry-play").textContent = `Try again: ${player} plays ${short(card)}`;
  if (outcome !== "done") clearPickers();
}

async function undo() {
  if (busy) return;
  const last = takeBack(table);
  if (!last) return;
  busy = true;
  try {
    await follow(last.state, null, null, "");
    $("events").replaceChildren(element("h3", `Taken back: ${last.text}.`));
    table.events = [];
    say(`Taken back: ${last.text}.`);
  } catch (error) {
    table.history = [...table.history, last]; // nothing was taken back: the referee did not answer
    save();
    refused(error, "Taking back");
  } finally {
    busy = false;
    show(false);
  }
}

// -- the page --------------------------------------------------------------------------------------------------------
function show(withEvents = true) {
  const game = table.game;
  const playing = Boolean(game || table.opening);
  $("setup").hidden = playing;
  $("play").hidden = !playing;
  const last = table.history[table.history.length - 1];
  $("undo-box").hidden = !last;
  if (last) $("undo").textContent = `Take back: ${last.text}`;
  if (!playing) return;
  if (withEvents) showEvents();
  showStatus();
  showStep();
  showChips();
  showDeclarations();
  showLastTrick();
}

function showEvents() {
  if (!table.events.length) {
    $("events").replaceChildren();
    return;
  }
  const log = element("ul", null, "events");
  log.setAttribute("aria-label", "What happened");
  for (const happened of table.events) log.append(element("li", twentyFour1718Event(happened)));
  $("events").replaceChildren(element("h3", "What happened"), log);
}

function showStatus() {
  const game = table.game;
  const legal = table.legal;
  const parts = [];
  if (!game) {
    parts.push(element("h3", `Game 1, hand 1: ${table.players[table.opening.dealer]} deals`));
  } else if (game.phase === "over") {
    parts.push(element("h3", "The match is over"));
    parts.push(element("p", `${winnersOf(game).length > 1 ? "Winners" : "Winner"}: ${listing(winnersOf(game))}.`, "winners"));
  } else if (game.phase === "draw") {
    parts.push(element("h3", "The draw for the first dealer"));
  } else {
    const of = game.rules.games > 1 ? ` of ${game.rules.games}` : "";
    const dealer = game.players[game.dealer].name;
    parts.push(element("h3", `Game ${game.game}${of}, hand ${game.hand_number}`));
    if (game.phase === "deal") parts.push(element("p", `${dealer} deals this hand with real cards.`));
    else {
      const leader = game.players[(game.dealer + 1) % game.players.length].name;
      parts.push(element("p", `${dealer} deals, ${leader} leads. Turn-up ${short(game.stock.turn_up)}: ${SUIT_NAMES[legal.trump]} are trumps.`));
      parts.push(element("p", honorsOf(legal)));
    }
  }
  $("game-status").replaceChildren(...parts);
}

function showStep() {
  const legal = table.legal;
  const action = table.opening ? "deal" : legal && legal.moves.length ? legal.moves[0].action : null;
  for (const box of ["draw-box", "deal-box", "declare-box", "play-box"]) $(box).hidden = box !== `${action}-box`;
  $("step").hidden = !action;
  $("duty").textContent = "";
  $("trick-now").replaceChildren();
  if (action !== "play") $("retry-play").hidden = true;
  if (!action) return;
  if (action === "draw") showDraw();
  if (action === "deal") showDeal();
  if (action === "declare") showDeclare();
  if (action === "play") showPlay();
}

function showDraw() {
  const seats = drawing(table.game);
  const who = listing(seats.map((seat) => table.game.players[seat].name));
  $("step-title").textContent = table.game.draws.length ? `The draw again: ${who} tied highest` : "The draw for the first dealer";
  $("step-what").textContent = `Tap the card each of ${who} draws, in that order. The highest deals (King high, Ace low).`;
  pickers.draw.setOwner(`Cards drawn (${seats.length} wanted)`);
  pickers.draw.exclude(table.game.draws.flat());
}

function showDeal() {
  const dealer = table.opening ? table.players[table.opening.dealer] : table.legal.player;
  $("step-title").textContent = `${dealer} deals`;
  $("step-what").textContent = `${dealer} deals ${handSize()} cards each with real cards and turns the next one up: tap the turn-up.`;
  fill($("shown-player"), "Nobody's", names().map((name, index) => [name, index]));
  pickers.shown.setOwner(`The cards shown (${handSize()} in a hand)`);
  pickers.shown.exclude(pickers.turnUp.get());
}

function showDeclare() {
  const game = table.game;
  const player = table.legal.player;
  const seat = game.players.findIndex((p) => p.name === player);
  const known = game.players[seat].hidden === 0;
  $("step-title").textContent = `${player} declares`;
  $("step-what").textContent = known
    ? `The referee knows ${player}'s hand: it announces the sequences and the Point itself.`
    : `Choose the Point ${player} announces, then tap every card of the sequences announced (none if none).`;
  for (const id of ["sequence-picker", "enter-declaration"]) $(id).hidden = known;
  $("point-count").closest(".row").hidden = known;
  $("declare-known").hidden = !known;
  $("enter-declaration").textContent = `Enter ${player}'s declaration`;
  pickers.sequences.setOwner(`The sequences ${player} announces`);
  pickers.sequences.exclude(knownElsewhere(game, seat));
  pointChoices();
}

function pointChoices() {
  const fewest = Math.ceil(handSize() / SUITS.length); // four suits share a hand
  const counts = [];
  for (let n = fewest; n <= handSize(); n += 1) counts.push([plural(n, "card"), n]);
  fill($("point-count"), "Choose", counts);
  sumChoices();
}

function sumChoices() {
  const count = $("point-count").value;
  const sums = count === "" ? [] : pointSums(Number(count)).map((sum) => [String(sum), sum]);
  fill($("point-sum"), count === "" ? "Cards first" : "Choose", sums);
  $("point-sum").disabled = count === "";
}

function showPlay() {
  const game = table.game;
  const legal = table.legal;
  const player = legal.player;
  const seat = game.players.findIndex((p) => p.name === player);
  const number = game.tricks.length + 1;
  $("step-title").textContent = `Trick ${number}: ${player} ${game.trick.cards.length ? "plays" : "leads"}`;
  $("step-what").textContent = `Tap the card ${player} plays.`;
  if (game.trick.cards.length) {
    const line = element("p", "On the table: ");
    game.trick.cards.forEach((code, index) => {
      const who = game.players[(game.trick.leader + index) % game.players.length].name;
      line.append(`${index ? ", " : ""}${who} `, cardElement(code));
    });
    $("trick-now").replaceChildren(line);
  }
  const holding = game.players[seat].hand.length + game.players[seat].hidden;
  const allowed = legal.moves.map((move) => move.card);
  if (legal.duty) $("duty").textContent = `${player}: ${legal.duty.text} (rule ${legal.duty.rule}).`;
  else if (!game.trick.cards.length) $("duty").textContent = `${player} leads: any card (rule 7.1).`;
  if (allowed.length <= holding) {
    pickers.play.suggest(allowed, `The cards ${player} may play`);
  } else {
    pickers.play.suggest([], "");
    const more = element("p", `${player}'s hand is not seen: any card not yet seen that the rules allow; the referee checks what is known.`, "hint");
    $("trick-now").append(more);
  }
  pickers.play.setOwner(`The card ${player} plays`);
  pickers.play.exclude(knownElsewhere(game, seat));
}

function showChips() {
  const game = table.game;
  if (!game) {
    $("chips").replaceChildren();
    return;
  }
  const taken = takers(game);
  const list = element("ul", null, "scores");
  game.players.forEach((player, seat) => {
    const tricks = taken.filter((taker) => taker === seat).length;
    const roles = [];
    if (game.phase !== "draw" && seat === game.dealer) roles.push("deals");
    if (game.phase !== "over" && game.phase !== "draw" && seat === game.to_act) roles.push("to act");
    const games = game.rules.games > 1 ? `, ${plural(player.games_won, "game")} won` : "";
    const dots = "●".repeat(player.chips) + "○".repeat(Math.max(0, CHIPS_TO_WIN - player.chips));
    const item = element("li");
    const mark = element("span", dots);
    mark.setAttribute("aria-hidden", "true");
    item.append(
      element("strong", player.name),
      ` ${roles.length ? `(${roles.join(", ")}) ` : ""}`,
      mark,
      ` ${player.chips} of ${CHIPS_TO_WIN} chips, ${player.chips * POINTS_PER_CHIP} points; ${plural(tricks, "trick")} this hand${games}`,
    );
    item.id = `chips-${seat}`;
    list.append(item);
  });
  const parts = [element("h3", "Chips to 24"), list];
  if (game.phase === "over") {
    const winners = winnersOf(game);
    const line = element("p", `${winners.length > 1 ? "Winners" : "Winner"}: ${listing(winners)}.`, "winners");
    line.id = "winners";
    parts.push(line);
  }
  $("chips").replaceChildren(...parts);
}

function showDeclarations() {
  const game = table.game;
  const claims = game ? game.claims || [] : [];
  $("declarations").hidden = !claims.length;
  if (!claims.length) return;
  const leader = (game.dealer + 1) % game.players.length;
  const list = element("ul", null, "scores");
  claims.forEach((claim, index) => {
    const name = game.players[(leader + index) % game.players.length].name;
    const runs = claim.sequences && claim.sequences.length ? listing(claim.sequences.map(sequenceText)) : "no sequence";
    list.append(element("li", `${name}: ${runs}; the Point ${claim.point ? pointText(claim.point) : "as the referee counts it"}.`));
  });
  $("declarations").replaceChildren(element("h3", "Declarations this hand"), list);
}

function showLastTrick() {
  const game = table.game;
  const count = game ? game.tricks.length : 0;
  $("last-trick").hidden = !count;
  if (!count) return;
  const trick = game.tricks[count - 1];
  const taker = game.players[takers(game)[count - 1]].name;
  const line = element("p");
  trick.cards.forEach((code, index) => {
    const who = game.players[(trick.leader + index) % game.players.length].name;
    line.append(`${index ? ", " : ""}${who} `, cardElement(code));
  });
  $("last-trick").replaceChildren(element("h3", `Trick ${count}: ${taker} takes it`), line);
}

// -- start ----------------------------------------------------------------------------------------------------------
// -- a sealed deal, one phone passed round (sealed-play.js) ---------------------------------------------
// The seat to act is asked its key; its hand and its listed moves (the declaration the referee reads from the
// hand, then each card it may play) are one tap each. Declarations are announced and cards played face up: the
// table hears every event.
function sealedStatus(state) {
  const parts = [];
  if (state.phase === "over") {
    parts.push(element("h3", "The match is over"));
    parts.push(element("p", `${winnersOf(state).length > 1 ? "Winners" : "Winner"}: ${listing(winnersOf(state))}.`, "winners"));
  } else {
    const of = state.rules.games > 1 ? ` of ${state.rules.games}` : "";
    const acting = state.players[state.to_act].name;
    parts.push(element("h3", `Game ${state.game}${of}, hand ${state.hand_number}: ${acting} ${state.phase === "declare" ? "declares" : "plays"}`));
    parts.push(element("p", `${state.players[state.dealer].name} deals. Turn-up ${short(state.stock.turn_up)}: ${SUIT_NAMES[suitOf(state.stock.turn_up)]} are trumps.`));
    const trick = element("p", state.trick.cards.length ? "This trick: " : "No card played in this trick yet.");
    if (state.trick.cards.length) trick.append(cardRow(state.trick.cards, "This trick, in the order played"));
    parts.push(trick);
  }
  const chips = element("ul", null, "scores");
  for (const player of state.players) chips.append(element("li", `${player.name}: ${plural(player.chips, "chip")}, ${plural(player.games_won, "game")} won`));
  parts.push(chips);
  return parts;
}

function sealedWords(move) {
  if (move.action === "play") return `${move.player} plays ${short(move.card)}`;
  if (move.action === "declare") {
    const runs = move.sequences.length ? listing(move.sequences.map(sequenceText)) : "no sequence";
    return `${move.player} declares ${runs}; the Point: ${pointText(move.point)}`;
  }
  return `${move.player}: ${String(move.action).replaceAll("_", " ")}`;
}

const sealed = sealedPlay({
  referee,
  table,
  save,
  seats: (state) => {
    if (state.phase === "over") return [];
    const acting = state.players[state.to_act].name;
    return [{ seat: acting, text: `${acting} to act: pass the phone to ${acting}`, primary: true }];
  },
  status: sealedStatus,
  hand: (view, seat) => {
    const line = element("p", `${seat}'s cards: `);
    line.append(cardRow(view.hand, `${seat}'s cards`));
    return [line];
  },
  describe: sealedWords,
  said: twentyFour1718Event,
  heard: (event) => event,
  onShow: (on) => {
    if (!on) return show();
    $("setup").hidden = true;
    $("play").hidden = true;
  },
});

buildSetup();
show();
sealed.show();
$("start").addEventListener("click", start);
$("deal-sealed").addEventListener("click", () => sealed.deal({ players: table.players, rules: rulesOf(table) }));
$("enter-draw").addEventListener("click", enterDraw);
$("enter-deal").addEventListener("click", enterDeal);
$("enter-declaration").addEventListener("click", enterDeclaration);
$("declare-known").addEventListener("click", declareKnown);
$("point-count").addEventListener("change", sumChoices);
$("retry-play").addEventListener("click", () => pendingPlay && playCard(pendingPlay));
$("undo").addEventListener("click", undo);
$("new-game").addEventListener("click", () => {
  Object.assign(table, { game: null, legal: null, opening: null, history: [], events: [], drafts: {} });
  clearPickers();
  save();
  show();
  $("events").replaceChildren();
  $("verdict").replaceChildren();
  say("Game forgotten.");
});
keepOffline();
document.documentElement.dataset.ready = "true";
