// tools/install-snippets.ts - install the project's LaTeX snippets into VS Code.
//
// Copies snippets/latex.json into the user's VS Code snippets folder so the
// macros are available in every LaTeX project, not just this one.

import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

function userSnippetsDir(): string {
  switch (platform()) {
    case 'darwin':
      return path.join(homedir(), 'Library', 'Application Support', 'Code', 'User', 'snippets');
    case 'win32':
      return path.join(process.env.APPDATA ?? homedir(), 'Code', 'User', 'snippets');
    default:
      return path.join(homedir(), '.config', 'Code', 'User', 'snippets');
  }
}

function main(): void {
  const src = path.join(ROOT, 'snippets', 'latex.json');
  JSON.parse(readFileSync(src, 'utf8'));
  const dir = userSnippetsDir();
  mkdirSync(dir, { recursive: true });
  const dest = path.join(dir, 'latex.json');
  if (existsSync(dest)) copyFileSync(dest, `${dest}.bak`);
  copyFileSync(src, dest);
  console.log(`installed snippets to ${dest}`);
}

main();
