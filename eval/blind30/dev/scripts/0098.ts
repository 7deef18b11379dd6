/**
 * Print the Keycloak settings the integration tests will use, to debug 401s.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const KEYS = ["KEYCLOAK_URL", "KEYCLOAK_ADMIN", "KEYCLOAK_ADMIN_PASSWORD", "KC_TEST_CLIENT", "KC_TEST_SECRET"];

function fromDotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

const dotenv = fromDotenv();
for (const key of KEYS) {
  const value = process.env[key] ?? dotenv[key];
  const source = process.env[key] ? "env" : dotenv[key] ? ".env" : "unset";
  console.log(`${key.padEnd(26)} ${String(value ?? "").padEnd(40)} (${source})`);
}

const realmFile = path.join(ROOT, "config", "keycloak", "realm-dev.json");
if (existsSync(realmFile)) {
  const realm = JSON.parse(readFileSync(realmFile, "utf8")) as { clients?: { clientId: string; secret?: string }[] };
  for (const c of realm.clients ?? []) if (c.secret) console.log(`client ${c.clientId}: secret ${c.secret}`);
}
