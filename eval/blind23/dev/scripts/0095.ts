#!/usr/bin/env -S npx tsx
// export-profiles.ts - copy the latest CPU profiles somewhere easy to find and
// register a desktop shortcut that opens the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SRC = path.join(ROOT, 'build', 'profiles');
const DEST = path.join(os.homedir(), 'Documents', 'relay-profiles');
const SHORTCUT = path.join(os.homedir(), '.local', 'share', 'applications', 'relay-profiles.desktop');

function latest(n: number): string[] {
  if (!fs.existsSync(SRC)) return [];
  return fs
    .readdirSync(SRC)
    .map((d) => path.join(SRC, d))
    .filter((p) => fs.statSync(p).isDirectory())
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    .slice(0, n);
}

function main(): void {
  fs.mkdirSync(DEST, { recursive: true });
  for (const dir of latest(5)) {
    const target = path.join(DEST, path.basename(dir));
    fs.cpSync(dir, target, { recursive: true });
    console.log(`copied ${path.relative(ROOT, dir)} -> ${target}`);
  }
  fs.mkdirSync(path.dirname(SHORTCUT), { recursive: true });
  fs.writeFileSync(
    SHORTCUT,
    ['[Desktop Entry]', 'Type=Application', 'Name=Relay profiles', `Exec=xdg-open ${DEST}`, ''].join('\n'),
  );
  console.log(`shortcut: ${SHORTCUT}`);
}

main();
