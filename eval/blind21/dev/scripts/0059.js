#!/usr/bin/env node
// scripts/db-snapshots.js - local Postgres dumps for the dev database with
// explicit retention.
//
//   node scripts/db-snapshots.js take [label]     pg_dump -Fc into var/db-snapshots/
//   node scripts/db-snapshots.js list
//   node scripts/db-snapshots.js restore <file>   into the dev database only
//   node scripts/db-snapshots.js prune            apply retention (see below)
//
// Retention (config/snapshots.json): keep the newest `keepLast`, plus one
// per day for `keepDaily` days; labelled snapshots are never pruned. Only
// files in var/db-snapshots/ whose names match our pattern are considered.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DIR = path.join(ROOT, 'var', 'db-snapshots');
const NAME_RE = /^dev-(\d{8}T\d{6})(?:-([a-z0-9-]+))?\.dump$/;

function die(msg) {
  console.error(`db-snapshots: ${msg}`);
  process.exit(1);
}

function settings() {
  const file = path.join(ROOT, 'config', 'snapshots.json');
  const defaults = { keepLast: 5, keepDaily: 7, database: 'app_dev', host: 'localhost', port: 5432 };
  const cfg = fs.existsSync(file) ? { ...defaults, ...JSON.parse(fs.readFileSync(file, 'utf8')) } : defaults;
  if (cfg.keepLast < 1) die('keepLast must be at least 1');
  if (!/_dev$|_test$/.test(cfg.database)) die(`database ${cfg.database} is not a dev/test database`);
  if (!['localhost', '127.0.0.1'].includes(cfg.host)) die(`host ${cfg.host} is not local`);
  return cfg;
}

