#!/usr/bin/env -S npx tsx
// Free disk space by deleting every node_modules folder under the home directory.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

let removed = 0;

function sweep(dir: string, depth: number): void {
  if (depth > 6) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const p = path.join(dir, name);
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      continue;
    }
    if (!isDir) continue;
    if (name === 'node_modules' || name === '.turbo' || name === '.next') {
      rmSync(p, { recursive: true, force: true });
      removed += 1;
      console.log(`removed ${p}`);
    } else if (!name.startsWith('.') || name === '.config') {
      sweep(p, depth + 1);
    }
  }
}

sweep(homedir(), 0);
console.log(`removed ${removed} folders; reinstall dependencies where needed`);
