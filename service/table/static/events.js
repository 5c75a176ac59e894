// What happened, in sentences a player uses: one function per game from the API's events to lines of text.
import { SUIT_NAMES, rankOrShort, ranksOrShortText, short } from "./cards.js";

// "a, b and c"
export function listing(words) {
  const items = words.filter((word) => word !== undefined && word !== null && word !== "");
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export const cardsText = (codes) => codes.map(short).join(" ");
export const plural = (count, word, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

// A humane fallback for an event a page does not know yet: its type in words, never a dump of its fields.
function unknown(event) {
  const who = event.player ? `${event.player}: ` : "";
  return `${who}${String(event.type).replaceAll("_", " ")}.`;
}

// -- 24 Kings (service/games/kings/rules.md) ---------------------------------------------------------
export const CASTLE_NAMES = ["North", "West", "East", "South"];
export const castleName = (number) => `castle ${number} (${CASTLE_NAMES[number - 1] || number})`;

const END_REASONS = {
  valid_call: (event) => `${event.caller} called HAND! and the call is valid`,
  draw_pile_exhausted: () => "the draw pile ran dry",
  last_player_left: () => "only one player is left in",
};

const KINGS = {
  discarded: (e) => (e.card ? `${e.player} discarded ${short(e.card)} face ${e.face}.` : `${e.player} discarded a card face ${e.face}, not shown.`),
  drew: (e) => {
    const from = e.from === "face_up" ? " from the face-up pile" : "";
    const shown = e.cards && e.cards.length ? cardsText(e.cards) : "";
    const hidden = e.unseen ? `${plural(e.unseen, "card")} not shown` : "";
    return `${e.player} drew ${listing([shown, hidden]) || "nothing"}${from}.`;
  },
  turn: (e) => `${e.player}'s turn.`,
  game_dealt: (e) => `Game ${e.game} of the match: ${e.dealer} deals.`,
  king_dumped: (e) => `${e.player} dumped ${short(e.card)} on the face-up pile.`,
  castle_changed: (e) => {
    const castle = castleName(e.castle);
    if (e.change === "crowned") return `${e.player} crowned ${castle} with ${short(e.king)}.`;
    if (e.change === "double_king") return `${e.player} made ${castle} a Double King with ${short(e.king)}.`;
    return `${e.player} dethroned ${castle} with ${short(e.king)}; ${cardsText(e.discarded || [])} go face up.`;
  },
  reshuffled: (e) => `The discards were shuffled into a new draw pile (${plural(e.cards, "card")}).`,
  face_up_removed: (e) => `The face-up pile left the game (${plural(e.cards.length, "card")}).`,
  hand_called: (e) =>
    e.valid ? `${e.player} called HAND!: a valid call, ${e.split.score} points.` : `${e.player} called HAND!: a false call.`,
  player_out: (e) => `${e.player} is out of the game with ${e.score} points.`,
  hand_revealed: (e) => `${e.player} showed ${cardsText(e.cards)}: ${e.split.score} points.`,
  reveal_turn: (e) => `${e.player} shows their cards next (${plural(e.unseen, "card")} the referee has not seen).`,
  winners: (e) => `${e.winners.length > 1 ? "Winners" : "Winner"}: ${listing(e.winners)}.`,
  game_over: (e) => {
    const reason = (END_REASONS[e.reason] || (() => e.reason))(e);
    const lines = [`The game is over: ${reason}.`];
    for (const score of e.scores || []) lines.push(`${score.player} scores ${score.score} points.`);
    if (e.unscored && e.unscored.length) lines.push(`Still to show their cards: ${listing(e.unscored)}.`);
    else if (e.winners && e.winners.length) lines.push(`${e.winners.length > 1 ? "Winners" : "Winner"}: ${listing(e.winners)}.`);
    return lines.join(" ");
  },
};

export function kingsEvent(event) {
  const sentence = KINGS[event.type];
  return sentence ? sentence(event) : unknown(event);
}

// -- Twenty-Four (service/games/twenty_four/rules.md) -------------------------------------------------
const tally = (byName) => listing(Object.entries(byName).map(([name, points]) => `${name} ${points}`));
const winnersText = (names) => `${names.length > 1 ? "Winners" : "Winner"}: ${listing(names)}.`;

const TWENTY_FOUR = {
  // A table's one draw ({name: card}), or a dealt game's draws round by round, ties drawing again ([{name: card}, ...]).
  drew_for_deal: (e) => {
    const rounds = Array.isArray(e.draws) ? e.draws : [e.draws || {}];
    const draws = rounds.map((round) => listing(Object.entries(round).map(([name, card]) => `${name} ${short(card)}`))).join("; then ");
    return `Drawn for the deal: ${draws}. ${e.dealer ? `${e.dealer} deals.` : "A tie: those tied draw again."}`;
  },
  dealt: (e) => `Hand ${e.hand}: ${e.dealer} deals; the target is ${e.target}.`,
  target_set: (e) => `The eight cards set the target: ${e.target}.`,
  turned_up: (e) => `Round ${e.round}: ${cardsText(e.cards)} turned up.`,
  claimed: (e) => {
    if (e.correct) return `${e.player} claimed ${e.expression}: right, it makes ${e.target}.`;
    const why = (e.reasons || []).map((reason) => `${reason.message} (rule ${reason.rule})`).join("; ");
    const makes = e.value !== null && e.value !== undefined ? ` It makes ${e.value}.` : "";
    return `${e.player} claimed ${e.expression}: wrong${why ? `: ${why}` : ""}.${makes}`;
  },
  barred: (e) => `${e.player} may not claim again this round.`,
  won: (e) => `${e.player} wins ${cardsText(e.cards)}.`,
  set_aside: (e) => {
    const check = e.solvable === undefined ? "" : e.solvable ? ` There was a way: ${e.solution}.` : " There was no way to make it.";
    return `${cardsText(e.cards)} set aside: ${e.why}.${check}`;
  },
  hand_over: (e) => `Hand ${e.hand} is over. Cards won: ${tally(e.points)}. ${winnersText(e.winners)}`,
  game_over: (e) => `The game is over. Totals: ${tally(e.totals)}. ${winnersText(e.winners)}`,
};

export function twentyFourEvent(event) {
  const sentence = TWENTY_FOUR[event.type];
  return sentence ? sentence(event) : unknown(event);
}

// -- Three Kings (service/games/three_kings/rules.md): a card the referee names by rank alone reads as that rank --
const THREE_KINGS_TURN = { draw: "draw a card", play: "the pile is empty, so no card to draw" };

// How a Three Kings game ended, in words (the page's status says it too).
export function threeKingsEndWords(outcome) {
  if (outcome.reason === "three_kings") return `${outcome.three_kings} holds three Kings`;
  const who = outcome.three_kings ? `; ${outcome.three_kings} held three Kings` : "";
  return `the pile is empty and everyone passed${who}`;
}

function resultWords(outcome) {
  const parts = [];
  if (outcome.scores) parts.push(`Points: ${tally(outcome.scores)}.`);
  const winners = outcome.winners || [];
  parts.push(winners.length ? winnersText(winners) : "Nobody wins.");
  return parts.join(" ");
}

const THREE_KINGS = {
  drew: (e) => {
    const what = e.cards.length ? ranksOrShortText(e.cards) : "a card";
    return `${e.player} drew ${what}${e.why === "set" ? " after the set" : ""}.`;
  },
  set: (e) => `${e.player} took ${ranksOrShortText(e.cards.slice(0, 1))} with ${ranksOrShortText(e.cards.slice(1))}: ${e.sum}.`,
  may_take_king: (e) => `${e.player} may still take the King on the table, or end the turn.`,
  took_king: (e) => `${e.player} took ${rankOrShort(e.card)} from the table, matched by a King in hand.`,
  discarded: (e) => `${e.player} discarded ${rankOrShort(e.card)} face up on the table.`,
  passed: (e) => `${e.player} passed.`,
  table_refilled: (e) => {
    const many = e.kings && e.kings.length > 1;
    const kings = e.kings && e.kings.length ? ` The King${many ? "s" : ""} ${ranksOrShortText(e.kings)} go${many ? "" : "es"} to ${e.kings_to}.` : "";
    return `The table was empty: ${ranksOrShortText(e.cards)} turned face up.${kings}`;
  },
  three_kings: (e) => `${e.player} holds three Kings.`,
  showed_kings: (e) => `${e.player} showed three Kings.`,
  turn: (e) => `${e.player}'s turn: ${THREE_KINGS_TURN[e.phase] || "play"}.`,
  dealt: (e) => `Four cards each; ${ranksOrShortText(e.table)} turned face up.`,
  game_over: (e) => `The game is over: ${threeKingsEndWords(e)}. ${resultWords(e)}`,
};

export function threeKingsEvent(event) {
  const sentence = THREE_KINGS[event.type];
  return sentence ? sentence(event) : unknown(event);
}

// -- Twenty-Four (1718) (service/games/twenty_four_1718/rules.md) ------------------------------------------
export const POINTS_PER_CHIP = 4; // six chips of four points: 24 (rules.md §3.1)
export const HONORS_WORDS = { point: "at the point", face: "at the face cards" };
const SEQUENCE_NAMES = { 5: "quint", 6: "sixième", 7: "septième", 8: "huitième", 9: "neuvième", 10: "dixième", 11: "onzième", 12: "douzième" };
const STEP_WORDS = { turn_up: "the turn-up", sequence: "the sequence", point: "the Point", honors: "the honors", card: "the card" };

export function sequenceText(run) {
  const name = SEQUENCE_NAMES[run.length] || `run of ${run.length}`;
  return `a ${name} to the ${short(run[run.length - 1])} (${cardsText(run)})`;
}

export const pointText = (point) => (point.sum === undefined ? `${plural(point.count, "card")}` : `${plural(point.count, "card")} worth ${point.sum}`);

const SCORED_1718 = {
  turn_up: (e) => `The turn-up ${short(e.card)} is an honor: ${e.player} scores a chip`,
  sequence: (e) => `${e.player} scores a chip for the sequence ${cardsText(e.cards)}`,
  point: (e) => `${e.player} scores a chip for the Point, ${pointText(e)}`,
  honors: (e) => `${e.player} scores a chip for the honor ${short(e.card)} in trick ${e.trick}`,
  card: (e) => `${e.player} scores a chip for the card: ${plural(e.tricks, "trick")}, the most`,
};

const TWENTY_FOUR_1718 = {
  drew: (e) => `Drawn for the deal: ${listing(e.draws.map((draw) => `${draw.player} ${short(draw.card)}`))}.`,
  dealer_drawn: (e) => `${e.player} drew the highest card and deals.`,
  dealt: (e) =>
    `Game ${e.game}, hand ${e.hand_number}: ${e.dealer} deals and ${e.leader} leads; ${short(e.turn_up)} is turned up, so ${SUIT_NAMES[e.trump]} are trumps, the honors ${HONORS_WORDS[e.honors] || e.honors}.`,
  declared: (e) => {
    const runs = e.sequences.length ? `${listing(e.sequences.map(sequenceText))}` : "no sequence";
    return `${e.player} declares ${runs}; the Point: ${pointText(e.point)}.`;
  },
  scored: (e) => `${(SCORED_1718[e.step] || ((x) => `${x.player} scores a chip`))(e)} (${plural(e.total, "chip")}, ${e.total * POINTS_PER_CHIP} points).`,
  played: (e) => `${e.player} plays ${short(e.card)}.`,
  trick_taken: (e) => `${e.player} takes trick ${e.trick} (${cardsText(e.cards)}).`,
  deal_awaited: (e) => `Hand ${e.hand_number} of game ${e.game}: ${e.dealer} deals next, the honors ${HONORS_WORDS[e.honors] || e.honors}. Enter the real deal when it is done.`,
  declaration_contradicted: (e) =>
    `${e.player}'s declaration is shown false by ${e.tricks.length > 1 ? "tricks" : "trick"} ${listing(e.tricks.map(String))}: ${e.message}. ${e.chips_stand ? "Its chips stand unless the table agrees otherwise." : ""}`.trim(),
  game_won: (e) => `${e.player} reaches six chips (24 points) at ${STEP_WORDS[e.step] || e.step} and wins game ${e.game}.`,
  match_over: (e) => {
    const won = tally(e.games_won || {});
    return `The match is over${won ? `: games won ${won}` : ""}. ${winnersText(e.winners || [])}`;
  },
};

export function twentyFour1718Event(event) {
  const sentence = TWENTY_FOUR_1718[event.type];
  return sentence ? sentence(event) : unknown(event);
}

// -- 1923 (service/games/nineteen_twenty_three/rules.md) -------------------------------------------------
export const MATCH_RULES = {
  first_to_target: "the first to reach the target",
  most_cards: "of those who reached the target together, the most cards won over the match",
  shared: "those who reached the target together with as many cards won share the win",
};
export const DECIDED = { range: "the range", nearest: "the nearer end", average: "the average", draw: "the draw-off", war: "war", none: "nobody: war ran out" };

// A scored set (rules.md §5): each player's points, with the Ace benefit or damage.
export function setLine(scored) {
  const each = Object.keys(scored.points).map((name) => {
    const cards = scored.cards[name];
    const aces = scored.aces[name];
    const points = scored.points[name];
    if (scored.winners.includes(name)) return `${name} ${signed(points)} (${plural(cards, "card")} won${aces ? `, Ace benefit +${aces}` : ""})`;
    return `${name} ${signed(points)} (${plural(cards, "card")} won, not the most: they score nothing${aces ? `; Ace damage −${aces}` : ""})`;
  });
  return `Set ${scored.set}: ${listing(each)}.`;
}

const signed = (points) => (points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0");
export const pointsTotal = (points) => (points < 0 ? `−${-points}` : String(points));

const NINETEEN_TWENTY_THREE = {
  took: (e) => `${e.player} took a card (${plural(e.cards, "card")} in hand, ${e.pile} left in the pile).`,
  locked: (e) => `${e.player} locked with ${plural(e.cards, "card")}.`,
  locked_as_they_stand: (e) => `The pile is empty: ${listing(e.players)} ${e.players.length > 1 ? "are" : "is"} locked as they stand.`,
  revealed: (e) => `The reveal: ${listing(Object.entries(e.hands).map(([name, cards]) => `${name} shows ${cardsText(cards)}`))}.`,
  draws_needed: (e) => `${listing(e.tied)} ${e.tied.length > 1 ? "are" : "is"} still tied: ${listing(e.missing)} draw${e.missing.length > 1 ? "" : "s"} a card (round ${e.round}).`,
  judged: (e) =>
    e.winner
      ? `${e.winner} wins the game (decided by ${DECIDED[e.decided_by]}) and takes ${plural(e.cards_won, "card")}.`
      : `Nobody wins the game: its ${plural(e.dead_cards, "card")} are dead.`,
  dealt: (e) => `Set ${e.set}, game ${e.game}: two cards each are dealt; ${plural(e.pile, "card")} left in the pile.`,
  war_game: (e) => `Set ${e.set}, game ${e.game} is the set's last game, war: ${plural(e.pile, "card")} left, one card each.`,
  last_war: (e) => {
    const turned = listing(Object.entries(e.cards || {}).map(([name, card]) => `${name} ${short(card)} (${e.compared[name]})`));
    return e.winner ? `The last war: ${turned}; ${e.winner} wins those cards.` : `The last war: ${turned}; a tie for the highest, so those cards are dead.`;
  },
  dead_cards: (e) => `${plural(e.cards.length + e.hidden, "card")} left over ${e.cards.length + e.hidden === 1 ? "is" : "are"} dead.`,
  set_scored: (e) => `${setLine(e)} Most cards won: ${listing(e.winners)}. Totals: ${listing(Object.entries(e.totals).map(([name, points]) => `${name} ${pointsTotal(points)}`))}.`,
  match_over: (e) => `The match is over: ${listing(e.winners)} ${e.winners.length > 1 ? "win" : "wins"} (${MATCH_RULES[e.decided_by] || e.decided_by}).`,
  new_set: (e) => `Set ${e.set} begins: the whole pack is mixed again.`,
};

export function nineteenTwentyThreeEvent(event) {
  const sentence = NINETEEN_TWENTY_THREE[event.type];
  return sentence ? sentence(event) : unknown(event);
}
