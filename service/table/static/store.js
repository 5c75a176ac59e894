// What a page knows, kept in this phone's storage (the referee keeps nothing between requests), and the game's
// history: the referee is stateless, so taking a move back is following the game from the state before it.
//
// A sealed game (passplay.js) is kept here as its public state, its token and its move number, never a seat key nor a
// hand: a page asks for a seat's key before that seat acts, uses it for that turn, and forgets it (docs/table.md,
// "Pass-and-play for sealed deals").
export const HISTORY_LIMIT = 300;

export function load(key, fresh) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) || "null");
    if (saved && typeof saved === "object") {
      const kept = { ...fresh(), ...saved };
      if (!Array.isArray(kept.history)) kept.history = [];
      return kept;
    }
  } catch (error) {
    // A broken save is forgotten: the page starts from the defaults.
  }
  return fresh();
}

export function save(key, data) {
  try {
    localStorage.setItem(key, JSON.stringify(data));
  } catch (error) {
    // Private browsing may refuse storage: the page still works, it just forgets on reload.
  }
}

// `data.history` holds {state, text}: the state before each move and the move in words.
export function remember(data, state, text) {
  data.history = [...data.history, { state, text }].slice(-HISTORY_LIMIT);
}

export function takeBack(data) {
  const last = data.history[data.history.length - 1];
  if (last) data.history = data.history.slice(0, -1);
  return last || null;
}
