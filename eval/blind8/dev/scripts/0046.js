#!/usr/bin/env node
// Install the project's VS Code snippets into the user's editor profile.
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');

function userSnippetsDir() {
  switch (process.platform) {
    case 'darwin':
      return path.join(os.homedir(), 'Library', 'Application Support', 'Code', 'User', 'snippets');
    case 'win32':
      return path.join(process.env.APPDATA || '', 'Code', 'User', 'snippets');
    default:
      return path.join(os.homedir(), '.config', 'Code', 'User', 'snippets');
  }
}

function loadSnippets(dir) {
  const out = {};
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.code-snippets'))) {
    out[f] = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  }
  return out;
}

function merge(existing, incoming) {
  const merged = { ...existing };
  for (const [k, v] of Object.entries(incoming)) merged[k] = v;
  return merged;
}

function main() {
  const src = path.resolve('tools', 'snippets');
  const dest = userSnippetsDir();
  if (!fs.existsSync(src)) {
    console.error('no snippets in', src);
    process.exit(1);
  }
  fs.mkdirSync(dest, { recursive: true });
  const snippets = loadSnippets(src);
  for (const [file, body] of Object.entries(snippets)) {
    const target = path.join(dest, file);
    const existing = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
    fs.writeFileSync(target, JSON.stringify(merge(existing, body), null, 2));
    console.log('installed', target);
  }
}

try {
  main();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
