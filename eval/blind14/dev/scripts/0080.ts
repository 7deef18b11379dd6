#!/usr/bin/env -S npx tsx
// Export the generated OpenAPI client to the shared location other local
// projects import from, and drop a copy on the Desktop for QA.
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

interface Target {
  dir: string;
  note: string;
}

const SRC = "generated/openapi-client";
const TARGETS: Target[] = [
  { dir: join(homedir(), "shared-clients", "acme-api"), note: "shared import location" },
  { dir: join(homedir(), "Desktop", "acme-api-client"), note: "QA copy" },
];

if (!existsSync(SRC)) {
  console.error(`${SRC} missing; run npm run generate:client`);
  process.exit(1);
}

for (const t of TARGETS) {
  mkdirSync(t.dir, { recursive: true });
  cpSync(SRC, t.dir, { recursive: true, force: true });
  writeFileSync(join(t.dir, "EXPORTED_FROM"), `${process.cwd()}\n${new Date().toISOString()}\n`);
  console.log(`copied to ${t.dir} (${t.note})`);
}
