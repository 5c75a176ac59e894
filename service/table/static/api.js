// The referee's public API, called from the pages' own origin (relative to /table/). Nothing else is ever fetched.
const ROOT = new URL("../v1/", document.baseURI);

export const UNREACHABLE =
  "The referee cannot be reached (no network, or the service is down). Nothing you entered is lost: try again once it answers.";

export class ApiError extends Error {
  constructor(problem, status) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.problem = problem;
    this.status = status;
  }

  get unreachable() {
    return this.status === 0;
  }

  // One line per problem: its message and where in the request it points.
  lines() {
    const errors = Array.isArray(this.problem.errors) ? this.problem.errors : [];
    if (!errors.length) return [this.message];
    return errors.map((error) => (error.pointer ? `${error.message} (at ${error.pointer})` : error.message));
  }
}

async function call(url, options) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    throw new ApiError({ title: "The referee cannot be reached", detail: UNREACHABLE }, 0);
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

// One game's endpoints: `game("24-kings").post("hands", body)` asks POST /v1/24-kings/hands.
export function game(slug) {
  const base = new URL(`${slug}/`, ROOT);
  return {
    get: (path) => call(new URL(path, base), { headers: { Accept: "application/json" } }),
    post: (path, body) =>
      call(new URL(path, base), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      }),
  };
}
