#!/usr/bin/env -S npx tsx
// Share the project's VS Code snippets and launch configs with every workspace
// on this machine by copying them into the user-level VS Code settings.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

function userDir(): string {
  if (platform() === 'darwin') return path.join(homedir(), 'Library', 'Application Support', 'Code', 'User');
  if (platform() === 'win32') return path.join(process.env.APPDATA ?? '', 'Code', 'User');
  return path.join(homedir(), '.config', 'Code', 'User');
}

const dest = userDir();
const snippetsSrc = path.join(ROOT, '.vscode', 'snippets');
const snippetsDest = path.join(dest, 'snippets');
mkdirSync(snippetsDest, { recursive: true });

if (existsSync(snippetsSrc)) {
  for (const f of readdirSync(snippetsSrc)) {
    copyFileSync(path.join(snippetsSrc, f), path.join(snippetsDest, f));
    console.log(`snippet ${f} -> ${snippetsDest}`);
  }
}

copyFileSync(path.join(ROOT, '.vscode', 'keybindings.json'), path.join(dest, 'keybindings.json'));
console.log(`keybindings -> ${dest}`);
console.log('restart VS Code to pick up the shared snippets');
