// Plays what tests/generated_clients wrote into cases.ts and plays.ts through openapi-fetch, typed by the
// openapi-typescript output (schema.d.ts), against each base URL given as NAME=URL; prints one JSON document:
// {NAME: {cases: {id: {status, body}}, games: {slug: {moves, state} | {error}}}}. The checks are the Python side's.
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";
import { cases } from "./cases.js";
import { plays } from "./plays.js";

declare const process: { argv: string[]; stdout: { write(text: string): boolean } };

export type Client = ReturnType<typeof createClient<paths>>;

// A client behind nginx's rate limit (20 requests a second per address) waits Retry-After seconds on a 429 and asks again.
async function politeFetch(request: Request): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(request.clone());
    if (response.status !== 429 || attempt === 60) return response;
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? "1") * 1000));
  }
}

async function against(baseUrl: string): Promise<Record<string, unknown>> {
  const client: Client = createClient<paths>({ baseUrl, fetch: politeFetch });
  const caseAnswers: Record<string, unknown> = {};
  for (const [id, run] of Object.entries(cases)) {
    const answer = await run(client);
    caseAnswers[id] = { status: answer.response.status, body: answer.data ?? answer.error };
  }
  const games: Record<string, unknown> = {};
  for (const [slug, play] of Object.entries(plays)) {
    try {
      games[slug] = await play(client);
    } catch (error) {
      games[slug] = { error: String(error) };
    }
  }
  return { cases: caseAnswers, games };
}

// The targets at once: gunicorn's calls run while the calls through nginx wait out its rate limit.
const targets = process.argv.slice(2).map((argument) => argument.split("=", 2));
const answers = await Promise.all(targets.map(([, url]) => against(url)));
process.stdout.write(JSON.stringify(Object.fromEntries(targets.map(([name], index) => [name, answers[index]]))));
