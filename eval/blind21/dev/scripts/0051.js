#!/usr/bin/env node
// scripts/local-publish.js
//
// Publish every workspace package to a throwaway Verdaccio on 127.0.0.1 so
// the example apps can be installed exactly as users would install them.
//
//   node scripts/local-publish.js            start verdaccio, publish, keep it running
//   node scripts/local-publish.js --stop     stop the verdaccio this script started
//   node scripts/local-publish.js --clean    stop it and delete .verdaccio/storage
//
// The Verdaccio child is spawned by us; its pid goes to .verdaccio/pid and
// --stop only signals that pid after checking it is still a verdaccio process.
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');

const ROOT = path.resolve(__dirname, '..');
const STATE = path.join(ROOT, '.verdaccio');
const PIDFILE = path.join(STATE, 'pid');
const STORAGE = path.join(STATE, 'storage');
const CONFIG = path.join(STATE, 'config.yaml');
const PORT = Number(process.env.VERDACCIO_PORT || 4873);
const REGISTRY = `http://127.0.0.1:${PORT}/`;

function die(msg, code = 1) {
  console.error(`local-publish: ${msg}`);
  process.exit(code);
}

function writeConfig() {
  fs.mkdirSync(STORAGE, { recursive: true });
  const yaml = [
    `storage: ${STORAGE}`,
    'auth:',
    '  htpasswd:',
    `    file: ${path.join(STATE, 'htpasswd')}`,
    '    max_users: 10',
    'uplinks:',
    '  npmjs:',
    '    url: https://registry.npmjs.org/',
    'packages:',
    "  '@acme/*':",
    '    access: $all',
    '    publish: $authenticated',
    "  '**':",
    '    access: $all',
    '    proxy: npmjs',
    `listen: 127.0.0.1:${PORT}`,
    'log: { type: file, path: ' + path.join(STATE, 'verdaccio.log') + ', level: warn }',
    '',
  ].join('\n');
  fs.writeFileSync(CONFIG, yaml);
}

function ping(timeoutMs = 1000) {
  return new Promise((resolve) => {
    const req = http.get(`${REGISTRY}-/ping`, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

async function waitUp(seconds = 30) {
  const until = Date.now() + seconds * 1000;
  let delay = 200;
  while (Date.now() < until) {
    if (await ping()) return;
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 2000);
  }
  die(`verdaccio did not answer on ${REGISTRY} within ${seconds}s`);
}

function readPid() {
  try {
    return Number(fs.readFileSync(PIDFILE, 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

function isOurVerdaccio(pid) {
  if (!pid) return false;
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return cmd.includes('verdaccio') && cmd.includes(CONFIG);
  } catch {
    try {
      process.kill(pid, 0);
      return true; // no /proc (macOS): the pid file is ours and the pid is alive
    } catch {
      return false;
    }
  }
}

async function start() {
  const existing = readPid();
  if (isOurVerdaccio(existing) && (await ping())) {
    console.log(`verdaccio already running (pid ${existing})`);
    return;
  }
  writeConfig();
  const bin = path.join(ROOT, 'node_modules', '.bin', 'verdaccio');
  if (!fs.existsSync(bin)) die('verdaccio is not installed (npm i -D verdaccio)');
  const out = fs.openSync(path.join(STATE, 'stdout.log'), 'a');
  const child = spawn(bin, ['--config', CONFIG], { detached: true, stdio: ['ignore', out, out] });
  child.unref();
  fs.writeFileSync(PIDFILE, String(child.pid));
  console.log(`started verdaccio pid ${child.pid}`);
  await waitUp();
}

function stop() {
  const pid = readPid();
  if (!pid) {
    console.log('no verdaccio pid recorded');
    return;
  }
  if (!isOurVerdaccio(pid)) {
    console.log(`pid ${pid} is not our verdaccio any more; leaving it alone`);
  } else {
    process.kill(pid, 'SIGTERM');
    console.log(`stopped verdaccio pid ${pid}`);
  }
  fs.rmSync(PIDFILE, { force: true });
}

function workspaces() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const globs = pkg.workspaces || [];
  const dirs = [];
  for (const g of globs) {
    const base = path.join(ROOT, g.replace(/\/\*$/, ''));
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base)) {
      const dir = path.join(base, entry);
      if (fs.existsSync(path.join(dir, 'package.json'))) dirs.push(dir);
    }
  }
  return dirs;
}

function ensureUser() {
  // verdaccio's htpasswd is local to .verdaccio; a fixed throwaway user is fine
  const npmrc = path.join(STATE, '.npmrc');
  if (fs.existsSync(npmrc)) return npmrc;
  const body = JSON.stringify({ name: 'local', password: 'local-only' });
  const res = execFileSync('curl', ['-fsS', '-X', 'PUT', '-H', 'Content-Type: application/json',
    '-d', body, `${REGISTRY}-/user/org.couchdb.user:local`], { encoding: 'utf8' });
  const { token } = JSON.parse(res);
  fs.writeFileSync(npmrc, `//127.0.0.1:${PORT}/:_authToken=${token}\nregistry=${REGISTRY}\n`);
  return npmrc;
}

function publish(dir, npmrc) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (manifest.private) {
    console.log(`  skip ${manifest.name} (private)`);
    return false;
  }
  try {
    execFileSync('npm', ['publish', '--registry', REGISTRY, '--userconfig', npmrc, '--tag', 'local'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    console.log(`  published ${manifest.name}@${manifest.version}`);
    return true;
  } catch (err) {
    const stderr = String(err.stderr || '');
    if (stderr.includes('EPUBLISHCONFLICT') || stderr.includes('409')) {
      console.log(`  ${manifest.name}@${manifest.version} already in local registry`);
      return false;
    }
    throw err;
  }
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (args.has('--stop') || args.has('--clean')) {
    stop();
    if (args.has('--clean')) {
      fs.rmSync(STATE, { recursive: true, force: true });
      console.log('removed .verdaccio/');
    }
    return;
  }
  await start();
  const npmrc = ensureUser();
  let n = 0;
  for (const dir of workspaces()) {
    if (publish(dir, npmrc)) n += 1;
  }
  console.log(`${n} package(s) published to ${REGISTRY}`);
  console.log(`install with: npm install --registry ${REGISTRY} @acme/<pkg>@local`);
  console.log('stop with:    node scripts/local-publish.js --stop');
}

process.on('SIGINT', () => {
  console.log('\ninterrupted; verdaccio keeps running, use --stop');
  process.exit(130);
});

main().catch((err) => die(err.stack || String(err)));
