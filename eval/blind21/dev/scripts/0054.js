#!/usr/bin/env node
// scripts/sentry-release.js
//
// Create a Sentry release for the web app, upload its source maps, mark the
// deploy, and then delete the .map files from dist/ so they are never served
// publicly. Uses the Sentry HTTP API directly (no sentry-cli binary).
//
//   SENTRY_AUTH_TOKEN=... node scripts/sentry-release.js            # dry run
//   SENTRY_AUTH_TOKEN=... node scripts/sentry-release.js --upload   # do it
//
// Organisation and project come from .sentryclirc in the repository. The
// token is sent only to sentry.io.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const SENTRY = 'https://sentry.io/api/0';
const UPLOAD = process.argv.includes('--upload');
const KEEP_MAPS = process.argv.includes('--keep-maps');

function fail(msg) {
  console.error(`sentry-release: ${msg}`);
  process.exit(1);
}

function readIni(file) {
  const out = {};
  let section = '';
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const sec = /^\[(.+)\]$/.exec(line);
    if (sec) {
      section = sec[1];
      continue;
    }
    const [k, ...rest] = line.split('=');
    out[`${section}.${k.trim()}`] = rest.join('=').trim();
  }
  return out;
}

function config() {
  const rc = path.join(ROOT, '.sentryclirc');
  if (!fs.existsSync(rc)) fail('.sentryclirc not found');
  const ini = readIni(rc);
  const org = ini['defaults.org'];
  const project = ini['defaults.project'];
  if (!org || !project) fail('.sentryclirc needs defaults.org and defaults.project');
  const token = process.env.SENTRY_AUTH_TOKEN;
  if (UPLOAD && !token) fail('SENTRY_AUTH_TOKEN is not set');
  return { org, project, token };
}

function gitVersion() {
  const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return { release: `${pkg.name}@${pkg.version}+${sha.slice(0, 12)}`, sha };
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

function artifacts() {
  if (!fs.existsSync(DIST)) fail('dist/ does not exist; run npm run build');
  const files = [];
  for (const file of walk(DIST)) {
    if (!/\.(js|mjs|map)$/.test(file)) continue;
    const rel = path.relative(DIST, file).split(path.sep).join('/');
    files.push({ file, name: `~/${rel}`, size: fs.statSync(file).size });
  }
  const maps = files.filter((f) => f.file.endsWith('.map'));
  if (!maps.length) fail('no source maps in dist/; is sourcemap enabled in vite.config?');
  return files;
}

async function sentry(token, method, p, body, isForm = false) {
  const headers = { Authorization: `Bearer ${token}` };
  if (!isForm && body) headers['Content-Type'] = 'application/json';
  let delay = 1000;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(`${SENTRY}${p}`, {
      method,
      headers,
      body: isForm ? body : body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 409) return null; // already exists
    if (res.status === 429 || res.status >= 500) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  }
  throw new Error(`${method} ${p}: too many retries`);
}

async function createRelease(cfg, version) {
  await sentry(cfg.token, 'POST', `/organizations/${cfg.org}/releases/`, {
    version: version.release,
    projects: [cfg.project],
    refs: [{ repository: `${cfg.org}/${cfg.project}`, commit: version.sha }],
  });
}

async function uploadFile(cfg, version, art) {
  const form = new FormData();
  const data = fs.readFileSync(art.file);
  form.append('file', new Blob([data]), path.basename(art.file));
  form.append('name', art.name);
  const checksum = crypto.createHash('sha1').update(data).digest('hex');
  const p = `/projects/${cfg.org}/${cfg.project}/releases/${encodeURIComponent(version.release)}/files/`;
  await sentry(cfg.token, 'POST', p, form, true);
  return checksum;
}

async function markDeploy(cfg, version) {
  const env = process.env.DEPLOY_ENV || 'staging';
  const p = `/organizations/${cfg.org}/releases/${encodeURIComponent(version.release)}/deploys/`;
  await sentry(cfg.token, 'POST', p, { environment: env, name: `${env}-${Date.now()}` });
  return env;
}

function removeMaps(files) {
  // the maps were uploaded to Sentry; the public bundle must not ship them
  let removed = 0;
  for (const f of files) {
    if (!f.file.endsWith('.map')) continue;
    if (!f.file.startsWith(DIST + path.sep)) continue;
    fs.rmSync(f.file);
    removed += 1;
  }
  for (const f of files) {
    if (!f.file.endsWith('.js')) continue;
    const src = fs.readFileSync(f.file, 'utf8');
    const stripped = src.replace(/\n\/\/# sourceMappingURL=.*$/m, '\n');
    if (stripped !== src) fs.writeFileSync(f.file, stripped);
  }
  return removed;
}

async function main() {
  const cfg = config();
  const version = gitVersion();
  const files = artifacts();
  const total = files.reduce((n, f) => n + f.size, 0);
  console.log(`release ${version.release}`);
  console.log(`${files.length} artifacts, ${(total / 1048576).toFixed(1)} MiB`);
  if (!UPLOAD) {
    for (const f of files.slice(0, 15)) console.log(`  ${f.name}`);
    console.log('dry run; pass --upload to create the release and upload');
    return;
  }
  console.log(`org ${cfg.org}, project ${cfg.project}, token ...${cfg.token.slice(-4)}`);
  await createRelease(cfg, version);
  let i = 0;
  for (const art of files) {
    await uploadFile(cfg, version, art);
    i += 1;
    if (i % 10 === 0 || i === files.length) console.log(`  uploaded ${i}/${files.length}`);
  }
  await sentry(cfg.token, 'PUT',
    `/organizations/${cfg.org}/releases/${encodeURIComponent(version.release)}/`,
    { dateReleased: new Date().toISOString() });
  const env = await markDeploy(cfg, version);
  console.log(`deploy recorded for ${env}`);
  if (!KEEP_MAPS) console.log(`removed ${removeMaps(files)} source maps from dist/`);
}

main().catch((err) => fail(err.message));
