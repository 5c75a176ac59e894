// A card grid to tap cards into a hand: two decks, so each card can be held twice.
import { COPIES, RANKS, SUITS, cardElement, spoken, short } from "./cards.js";

let pickers = 0;

export function createPicker(root, { owner, max, onChange }) {
  const id = `picker-${++pickers}`;
  let cards = [];
  let whose = owner;

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
  clear.textContent = "Clear cards";
  const grid = document.createElement("div");
  grid.className = "grid";
  const gridTitle = document.createElement("h3");
  gridTitle.id = `${id}-grid-title`;
  gridTitle.textContent = "Tap to add";
  root.append(heading, held, note, clear, gridTitle, grid);

  const buttons = new Map();
  for (const suit of SUITS) {
    const group = document.createElement("div");
    group.className = "suit";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", `Add ${suit.name}`);
    group.setAttribute("aria-describedby", gridTitle.id);
    for (const rank of RANKS) {
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
    if (copies(code) >= COPIES) {
      note.textContent = `Both copies of ${spoken(code)} are in already (two decks).`;
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
    heading.textContent = `${whose}: ${cards.length} card${cards.length === 1 ? "" : "s"}`;
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
      empty.textContent = "No cards yet";
      held.append(empty);
    }
    clear.disabled = !cards.length;
    for (const [code, button] of buttons) {
      const n = copies(code);
      button.querySelector(".count").textContent = n ? `×${n}` : "";
      button.setAttribute("aria-label", `${short(code)} (${spoken(code)})${n ? `, ${n} held` : ""}`);
      button.classList.toggle("held-card", n > 0);
    }
    if (changed && onChange) onChange([...cards]);
  }

  function set(next, changed = false) {
    cards = [...next];
    if (changed) note.textContent = cards.length ? "" : "Cards cleared.";
    render(changed);
  }

  function setOwner(name) {
    whose = name;
    render(false);
  }

  render(false);
  return { set, setOwner, get: () => [...cards] };
}
