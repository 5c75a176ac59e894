// Cards as the API writes them ("QH", "10S", "AD") and as people read them.
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUITS = [
  { code: "H", name: "hearts", symbol: "♥", red: true },
  { code: "C", name: "clubs", symbol: "♣", red: false },
  { code: "D", name: "diamonds", symbol: "♦", red: true },
  { code: "S", name: "spades", symbol: "♠", red: false },
];
// "H" → "hearts".
export const SUIT_NAMES = Object.fromEntries(SUITS.map((suit) => [suit.code, suit.name]));
const RANK_NAMES = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const BY_SUIT = Object.fromEntries(SUITS.map((suit) => [suit.code, suit]));
// Two decks: every card exists twice.
export const COPIES = 2;

export function parts(code) {
  const text = String(code).trim().toUpperCase();
  const suit = text.slice(-1);
  let rank = text.slice(0, -1);
  if (rank === "T" || rank === "1") rank = "10";
  return { rank, suit };
}

export function isCard(code) {
  const { rank, suit } = parts(code);
  return RANKS.includes(rank) && suit in BY_SUIT;
}

export function normal(code) {
  const { rank, suit } = parts(code);
  return rank + suit;
}

export function suitOf(code) {
  return BY_SUIT[parts(code).suit];
}

// "Q♥": what the card shows.
export function short(code) {
  if (code.length === 2 && code[1] === "*") return `${code[0]} of any suit`;
  if (code.endsWith("*")) return `${code.slice(0, -1)} of any suit`;
  const { rank, suit } = parts(code);
  return rank + (BY_SUIT[suit] ? BY_SUIT[suit].symbol : suit);
}

// "Queen of hearts": what a screen reader says.
export function spoken(code) {
  const { rank, suit } = parts(code);
  const rankName = RANK_NAMES[rank] || rank;
  if (suit === "*") return `${rankName} of any suit`;
  return `${rankName} of ${BY_SUIT[suit] ? BY_SUIT[suit].name : suit}`;
}

// A card element: the short text, red or black, and the spoken name for assistive technology.
export function cardElement(code, tag = "span") {
  const element = document.createElement(tag);
  element.className = `card ${suitOf(code) && suitOf(code).red ? "red" : "black"}`;
  element.textContent = short(code);
  element.setAttribute("aria-label", spoken(code));
  if (tag === "span") element.setAttribute("role", "img");
  return element;
}

export function spokenList(codes) {
  return codes.map(short).join(" ");
}

// -- a card named by rank alone ("7": the referee knows no one saw its suit), beside suited cards ("7S") --
const SUITED = /^(10|[2-9AJQK])[HCDS]$/;
export const rankOf = (code) => (SUITED.test(code) ? code.slice(0, -1) : code);

// "7♠" for a suited card, "7" for a rank alone.
export const rankOrShort = (code) => (SUITED.test(code) ? short(code) : code);
export const ranksOrShortText = (codes) => codes.map(rankOrShort).join(" ");

// A card element for either: a rank alone is black and says its suit was not seen.
export function rankOrCardElement(code) {
  if (SUITED.test(code)) return cardElement(code);
  const node = document.createElement("span");
  node.textContent = code;
  node.className = "card black";
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", `${RANK_NAMES[code] || code} (suit not seen)`);
  return node;
}
