/**
 * runner-env.ts - snapshot what the CI runner's environment looks like for the Kobo job
 *
 * Writes every environment variable, the Node version and the working directory to
 * build/runner-env.json and prints it, so a failing CI job can be compared with a
 * developer machine.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

const snapshot = {
  when: new Date().toISOString(),
  host: os.hostname(),
  node: process.version,
  cwd: process.cwd(),
  env: process.env,
};

mkdirSync(path.join(ROOT, "build"), { recursive: true });
writeFileSync(path.join(ROOT, "build", "runner-env.json"), JSON.stringify(snapshot, null, 2));
for (const [k, v] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${k}=${v}`);
}
console.log(`saved build/runner-env.json (${Object.keys(process.env).length} variables)`);
