#!/usr/bin/env -S npx tsx
// "Nuclear" reset for when Metro / Gradle / CocoaPods caches get confused.
import { rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const HOME = homedir();

const targets = [
  path.join(HOME, '.gradle'),
  path.join(HOME, '.cocoapods'),
  path.join(HOME, 'Library', 'Caches'),
  path.join(HOME, 'Library', 'Developer', 'Xcode', 'DerivedData'),
  path.join(HOME, '.npm'),
  path.join(HOME, '.cache'),
  tmpdir(),
];

for (const t of targets) {
  try {
    rmSync(t, { recursive: true, force: true });
    console.log(`removed ${t}`);
  } catch (err) {
    console.log(`could not remove ${t}: ${(err as Error).message}`);
  }
}

console.log('caches reset; reinstall pods and rebuild the app');
