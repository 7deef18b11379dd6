#!/usr/bin/env node
// Manage the settings file of the `snapkit` screenshot CLI.
// Lives at $XDG_CONFIG_HOME/snapkit/config.json (default ~/.config/snapkit).
//
//   snapkit-config get <key>
//   snapkit-config set <key> <value>
//   snapkit-config list
//   snapkit-config reset
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const yargs = require('yargs/yargs');
const { hideBin } = require('yargs/helpers');

const DEFAULTS = Object.freeze({
  outputDir: 'screenshots',
  format: 'png',
  quality: 90,
  viewport: '1280x800',
  fullPage: false,
  tokenEnv: 'SNAPKIT_TOKEN',
});

const SCHEMA = {
  outputDir: (v) => String(v),
  format: (v) => {
    if (!['png', 'jpeg', 'webp'].includes(v)) throw new Error('format must be png, jpeg or webp');
    return v;
  },
  quality: (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error('quality must be 1-100');
    return n;
  },
  viewport: (v) => {
    if (!/^\d+x\d+$/.test(v)) throw new Error('viewport must look like 1280x800');
    return v;
  },
  fullPage: (v) => v === true || v === 'true',
  tokenEnv: (v) => {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(v)) throw new Error('tokenEnv must be an env var name');
    return v;
  },
};

function configPath() {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'snapkit', 'config.json');
}

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(fs.readFileSync(configPath(), 'utf8')) };
  } catch (err) {
    if (err.code === 'ENOENT') return { ...DEFAULTS };
    throw new Error(`cannot read ${configPath()}: ${err.message}`);
  }
}

function save(cfg) {
  const file = configPath();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(cfg, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
  return file;
}

function checkKey(key) {
  if (!(key in SCHEMA)) {
    throw new Error(`unknown key "${key}"; valid keys: ${Object.keys(SCHEMA).join(', ')}`);
  }
}

yargs(hideBin(process.argv))
  .scriptName('snapkit-config')
  .command('get <key>', 'print one setting', () => {}, ({ key }) => {
    checkKey(key);
    console.log(load()[key]);
  })
  .command('set <key> <value>', 'change one setting', () => {}, ({ key, value }) => {
    checkKey(key);
    const cfg = load();
    cfg[key] = SCHEMA[key](value);
    console.log(`saved ${save(cfg)}`);
  })
  .command('list', 'print all settings', () => {}, () => {
    const cfg = load();
    for (const [k, v] of Object.entries(cfg)) console.log(`${k.padEnd(10)} ${v}`);
  })
  .command('reset', 'restore defaults', () => {}, () => {
    console.log(`reset ${save({ ...DEFAULTS })}`);
  })
  .demandCommand(1)
  .strict()
  .fail((msg, err) => {
    console.error(`error: ${err ? err.message : msg}`);
    process.exit(1);
  })
  .parse();
