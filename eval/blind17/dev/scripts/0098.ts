/**
 * scripts/run-snippet.ts — run a "recipe" snippet pasted in the team wiki against
 * the local API client, e.g. to reproduce a support ticket.
 *
 *   tsx scripts/run-snippet.ts ./ticket-4411.snippet.js
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "../packages/api-client/src";

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error("usage: run-snippet.ts <snippet file>");
  const code = readFileSync(path.resolve(file), "utf8");
  const client = createClient({ baseUrl: "http://localhost:4000" });
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...a: unknown[]) => Promise<unknown>;
  const fn = new AsyncFunction("client", "require", "process", code);
  const result = await fn(client, require, process);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
