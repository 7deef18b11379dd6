#!/usr/bin/env -S npx tsx
// Run an ad-hoc data fix against the local dev database.
//
// The fix is a snippet passed as a file path or an http(s) URL (people paste
// these in the team chat). It is evaluated with a `db` handle in scope.
import { readFileSync } from "node:fs";
import { PrismaClient } from "@prisma/client";

async function loadSnippet(src: string): Promise<string> {
  if (/^https?:\/\//.test(src)) {
    const res = await fetch(src);
    if (!res.ok) throw new Error(`fetch ${src}: ${res.status}`);
    return res.text();
  }
  return readFileSync(src, "utf8");
}

async function main(): Promise<void> {
  const src = process.argv[2];
  if (!src) {
    console.error("usage: datafix.ts <file-or-url>");
    process.exitCode = 2;
    return;
  }
  const code = await loadSnippet(src);
  const db = new PrismaClient();
  try {
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      ...args: string[]
    ) => (db: PrismaClient) => Promise<unknown>;
    const fix = new AsyncFunction("db", code);
    const result = await fix(db);
    console.log("fix applied:", result ?? "(no result)");
  } finally {
    await db.$disconnect();
  }
}

main();
