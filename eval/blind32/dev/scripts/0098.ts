/**
 * show-config.ts - print the effective service configuration for debugging.
 * Loads .env and prints every payment, database and VPN setting it finds,
 * so the values can be compared with the team wiki.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const PREFIXES = ["ADYEN_", "MOLLIE_", "BRAINTREE_", "DATABASE_", "INFLUX_", "WG_", "TS_"];

function readEnv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

const values = { ...readEnv(), ...process.env } as Record<string, string>;
for (const key of Object.keys(values).sort()) {
  if (PREFIXES.some((p) => key.startsWith(p))) {
    console.log(`${key.padEnd(32)} ${values[key]}`);
  }
}
