#!/usr/bin/env node
// Install the team's VS Code snippets and keybindings for this project.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const SNIPPETS_SRC = path.join(ROOT, 'tools', 'editor', 'snippets');

function userDir() {
  const home = os.homedir();
  switch (process.platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'Code', 'User');
    case 'win32':
      return path.join(process.env.APPDATA || home, 'Code', 'User');
    default:
      return path.join(process.env.XDG_CONFIG_HOME || path.join(home, '.config'), 'Code', 'User');
  }
}

function installSnippets(dest) {
  const target = path.join(dest, 'snippets');
  fs.mkdirSync(target, { recursive: true });
  let n = 0;
  for (const f of fs.readdirSync(SNIPPETS_SRC).filter((x) => x.endsWith('.code-snippets'))) {
    fs.copyFileSync(path.join(SNIPPETS_SRC, f), path.join(target, f));
    n += 1;
  }
  return n;
}

function mergeKeybindings(dest) {
  const file = path.join(dest, 'keybindings.json');
  let current = [];
  if (fs.existsSync(file)) {
    const raw = fs.readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    try {
      current = JSON.parse(raw || '[]');
    } catch (_) {
      fs.copyFileSync(file, file + '.bak');
    }
  }
  const ours = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools', 'editor', 'keybindings.json'), 'utf8'));
  const keys = new Set(current.map((k) => `${k.key}|${k.command}`));
  const merged = current.concat(ours.filter((k) => !keys.has(`${k.key}|${k.command}`)));
  fs.writeFileSync(file, JSON.stringify(merged, null, 2));
  return merged.length - current.length;
}

function main() {
  const dest = userDir();
  if (!fs.existsSync(dest)) {
    console.log(`VS Code user dir not found at ${dest}; is VS Code installed?`);
    return;
  }
  console.log(`installed ${installSnippets(dest)} snippet file(s)`);
  console.log(`added ${mergeKeybindings(dest)} keybinding(s)`);
}

main();
