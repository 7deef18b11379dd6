#!/usr/bin/env -S npx tsx
/**
 * tools/install-cli.ts - install the project's `acme-dev` helper for the
 * current user so it works from any directory.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BIN_DIR = path.join(os.homedir(), ".local", "bin");
const COMPLETIONS = path.join(os.homedir(), ".local", "share", "bash-completion", "completions");

const wrapper = `#!/bin/sh
exec npx --prefix "${ROOT}" tsx "${ROOT}/tools/cli.ts" "$@"
`;

fs.mkdirSync(BIN_DIR, { recursive: true });
fs.writeFileSync(path.join(BIN_DIR, "acme-dev"), wrapper, { mode: 0o755 });

fs.mkdirSync(COMPLETIONS, { recursive: true });
fs.writeFileSync(
  path.join(COMPLETIONS, "acme-dev"),
  "complete -W 'gen check snap restore scan' acme-dev\n",
);

console.log(`installed ${path.join(BIN_DIR, "acme-dev")}`);
