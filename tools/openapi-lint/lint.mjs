// Lint an OpenAPI document with Redocly CLI (recommended ruleset) and Spectral (spectral:oas), every rule as shipped:
// print each finding and the counts, and fail on any finding at all, warnings included (Redocly fails on errors only).
// Usage, from this directory: node lint.mjs ../../openapi.yaml   (`make lint` runs it)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const document = process.argv[2] ?? "../../openapi.yaml";
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const scratch = mkdtempSync(join(tmpdir(), "openapi-lint-"));

/** Run a linter that writes its JSON report to `report`; its exit status only says whether it found something. */
function report(tool, args, report) {
  const result = spawnSync(`node_modules/.bin/${tool}`, args, { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  try {
    return JSON.parse(report ? readFileSync(report, "utf8") : result.stdout);
  } catch (error) {
    throw new Error(`${tool} gave no report (${error}): ${result.error ?? ""}${result.stderr}${result.stdout}`);
  }
}

try {
  const redocly = report("redocly", ["lint", "--config", "redocly.yaml", "--format", "json", "--max-problems", "10000", document]);
  for (const problem of redocly.problems) {
    const where = problem.location?.map((place) => place.pointer).join(", ");
    console.log(`redocly ${problem.severity} ${problem.ruleId}: ${problem.message} (${where})`);
  }
  const output = join(scratch, "spectral.json");
  const spectral = report("spectral", ["lint", "--ruleset", ".spectral.yaml", "--format", "json", "--output", output, document], output);
  const names = ["error", "warning", "info", "hint"];
  const bySeverity = [0, 0, 0, 0];
  for (const result of spectral) {
    bySeverity[result.severity] += 1;
    console.log(`spectral ${names[result.severity]} ${result.code}: ${result.message} (${result.path.join(".")})`);
  }
  const { errors, warnings, ignored } = redocly.totals;
  console.log(`redocly ${redocly.version} (recommended): ${errors} errors, ${warnings} warnings, ${ignored} ignored`);
  console.log(`spectral (spectral:oas): ${bySeverity.map((count, index) => `${count} ${names[index]}s`).join(", ")}`);
  process.exitCode = errors + warnings + ignored + spectral.length === 0 ? 0 : 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
