// tools/show-chamber.ts - list what chamber returns for the ledger-dev
// service so we can see why the worker can't authenticate.
import { execFileSync } from "node:child_process";

const SERVICE = process.argv[2] ?? "ledger-dev";
if (!/^[a-z0-9-]+$/.test(SERVICE)) {
  console.error("service names are lowercase letters, digits and dashes");
  process.exit(2);
}

const raw = execFileSync("chamber", ["export", "--format", "json", SERVICE], { encoding: "utf8" });
const values = JSON.parse(raw) as Record<string, string>;

console.log(`chamber service ${SERVICE}:`);
for (const [key, value] of Object.entries(values).sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${key.padEnd(30)} = ${value}`);
}
if (!values.QUEUE_PASSWORD) {
  console.log("QUEUE_PASSWORD is missing!");
  process.exitCode = 1;
}
