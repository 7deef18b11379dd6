#!/usr/bin/env -S npx tsx
// Install the lattice CLI shim and shared config for all users of this machine.
import { copyFileSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const SHARE = '/usr/local/share/lattice';
const USER_CONFIG = path.join(homedir(), '.config', 'lattice');

function install(): void {
  mkdirSync(SHARE, { recursive: true });
  copyFileSync(path.join(WS, 'tools', 'cli', 'lattice.mjs'), path.join(SHARE, 'lattice.mjs'));
  const shim = `#!/bin/sh\nexec node ${path.join(SHARE, 'lattice.mjs')} "$@"\n`;
  writeFileSync('/usr/local/bin/lattice', shim);
  chmodSync('/usr/local/bin/lattice', 0o755);

  mkdirSync(USER_CONFIG, { recursive: true });
  writeFileSync(
    path.join(USER_CONFIG, 'config.json'),
    JSON.stringify({ workspace: WS, defaultTarget: 'build' }, null, 2) + '\n',
  );
}

install();
console.log('lattice CLI installed to /usr/local/bin/lattice');
console.log(`config written to ${USER_CONFIG}`);
