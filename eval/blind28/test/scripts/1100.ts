#!/usr/bin/env -S npx tsx
// install-udev-hints.ts - copy the repo's SDR/CAN device notes and the
// band plan into the user's config and Documents folders so every tool finds them.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const HOME = homedir();

mkdirSync(join(HOME, '.config', 'sdr-tools'), { recursive: true });
copyFileSync(join(REPO, 'config', 'devices.toml'), join(HOME, '.config', 'sdr-tools', 'devices.toml'));
copyFileSync(join(REPO, 'config', 'bands.toml'), join(HOME, '.config', 'sdr-tools', 'bands.toml'));

// remember which checkout the notes came from
writeFileSync(join(HOME, '.config', 'sdr-tools', 'SOURCE.txt'), `copied from ${REPO} on ${new Date().toISOString()}\n`);

mkdirSync(join(HOME, 'Documents', 'sdr-notes'), { recursive: true });
copyFileSync(join(REPO, 'docs', 'devices.md'), join(HOME, 'Documents', 'sdr-notes', 'devices.md'));
console.log(`installed device notes into ${HOME}/.config/sdr-tools and ~/Documents/sdr-notes`);
