// A card grid to tap cards in (no card is ever typed): two decks, so each card can be held twice.
// `single`: one card at most, a tap replaces it (the card of a move). `suggest(cards, label)`: a row of
// cards tapped first (the cards the acting player is known to hold), above the whole deck.
import { COPIES, RANKS, SUITS, cardElement, spoken, short } from "./cards.js";

let pickers = 0;

export function createPicker(
  root,
  { owner, max, onChange, single = false, empty = "No cards yet", clearText = "Clear cards", ranks = RANKS, copies: most = COPIES },
) {
  const id = `picker-${++pickers}`;
  let cards = [];
  let whose = owner;
  const emptyText = empty;

  root.classList.add("picker");
  const heading = document.createElement("h3");
  heading.id = `${id}-title`;
  const held = document.createElement("ul");
  held.className = "held";
  held.setAttribute("aria-labelledby", heading.id);
  const note = document.createElement("p");
  note.className = "note";
  note.setAttribute("role", "status");
  const clear = document.createElement("button");
  clear.type = "button";
  clear.className = "clear";
  clear.textContent = clearText;
  const suggested = document.createElement("div");
  suggested.className = "suggested";
  suggested.hidden = true;
  const suggestedTitle = document.createElement("h3");
  suggestedTitle.id = `${id}-suggested-title`;
  const suggestedRow = document.createElement("div");
  suggestedRow.className = "suggested-row";
  suggestedRow.setAttribute("role", "group");
  suggestedRow.setAttribute("aria-labelledby", suggestedTitle.id);
  suggested.append(suggestedTitle, suggestedRow);
  const grid = document.createElement("div");
  grid.className = "grid";
  const gridTitle = document.createElement("h3");
  gridTitle.id = `${id}-grid-title`;
  gridTitle.textContent = "Tap to add";
  root.append(heading, held, note, clear, suggested, gridTitle, grid);

  const buttons = new Map();
  for (const suit of SUITS) {
    const group = document.createElement("div");
    group.className = "suit";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", `Add ${suit.name}`);
    group.setAttribute("aria-describedby", gridTitle.id);
    for (const rank of ranks) {
      const code = rank + suit.code;
      const button = document.createElement("button");
      button.type = "button";
      button.className = `pick ${suit.red ? "red" : "black"}`;
      button.dataset.card = code;
      const face = document.createElement("span");
      face.className = "face";
      face.textContent = short(code);
      face.setAttribute("aria-hidden", "true");
      const count = document.createElement("span");
      count.className = "count";
      count.setAttribute("aria-hidden", "true");
      button.append(face, count);
      button.addEventListener("click", () => add(code));
      buttons.set(code, button);
      group.append(button);
    }
    grid.append(group);
  }
  clear.addEventListener("click", () => set([], true));

  function copies(code) {
    return cards.filter((card) => card === code).length;
  }

  function add(code) {
    if (single) {
      cards = [code];
      note.textContent = `Chose ${spoken(code)}.`;
      render(true);
      return;
    }
    if (copies(code) >= most) {
      note.textContent = most > 1 ? `Both copies of ${spoken(code)} are in already (two decks).` : `${spoken(code)} is in already.`;
      return;
    }
    if (cards.length >= max) {
      note.textContent = `${max} cards already: take one out first.`;
      return;
    }
    cards = [...cards, code];
    note.textContent = `Added ${spoken(code)}.`;
    render(true);
  }

  function remove(index) {
    const [code] = cards.splice(index, 1);
    cards = [...cards];
    note.textContent = `Took out ${spoken(code)}.`;
    render(true);
    const next = held.querySelectorAll("button")[Math.min(index, cards.length - 1)];
    (next || clear).focus();
  }

  function render(changed) {
    heading.textContent = single ? whose : `${whose}: ${cards.length} card${cards.length === 1 ? "" : "s"}`;
    held.replaceChildren(
      ...cards.map((code, index) => {
        const item = document.createElement("li");
        const button = cardElement(code, "button");
        button.type = "button";
        button.setAttribute("aria-label", `${short(code)} (${spoken(code)}): take out`);
        button.addEventListener("click", () => remove(index));
        item.append(button);
        return item;
      }),
    );
    if (!cards.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = emptyText;
      held.append(empty);
    }
    clear.disabled = !cards.length;
    for (const [code, button] of buttons) {
      const n = copies(code);
      button.querySelector(".count").textContent = n ? `×${n}` : "";
      const gone = unavailable.has(code);
      button.disabled = gone;
      button.setAttribute("aria-label", `${short(code)} (${spoken(code)})${n ? `, ${n} held` : ""}${gone ? ", already seen" : ""}`);
      button.classList.toggle("held-card", n > 0);
    }
    if (changed && onChange) onChange([...cards]);
  }

  function set(next, changed = false) {
    cards = [...next];
    if (changed) note.textContent = cards.length ? "" : single ? `${clearText}.` : "Cards cleared.";
    render(changed);
  }

  function setOwner(name) {
    whose = name;
    render(false);
  }

  // The acting player's known cards, to tap without searching the deck; none hides the row.
  function suggest(codes, label) {
    const distinct = [...new Set(codes)];
    suggested.hidden = !distinct.length;
    suggestedTitle.textContent = label || "";
    suggestedRow.replaceChildren(
      ...distinct.map((code) => {
        const button = cardElement(code, "button");
        button.type = "button";
        button.classList.add("pick");
        button.dataset.card = code;
        button.setAttribute("aria-label", `${short(code)} (${spoken(code)})`);
        button.addEventListener("click", () => add(code));
        return button;
      }),
    );
  }

  // Cards that cannot be tapped now (a one-deck game's cards already seen): greyed, and said so.
  let unavailable = new Set();
  function exclude(codes) {
    unavailable = new Set(codes);
    render(false);
  }

  render(false);
  return { set, setOwner, suggest, exclude, get: () => [...cards], root };
}
