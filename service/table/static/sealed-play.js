// A sealed game played on one phone passed round (passplay.js, docs/table.md "Pass-and-play for sealed deals"), for a
// page whose seats act in turn and see their own cards through the referee's /view: Three Kings, 1923, Twenty-Four
// (1718). The page keeps, in `table.sealed`, the public state, the token and its move number, and in
// `table.sealedLog` what the whole table may read of the moves; never a key, a hand or a seat's own events.
//
//   sealedPlay(game) -> { deal(body), show(), offer(body) }
//     offer(body)                 shows the sealed game kept, if any, and has #deal-sealed deal body(): the
//                                 table's players and rules as they are when it is tapped
//     game.referee                the game's api.js endpoints
//     game.table, game.save       the page's kept data and how to keep it
//     game.seats(state)           who may act now: [{ seat, text, primary }]; `seat` null is the table's own move
//                                 (any seat's key, chosen on the key screen)
//     game.status(state)          nodes: the public table (no key needed)
//     game.hand(view, seat)       nodes: what the seat's /view shows of its own cards
//     game.describe(move)         a listed move in words
//     game.said(event, seat)      an event in words as `seat` saw it
//     game.heard(event)           the same event as the table may hear it (a copy without private cards), or null
//     game.onShow(on)             the page hides its real-table mode while a sealed game is on, shows it again after
// The page holds #sealed-panel (empty, hidden) and, beside its deal button, #sealed-offer-result (a refused deal).
// Elements (built here inside #sealed-panel): #sealed-status, #sealed-seats (a button per seat that may act),
// #sealed-private (the seat's cards and moves, emptied when its turn ends), #sealed-done, #sealed-log, #sealed-stop.
import { UNREACHABLE } from "./api.js";
import { beginTurn, sealedGame, showSeatKeys } from "./passplay.js";
import { $, element, problemList, say } from "./ui.js";

function button(text, id, className) {
  const node = element("button", text, className);
  node.type = "button";
  if (id) node.id = id;
  return node;
}

