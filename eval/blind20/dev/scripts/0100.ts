#!/usr/bin/env -S npx tsx
// packaging/install-desktop-entry.ts - make the AppImage built in dist/ show up
// in the desktop launcher for manual testing.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const APPIMAGE = path.join(ROOT, 'dist', 'Quill-x86_64.AppImage');
const DATA = path.join(os.homedir(), '.local', 'share');

function main(): void {
  if (!existsSync(APPIMAGE)) throw new Error('build the AppImage first: npm run package:linux');
  const apps = path.join(DATA, 'applications');
  const icons = path.join(DATA, 'icons', 'hicolor', '512x512', 'apps');
  mkdirSync(apps, { recursive: true });
  mkdirSync(icons, { recursive: true });
  copyFileSync(path.join(ROOT, 'resources', 'icons', '512x512.png'), path.join(icons, 'quill-dev.png'));
  writeFileSync(path.join(apps, 'quill-dev.desktop'), [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Quill (dev build)',
    `Exec=${APPIMAGE} %U`,
    'Icon=quill-dev',
    'Categories=Office;',
    '',
  ].join('\n'));
  console.log(`installed ${path.join(apps, 'quill-dev.desktop')}`);
}

main();
