#!/usr/bin/env node
// `harbormaster config` - read and write the CLI's YAML settings at
// ~/.config/harbormaster/settings.yaml (respects XDG_CONFIG_HOME).
'use strict';

const { Command, InvalidArgumentError } = require('commander');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const YAML = require('yaml');

const TOOL = 'harbormaster';

const settingsFile = () =>
  path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), TOOL, 'settings.yaml');

const defaults = {
  registry: 'registry.internal',
  namespace: 'apps',
  parallel: 4,
  color: true,
  credentialsEnv: 'HARBORMASTER_TOKEN',
};

const parsers = {
  registry: (v) => {
    if (!/^[a-z0-9.-]+(:\d+)?$/.test(v)) throw new InvalidArgumentError('not a registry host');
    return v;
  },
  namespace: (v) => {
    if (!/^[a-z0-9-]+$/.test(v)) throw new InvalidArgumentError('lowercase letters, digits, dashes');
    return v;
  },
  parallel: (v) => {
    const n = Number.parseInt(v, 10);
    if (!(n >= 1 && n <= 32)) throw new InvalidArgumentError('1..32');
    return n;
  },
  color: (v) => ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase()),
  credentialsEnv: (v) => {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(v)) throw new InvalidArgumentError('must be an env var name');
    return v;
  },
};

function read() {
  const file = settingsFile();
  if (!fs.existsSync(file)) return { ...defaults };
  return { ...defaults, ...(YAML.parse(fs.readFileSync(file, 'utf8')) || {}) };
}

function write(settings) {
  const file = settingsFile();
  fs.mkdirSync(path.dirname(file), { mode: 0o700, recursive: true });
  const body = `# ${TOOL} settings\n` + YAML.stringify(settings);
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, body, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

const program = new Command('harbormaster-config').description('manage harbormaster settings');

program
  .command('show')
  .option('--json', 'print as JSON')
  .action((opts) => {
    const s = read();
    console.log(opts.json ? JSON.stringify(s, null, 2) : YAML.stringify(s).trimEnd());
  });

program
  .command('set')
  .argument('<key>', `one of: ${Object.keys(parsers).join(', ')}`)
  .argument('<value>')
  .action((key, value) => {
    if (!parsers[key]) {
      console.error(`unknown key ${key}`);
      process.exit(2);
    }
    const s = read();
    s[key] = parsers[key](value);
    write(s);
    console.log(`${key}: ${s[key]}`);
  });

program
  .command('reset')
  .option('-y, --yes', 'do not ask')
  .action((opts) => {
    if (!opts.yes) {
      console.error('pass --yes to reset all settings to defaults');
      process.exit(1);
    }
    write({ ...defaults });
    console.log(`reset ${settingsFile()}`);
  });

program.command('where').action(() => console.log(settingsFile()));

program.parse();