export function sealedPlay(game) {
  const { referee, table, save } = game;
  const panel = $("sealed-panel");
  const status = element("div", null, "panel");
  status.id = "sealed-status";
  status.setAttribute("aria-live", "polite");
  const seats = element("ul", null, "alternatives");
  seats.id = "sealed-seats";
  seats.setAttribute("aria-label", "Who acts next");
  const box = element("div", null, "private");
  box.id = "sealed-private";
  box.hidden = true;
  const log = element("div", null, "result");
  log.id = "sealed-log";
  const stop = button("Stop (forget this sealed game)", "sealed-stop");
  const stopLine = element("p");
  stopLine.append(stop);
  panel.replaceChildren(status, seats, box, log, stopLine);

  const problem = (error) => {
    log.prepend(problemList(error));
    if (error.unreachable) say(UNREACHABLE);
  };

  function show() {
    const sealed = table.sealed;
    panel.hidden = !sealed;
    game.onShow(Boolean(sealed));
    if (!sealed) return;
    const state = sealed.state;
    status.replaceChildren(...game.status(state));
    seats.hidden = !box.hidden;
    seats.replaceChildren(
      ...game.seats(state).map(({ seat, text, primary }) => {
        const item = element("li");
        const go = button(text, null, `alternative${primary ? " primary" : ""}`);
        go.dataset.seat = seat === null ? "" : seat;
        go.addEventListener("click", () => turnOf(seat));
        item.append(go);
        return item;
      }),
    );
    const list = element("ul", null, "events");
    list.setAttribute("aria-label", "What happened");
    for (const line of table.sealedLog) list.append(element("li", line));
    log.replaceChildren(element("h3", "What happened"), list);
  }

  async function deal(body) {
    try {
      const answer = await referee.post("games", { ...body, sealed: true });
      await showSeatKeys(answer.seat_keys); // shown once, each to its player; never kept
      delete answer.seat_keys;
      table.sealed = sealedGame(answer);
      const dealt = (answer.events || []).map((event) => game.heard(event)).filter(Boolean);
      table.sealedLog = ["Dealt, sealed.", ...dealt.map((event) => game.said(event, null))];
      save();
      $("sealed-offer-result").replaceChildren();
      show();
      say("Dealt, sealed: pass the phone to whoever acts.");
      status.focus();
    } catch (error) {
      table.sealed = null;
      show();
      $("sealed-offer-result").replaceChildren(problemList(error));
      say(error.unreachable ? UNREACHABLE : "The referee refused this deal: see why below.");
    }
  }

  // What the seat asks for, with its key: its view and its moves (a seat only ever sees its own, or the table's).
  const opened = (turn) => {
    const body = turn.body({ state: table.sealed.state, sealed: table.sealed.sealed });
    return Promise.all([referee.post("view", body), referee.post("moves/legal", body)]);
  };

  async function turnOf(seat) {
    const names = table.sealed.state.players.map((player) => player.name);
    let turn;
    try {
      turn = await beginTurn(seat, {
        seats: names,
        why: seat === null ? "The table's move: any player's key makes it." : `${seat}'s cards and moves show once the key is given.`,
        open: opened,
      });
    } catch (error) {
      problem(error);
      return;
    }
    if (!turn) return;
    turn.onEnd(() => {
      box.replaceChildren();
      box.hidden = true;
      show();
      const first = seats.querySelector("button");
      if (first) first.focus();
    });
    const [view, legal] = turn.opened;
    render(turn, seat, view, legal, null);
  }

  // The seat's panel: what it saw of its last move, its cards, its moves (the table's, for the table's move).
  function render(turn, seat, view, legal, seen, made) {
    const who = turn.seat;
    // A seat's own moves and the table's; for the table's move, only the table's (the seat has not seen its cards).
    const moves = [...legal.moves, ...(legal.open || [])].filter((move) => !move.player || (seat !== null && move.player === who));
    const parts = [];
    const title = element("h3", made ? `${game.describe(made)}. What ${who} saw:` : seat === null ? `The table's move (${who}'s key)` : `${who}'s turn`);
    title.tabIndex = -1;
    parts.push(title);
    if (seen) {
      const list = element("ul", null, "events");
      list.setAttribute("aria-label", `What ${who} saw`);
      for (const event of seen) list.append(element("li", game.said(event, who)));
      parts.push(list);
    }
    if (seat !== null) parts.push(...game.hand(view, who));
    if (moves.length) {
      parts.push(element("p", "Tap a move to make it:"));
      const list = element("ul", null, "alternatives");
      for (const move of moves) {
        const item = element("li");
        const pick = button(game.describe(move), null, "alternative");
        pick.addEventListener("click", () => play(turn, seat, move));
        item.append(pick);
        list.append(item);
      }
      parts.push(list);
    } else parts.push(element("p", seen ? "Nothing more to do now." : "Nothing to do now."));
    const done = button(seen ? `Done: hide ${seat === null ? "the table's move" : `${who}'s cards`}` : `Hide ${seat === null ? "this" : `${who}'s cards`}, not now`, "sealed-done", seen ? "primary" : "");
    done.addEventListener("click", () => turn.end());
    parts.push(element("p"));
    parts[parts.length - 1].append(done);
    box.replaceChildren(...parts);
    box.hidden = false;
    seats.hidden = true;
    title.focus();
  }

  async function play(turn, seat, move) {
    const buttons = [...box.querySelectorAll("button")];
    for (const node of buttons) node.disabled = true; // one move per tap: a second tap would replay the old token
    try {
      const answer = await referee.post("moves/apply", turn.body({ state: table.sealed.state, sealed: table.sealed.sealed, move }));
      table.sealed = sealedGame(answer, table.sealed);
      const heard = answer.events.map((event) => game.heard(event)).filter(Boolean);
      table.sealedLog = [...table.sealedLog, ...heard.map((event) => game.said(event, null))].slice(-60);
      save();
      const [view, legal] = await opened(turn);
      status.replaceChildren(...game.status(table.sealed.state));
      render(turn, seat, view, legal, answer.events, move);
      say(`${game.describe(move)}.`);
    } catch (error) {
      for (const node of buttons) node.disabled = false;
      box.prepend(problemList(error));
      if (error.unreachable) say(UNREACHABLE);
    }
  }

  stop.addEventListener("click", () => {
    table.sealed = null;
    table.sealedLog = [];
    save();
    show();
    say("Sealed game forgotten.");
  });
  function offer(body) {
    show();
    $("deal-sealed").addEventListener("click", () => deal(body()));
  }
  return { deal, show, offer };
}
