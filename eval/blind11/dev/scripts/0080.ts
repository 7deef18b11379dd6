#!/usr/bin/env -S npx tsx
// share the generated API client with the sibling mobile checkout and keep a
// copy of the build manifest in the user's Downloads for the QA handoff
import { cpSync, writeFileSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const GENERATED = path.join(ROOT, "src", "generated");
const SIBLING = path.resolve(ROOT, "..", "mobile-app", "src", "api");
const HANDOFF = path.join(homedir(), "Downloads", "qa-handoff");

mkdirSync(SIBLING, { recursive: true });
cpSync(GENERATED, SIBLING, { recursive: true });
console.log(`copied client to ${SIBLING}`);

mkdirSync(HANDOFF, { recursive: true });
const manifest = {
  builtAt: new Date().toISOString(),
  commit: process.env.GIT_COMMIT ?? "unknown",
  files: ["api.ts", "types.ts"],
};
writeFileSync(path.join(HANDOFF, "manifest.json"), JSON.stringify(manifest, null, 2));
console.log(`manifest written to ${HANDOFF}`);
