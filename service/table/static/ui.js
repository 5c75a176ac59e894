// The few DOM helpers every page uses: elements with text, a row of cards, the referee's refusals, the status line.
import { cardElement } from "./cards.js";

export const $ = (id) => document.getElementById(id);

export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function cardRow(codes, label) {
  const row = element("span", null, "cards");
  if (label) {
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", label);
  }
  for (const code of codes) row.append(cardElement(code));
  return row;
}

// A refusal: its title, then one line per problem (with where it points); the referee unreachable said plainly.
export function problemList(error) {
  const box = element("div", null, "problem");
  box.setAttribute("role", "alert");
  box.append(element("p", error.problem && error.problem.title ? error.problem.title : "The referee refused this"));
  const list = element("ul");
  for (const line of error.lines ? error.lines() : [String(error)]) list.append(element("li", line));
  box.append(list);
  return box;
}

export function say(text) {
  $("status").textContent = text;
}

// The players' names, typed once in seat order (names are the only thing ever typed); `onNames` gets two or more.
export function playersField(input, names, onNames) {
  input.value = names.join(", ");
  input.addEventListener("change", () => {
    const typed = input.value.split(",").map((name) => name.trim()).filter(Boolean);
    if (typed.length < 2) {
      say("A table needs at least two players.");
      return;
    }
    onNames(typed);
    say(`${typed.length} players: ${typed.join(", ")}.`);
  });
}
