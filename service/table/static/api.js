// The public API of 24 Kings, called from the page's own origin (relative to /table/).
const BASE = new URL("../v1/24-kings/", document.baseURI);

export class ApiError extends Error {
  constructor(problem, status) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.problem = problem;
    this.status = status;
  }

  // One line per problem: its message and where in the request it points.
  lines() {
    const errors = Array.isArray(this.problem.errors) ? this.problem.errors : [];
    if (!errors.length) return [this.message];
    return errors.map((error) => (error.pointer ? `${error.message} (at ${error.pointer})` : error.message));
  }
}

async function call(path, options) {
  let response;
  try {
    response = await fetch(new URL(path, BASE), options);
  } catch (error) {
    throw new ApiError({ title: "The referee cannot be reached", detail: "The referee cannot be reached: check the connection and try again." }, 0);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    data = { title: "Unreadable answer", detail: text.slice(0, 200) };
  }
  if (!response.ok) throw new ApiError(data || {}, response.status);
  return data;
}

export function get(path) {
  return call(path, { headers: { Accept: "application/json" } });
}

export function post(path, body) {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

export const hands = (body) => post("hands", body);
export const calculus = (body) => post("calculus", body);
export const fromTable = (body) => post("games/from-table", body);
export const validate = (state, move) => post("moves/validate", { state, move });
export const apply = (state, move) => post("moves/apply", { state, move });
export const legal = (state) => post("moves/legal", { state });