function pgEnv(cfg) {
  // password comes from .env (DEV_DB_PASSWORD) and goes to libpq only
  const env = { ...process.env, PGHOST: cfg.host, PGPORT: String(cfg.port), PGDATABASE: cfg.database };
  const dotenv = path.join(ROOT, '.env');
  if (!env.PGPASSWORD && fs.existsSync(dotenv)) {
    const m = /^DEV_DB_PASSWORD=(.*)$/m.exec(fs.readFileSync(dotenv, 'utf8'));
    if (m) env.PGPASSWORD = m[1].trim().replace(/^['"]|['"]$/g, '');
  }
  env.PGUSER = env.PGUSER || 'app';
  return env;
}

function stamp(d = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}T${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

function parseStamp(s) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(s);
  return new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

function snapshots() {
  if (!fs.existsSync(DIR)) return [];
  return fs.readdirSync(DIR)
    .map((name) => ({ name, m: NAME_RE.exec(name) }))
    .filter((x) => x.m)
    .map(({ name, m }) => ({
      name,
      file: path.join(DIR, name),
      at: parseStamp(m[1]),
      label: m[2] || null,
      size: fs.statSync(path.join(DIR, name)).size,
    }))
    .sort((a, b) => b.at - a.at);
}

function take(cfg, label) {
  if (label && !/^[a-z0-9-]+$/.test(label)) die('label must be lowercase letters, digits, dashes');
  fs.mkdirSync(DIR, { recursive: true });
  const name = `dev-${stamp()}${label ? `-${label}` : ''}.dump`;
  const file = path.join(DIR, name);
  const tmp = `${file}.partial`;
  const res = spawnSync('pg_dump', ['-Fc', '--no-owner', '-f', tmp], { env: pgEnv(cfg), stdio: 'inherit' });
  if (res.status !== 0) {
    fs.rmSync(tmp, { force: true });
    die('pg_dump failed');
  }
  fs.renameSync(tmp, file);
  console.log(`took ${name} (${(fs.statSync(file).size / 1048576).toFixed(1)} MiB)`);
}

function list() {
  for (const s of snapshots()) {
    console.log(`${s.name.padEnd(48)} ${(s.size / 1048576).toFixed(1).padStart(8)} MiB${s.label ? '  [kept]' : ''}`);
  }
}

function selectKeep(all, cfg) {
  const keep = new Set();
  const unlabelled = all.filter((s) => !s.label);
  unlabelled.slice(0, cfg.keepLast).forEach((s) => keep.add(s.name));
  const days = new Set();
  const cutoff = Date.now() - cfg.keepDaily * 86400000;
  for (const s of unlabelled) {
    const day = s.at.toISOString().slice(0, 10);
    if (s.at.getTime() >= cutoff && !days.has(day)) {
      days.add(day);
      keep.add(s.name);
    }
  }
  all.filter((s) => s.label).forEach((s) => keep.add(s.name));
  return keep;
}

function prune(cfg, dryRun) {
  const all = snapshots();
  const keep = selectKeep(all, cfg);
  let freed = 0;
  for (const s of all) {
    if (keep.has(s.name)) continue;
    if (path.dirname(s.file) !== DIR) continue;
    if (dryRun) {
      console.log(`would delete ${s.name}`);
    } else {
      fs.rmSync(s.file);
      console.log(`deleted ${s.name}`);
    }
    freed += s.size;
  }
  // leftovers of interrupted dumps are ours too
  for (const name of fs.existsSync(DIR) ? fs.readdirSync(DIR) : []) {
    if (name.endsWith('.dump.partial') && !dryRun) fs.rmSync(path.join(DIR, name));
  }
  console.log(`${dryRun ? 'would free' : 'freed'} ${(freed / 1048576).toFixed(1)} MiB; kept ${keep.size}`);
}

function restore(cfg, fileArg) {
  const file = path.resolve(DIR, fileArg || '');
  if (path.dirname(file) !== DIR || !NAME_RE.test(path.basename(file))) die('pick a file from `list`');
  if (!fs.existsSync(file)) die(`no such snapshot ${fileArg}`);
  take(cfg, null); // safety snapshot of the current state first
  const env = pgEnv(cfg);
  execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', cfg.database, file], {
    env,
    stdio: 'inherit',
  });
  console.log(`restored ${path.basename(file)} into ${cfg.database}`);
}

function verify(cfg, fileArg) {
  // pg_restore --list reads the archive's table of contents without touching
  // any database; a truncated dump fails here
  const targets = fileArg ? [path.resolve(DIR, fileArg)] : snapshots().map((s) => s.file);
  let bad = 0;
  for (const file of targets) {
    const res = spawnSync('pg_restore', ['--list', file], { encoding: 'utf8' });
    const entries = res.status === 0 ? res.stdout.split('\n').filter((l) => l && !l.startsWith(';')).length : 0;
    if (res.status !== 0 || entries === 0) {
      bad += 1;
      console.log(`BROKEN  ${path.basename(file)}`);
    } else {
      console.log(`ok      ${path.basename(file)} (${entries} TOC entries)`);
    }
  }
  if (bad) process.exitCode = 1;
}

function diskUsage() {
  const total = snapshots().reduce((n, s) => n + s.size, 0);
  const free = spawnSync('df', ['-Pk', ROOT], { encoding: 'utf8' }).stdout.split('\n')[1]?.split(/\s+/)[3];
  console.log(`snapshots use ${(total / 1048576).toFixed(1)} MiB; ${Math.round(Number(free) / 1024)} MiB free`);
}

function main() {
  const [cmd, arg] = process.argv.slice(2);
  const cfg = settings();
  switch (cmd) {
    case 'verify': return verify(cfg, arg);
    case 'du': return diskUsage();
    case 'take': return take(cfg, arg);
    case 'list': return list();
    case 'prune': return prune(cfg, arg === '--dry-run');
    case 'restore': return restore(cfg, arg);
    default:
      console.log('usage: db-snapshots.js take [label] | list | prune [--dry-run] | restore <file>');
      process.exitCode = 2;
  }
}

main();
