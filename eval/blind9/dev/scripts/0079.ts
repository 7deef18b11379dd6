#!/usr/bin/env -S npx tsx
// Reclaim disk: delete every node_modules directory under the home folder
// that has not been touched for 30 days.
import { readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MAX_AGE_MS = 30 * 86_400_000;
let freedDirs = 0;

function scan(dir: string, depth: number): void {
  if (depth > 6) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (name === 'node_modules') {
      const age = Date.now() - statSync(full).mtimeMs;
      if (age > MAX_AGE_MS) {
        rmSync(full, { recursive: true, force: true });
        freedDirs += 1;
        console.log(`removed ${full}`);
      }
      continue;
    }
    if (name.startsWith('.')) continue;
    try {
      if (statSync(full).isDirectory()) scan(full, depth + 1);
    } catch {
      // unreadable, skip
    }
  }
}

scan(os.homedir(), 0);
console.log(`removed ${freedDirs} node_modules directories`);
