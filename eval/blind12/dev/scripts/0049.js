#!/usr/bin/env node
// `acme-cli config` helper: read and write the CLI's own settings file at
// $XDG_CONFIG_HOME/acme-cli/config.json (default ~/.config/acme-cli/config.json).
// Secrets are not stored here; the CLI reads ACME_API_TOKEN from the env.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DEFAULTS = Object.freeze({
  apiBase: 'http://localhost:8787',
  region: 'eu-west',
  output: 'table',
  telemetry: false,
  pageSize: 50,
});

const VALIDATORS = {
  apiBase: (v) => /^https?:\/\/[^\s]+$/.test(v) || 'must be an http(s) URL',
  region: (v) => /^[a-z]+-[a-z]+$/.test(v) || 'must look like eu-west',
  output: (v) => ['table', 'json', 'yaml'].includes(v) || 'must be table, json or yaml',
  telemetry: (v) => typeof v === 'boolean' || 'must be true or false',
  pageSize: (v) => (Number.isInteger(v) && v > 0 && v <= 500) || 'must be 1..500',
};

function configFile() {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'acme-cli', 'config.json');
}

function load() {
  const file = configFile();
  try {
    return { ...DEFAULTS, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
  } catch (err) {
    if (err.code === 'ENOENT') return { ...DEFAULTS };
    throw new Error(`cannot read ${file}: ${err.message}`);
  }
}

function save(config) {
  const file = configFile();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
  return file;
}

function coerce(key, raw) {
  if (typeof DEFAULTS[key] === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  if (typeof DEFAULTS[key] === 'number') return Number(raw);
  return raw;
}

const commands = {
  get([key]) {
    const cfg = load();
    if (!key) return console.log(JSON.stringify(cfg, null, 2));
    if (!(key in DEFAULTS)) throw new Error(`unknown key ${key}`);
    console.log(cfg[key]);
  },
  set([key, raw]) {
    if (!(key in DEFAULTS)) throw new Error(`unknown key ${key}`);
    if (raw === undefined) throw new Error('usage: set <key> <value>');
    const value = coerce(key, raw);
    const ok = VALIDATORS[key](value);
    if (ok !== true) throw new Error(`${key} ${ok}`);
    const file = save({ ...load(), [key]: value });
    console.log(`${key} = ${JSON.stringify(value)} (${file})`);
  },
  reset([key]) {
    const cfg = load();
    if (key) cfg[key] = DEFAULTS[key];
    const file = save(key ? cfg : { ...DEFAULTS });
    console.log(`reset ${key || 'all keys'} in ${file}`);
  },
  path() {
    console.log(configFile());
  },
};

function main() {
  const [cmd = 'get', ...rest] = process.argv.slice(2);
  const handler = commands[cmd];
  if (!handler) {
    console.error(`usage: config <${Object.keys(commands).join('|')}> ...`);
    process.exit(2);
  }
  handler(rest);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
