#!/usr/bin/env node
// scripts/bw-run.js - run a command with secrets from Bitwarden (bw CLI).
//
//   node scripts/bw-run.js -- npm run dev
//   node scripts/bw-run.js --list
//
// secrets.bw.json maps env names to Bitwarden items:
//   { "MAPBOX_TOKEN": { "item": "Mapbox dev", "field": "password" },
//     "SENTRY_DSN":   { "item": "Sentry frontend", "field": "notes" } }
// The vault must be unlocked (BW_SESSION in the environment). Values are put
// into the child process's environment only; BW_SESSION is not passed on.
'use strict';

const { execFile, spawn } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const MAP_FILE = path.join(ROOT, 'secrets.bw.json');

function loadMapping() {
  if (!fs.existsSync(MAP_FILE)) throw new Error('secrets.bw.json not found');
  const mapping = JSON.parse(fs.readFileSync(MAP_FILE, 'utf8'));
  for (const [name, spec] of Object.entries(mapping)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`bad variable name ${name}`);
    if (!spec.item) throw new Error(`${name}: missing "item"`);
  }
  return mapping;
}

async function bw(args) {
  const { stdout } = await run('bw', [...args, '--nointeraction'], {
    env: process.env,
    maxBuffer: 8 << 20,
  });
  return stdout;
}

async function ensureUnlocked() {
  if (!process.env.BW_SESSION) throw new Error('vault locked: export BW_SESSION=$(bw unlock --raw)');
  const status = JSON.parse(await bw(['status']));
  if (status.status !== 'unlocked') throw new Error(`vault is ${status.status}; run bw unlock`);
  return status.userEmail;
}

async function syncVault() {
  await bw(['sync']);
}

function pickField(item, field) {
  switch (field || 'password') {
    case 'password':
      return item.login && item.login.password;
    case 'username':
      return item.login && item.login.username;
    case 'notes':
      return item.notes;
    case 'totp':
      return null;
    default: {
      const custom = (item.fields || []).find((f) => f.name === field);
      return custom ? custom.value : undefined;
    }
  }
}

async function resolve(mapping) {
  const values = {};
  const problems = [];
  const cache = new Map();
  for (const [name, spec] of Object.entries(mapping)) {
    try {
      if (!cache.has(spec.item)) {
        cache.set(spec.item, JSON.parse(await bw(['get', 'item', spec.item])));
      }
      const value = pickField(cache.get(spec.item), spec.field);
      if (value == null || value === '') problems.push(`${name}: field ${spec.field || 'password'} is empty`);
      else values[name] = String(value).trim();
    } catch (err) {
      problems.push(`${name}: ${String(err.stderr || err.message).trim().split('\n').pop()}`);
    }
  }
  return { values, problems };
}

function list(mapping, values, problems) {
  const width = Math.max(...Object.keys(mapping).map((k) => k.length));
  for (const [name, spec] of Object.entries(mapping)) {
    const state = name in values ? `ok (${values[name].length} chars)` : 'MISSING';
    console.log(`${name.padEnd(width)}  ${spec.item} / ${spec.field || 'password'}  ${state}`);
  }
  if (problems.length) console.log(`\n${problems.join('\n')}`);
}

function spawnWith(values, command) {
  const env = { ...process.env, ...values };
  delete env.BW_SESSION;
  const child = spawn(command[0], command.slice(1), { cwd: ROOT, env, stdio: 'inherit' });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => {
    process.exitCode = signal ? 130 : code;
  });
}

function gitignored(file) {
  try {
    require('node:child_process').execFileSync('git', ['check-ignore', '-q', file], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

function warnAboutEnvFiles(values) {
  // a stale .env with the same names silently wins in some frameworks
  const envFile = path.join(ROOT, '.env');
  if (!fs.existsSync(envFile)) return;
  const names = fs
    .readFileSync(envFile, 'utf8')
    .split('\n')
    .map((l) => l.split('=')[0].trim());
  const clash = names.filter((n) => n in values);
  if (clash.length) console.error(`note: .env also sets ${clash.join(', ')}`);
  if (!gitignored('.env')) console.error('warning: .env is not git-ignored');
}

function lintMapping(mapping) {
  // same item used for several variables is fine; same variable twice is not possible in JSON,
  // but a production item name in a dev mapping usually is a mistake
  const suspicious = Object.entries(mapping)
    .filter(([, spec]) => /\b(prod|production|live)\b/i.test(spec.item))
    .map(([name, spec]) => `${name} -> "${spec.item}"`);
  if (suspicious.length) {
    console.error(`warning: these look like production items:\n  ${suspicious.join('\n  ')}`);
  }
  return suspicious.length;
}

async function lastSync() {
  try {
    const status = JSON.parse(await bw(['status']));
    return status.lastSync ? new Date(status.lastSync) : null;
  } catch {
    return null;
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const sep = argv.indexOf('--');
  const synced = await lastSync();
  if (synced && Date.now() - synced.getTime() > 7 * 86400000) {
    console.error('note: vault not synced for over a week; pass --sync');
  }
  const command = sep === -1 ? [] : argv.slice(sep + 1);
  const listOnly = argv.includes('--list');
  if (!listOnly && command.length === 0) throw new Error('usage: bw-run.js [--list] -- <command...>');

  const mapping = loadMapping();
  lintMapping(mapping);
  const who = await ensureUnlocked();
  if (argv.includes('--sync')) await syncVault();
  const { values, problems } = await resolve(mapping);
  if (listOnly) {
    console.log(`vault: ${who}`);
    list(mapping, values, problems);
    return;
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  warnAboutEnvFiles(values);
  console.error(`bw-run: ${Object.keys(values).length} secret(s) from ${who}`);
  spawnWith(values, command);
}

main().catch((err) => {
  console.error(`bw-run: ${err.message}`);
  process.exitCode = 1;
});
