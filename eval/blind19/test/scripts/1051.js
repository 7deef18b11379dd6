#!/usr/bin/env node
// tools/sqitch.js - wrapper around sqitch for the billing database.
//
//   node tools/sqitch.js status [target]
//   node tools/sqitch.js deploy [target]
//   node tools/sqitch.js revert [target] --to CHANGE   (local targets only)
//   node tools/sqitch.js rebuild                       revert everything + deploy + verify (local only)
//   node tools/sqitch.js add NAME -n "note"
//
// Targets come from sqitch.conf ([target "local"], [target "ci"], ...). The
// destructive commands check the target URI's host before running.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONF = path.join(ROOT, 'sqitch.conf');
const DEFAULT_TARGET = 'local';
const LOCAL_HOSTS = ['localhost', '127.0.0.1', 'db', ''];
const AUDIT = path.join(ROOT, 'build', 'sqitch-audit.log');

function parseConf(text) {
  const targets = {};
  let current = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const section = line.match(/^\[target "([^"]+)"\]$/);
    if (section) {
      current = section[1];
      targets[current] = {};
      continue;
    }
    if (line.startsWith('[')) {
      current = null;
      continue;
    }
    const kv = line.match(/^(\w+)\s*=\s*(.+)$/);
    if (current && kv) targets[current][kv[1]] = kv[2];
  }
  return targets;
}

function targetInfo(name) {
  const targets = parseConf(fs.readFileSync(CONF, 'utf8'));
  const target = targets[name];
  if (!target || !target.uri) throw new Error(`no [target "${name}"] with a uri in sqitch.conf`);
  // db:pg://user@host:5432/billing  or  db:pg:billing (socket)
  const uri = target.uri;
  const m = uri.match(/^db:(\w+):(?:\/\/(?:[^@/]*@)?([^:/]*)(?::(\d+))?)?\/?(.*)$/);
  if (!m) throw new Error(`cannot parse target uri ${uri}`);
  return { name, uri, engine: m[1], host: m[2] || '', port: m[3] || '', database: m[4] };
}

function requireLocal(info, action) {
  if (!LOCAL_HOSTS.includes(info.host)) {
    throw new Error(`${action} refused: target ${info.name} points at ${info.host}`);
  }
}

function sqitch(args, { capture = false } = {}) {
  console.log(`$ sqitch ${args.join(' ')}`);
  const r = spawnSync('sqitch', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    if (capture && r.stderr) process.stderr.write(r.stderr);
    throw new Error(`sqitch ${args[0]} exited ${r.status}`);
  }
  return capture ? r.stdout : '';
}

function audit(entry) {
  fs.mkdirSync(path.dirname(AUDIT), { recursive: true, mode: 0o755 });
  fs.appendFileSync(AUDIT, `${new Date().toISOString()} ${JSON.stringify(entry)}\n`);
}

function planChanges() {
  const plan = fs.readFileSync(path.join(ROOT, 'sqitch.plan'), 'utf8');
  return plan
    .split('\n')
    .filter((l) => l && !l.startsWith('%') && !l.startsWith('#') && !l.startsWith('@'))
    .map((l) => l.split(/\s+/)[0]);
}

function checkScripts() {
  const missing = [];
  for (const change of planChanges()) {
    for (const dir of ['deploy', 'revert', 'verify']) {
      const file = path.join(ROOT, dir, `${change}.sql`);
      if (!fs.existsSync(file)) missing.push(path.relative(ROOT, file));
    }
  }
  return missing;
}

function parseFlags(argv) {
  const flags = { positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--to') flags.to = argv[++i];
    else if (a === '-n' || a === '--note') flags.note = argv[++i];
    else if (a === '-y' || a === '--yes') flags.yes = true;
    else flags.positional.push(a);
  }
  return flags;
}

function status(targetName) {
  const info = targetInfo(targetName);
  console.log(`${info.name}: ${info.engine} ${info.host || '(socket)'} ${info.database}`);
  sqitch(['status', '--target', targetName, '--show-changes']);
}

function deploy(targetName) {
  const info = targetInfo(targetName);
  const missing = checkScripts();
  if (missing.length) throw new Error(`missing scripts:\n  ${missing.join('\n  ')}`);
  sqitch(['deploy', '--target', targetName, '--verify']);
  audit({ action: 'deploy', target: info.name, host: info.host });
}

function revert(targetName, to, yes) {
  const info = targetInfo(targetName);
  requireLocal(info, 'revert');
  const args = ['revert', '--target', targetName];
  if (to) args.push('--to', to);
  if (yes) args.push('-y');
  sqitch(args);
  audit({ action: 'revert', target: info.name, to: to || 'root' });
}

function rebuild() {
  const info = targetInfo(DEFAULT_TARGET);
  requireLocal(info, 'rebuild');
  sqitch(['revert', '--target', DEFAULT_TARGET, '-y']);
  sqitch(['deploy', '--target', DEFAULT_TARGET]);
  sqitch(['verify', '--target', DEFAULT_TARGET]);
  audit({ action: 'rebuild', target: info.name });
}

function add(name, note) {
  if (!/^[a-z][a-z0-9_]+$/.test(name)) throw new Error('change names are lower_snake_case');
  if (!note) throw new Error('add needs -n "note"');
  sqitch(['add', name, '-n', note]);
  console.log(`edit deploy/${name}.sql, revert/${name}.sql and verify/${name}.sql`);
}

function usage() {
  const head = fs.readFileSync(__filename, 'utf8').split('\n').slice(1, 11);
  console.log(head.map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
}

function main() {
  const [cmd, ...rest] = process.argv.slice(2);
  const flags = parseFlags(rest);
  const target = flags.positional[0] || DEFAULT_TARGET;
  switch (cmd) {
    case 'status':
      return status(target);
    case 'deploy':
      return deploy(target);
    case 'revert':
      return revert(target, flags.to, flags.yes);
    case 'rebuild':
      return rebuild();
    case 'add':
      return add(flags.positional[0], flags.note);
    case 'check': {
      const missing = checkScripts();
      if (missing.length) {
        console.log(missing.join('\n'));
        process.exitCode = 1;
      } else console.log(`${planChanges().length} change(s), all scripts present`);
      return undefined;
    }
    default:
      usage();
      process.exitCode = cmd ? 2 : 0;
  }
  return undefined;
}

try {
  main();
} catch (err) {
  console.error(`sqitch.js: ${err.message}`);
  process.exitCode = 1;
}
