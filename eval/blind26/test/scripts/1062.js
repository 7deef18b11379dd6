#!/usr/bin/env node
// tools/zenodo-draft.js - rehearse a dataset release on the Zenodo sandbox.
//
// Usage
//   node tools/zenodo-draft.js                 # sandbox.zenodo.org (default)
//   node tools/zenodo-draft.js --production    # zenodo.org, still only a draft
//
// Steps
//   1. read .zenodo.json (metadata) and release/ (files)
//   2. POST /api/deposit/depositions to create an empty draft
//   3. PUT every file into the draft's bucket link (the host of that link is
//      checked to be the same Zenodo host before the token is sent)
//   4. PUT the metadata and print the draft URL for review
// Publishing is never done by this script; that is a manual click after
// review, because a published DOI cannot be deleted.
//
// Auth: ZENODO_SANDBOX_TOKEN / ZENODO_TOKEN from the environment or .env,
// sent only as a Bearer header to the selected Zenodo host.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const RELEASE = path.join(ROOT, 'release');
const HOSTS = { sandbox: 'https://sandbox.zenodo.org', production: 'https://zenodo.org' };

function dotenv() {
  const out = {};
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return out;
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  for (const l of lines) {
    const idx = l.indexOf('=');
    if (idx > 0 && !l.trimStart().startsWith('#')) out[l.slice(0, idx).trim()] = l.slice(idx + 1).trim();
  }
  return out;
}

function config() {
  const production = process.argv.includes('--production');
  const env = { ...dotenv(), ...process.env };
  const token = production ? env.ZENODO_TOKEN : env.ZENODO_SANDBOX_TOKEN;
  if (!token) throw new Error(`${production ? 'ZENODO_TOKEN' : 'ZENODO_SANDBOX_TOKEN'} not set`);
  return { base: production ? HOSTS.production : HOSTS.sandbox, token, production };
}

function api(cfg) {
  const origin = new URL(cfg.base).origin;
  async function call(url, init = {}) {
    const target = new URL(url, cfg.base);
    if (target.origin !== origin) throw new Error(`refusing to send the token to ${target.origin}`);
    const res = await fetch(target, {
      ...init,
      headers: { Authorization: `Bearer ${cfg.token}`, ...(init.headers || {}) },
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method || 'GET'} ${target.pathname}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : {};
  }
  return call;
}

function loadMetadata() {
  const meta = JSON.parse(fs.readFileSync(path.join(ROOT, '.zenodo.json'), 'utf8'));
  const required = ['title', 'upload_type', 'description', 'creators'];
  const missing = required.filter((k) => !meta[k]);
  if (missing.length) throw new Error(`.zenodo.json missing: ${missing.join(', ')}`);
  return meta;
}

function releaseFiles() {
  const files = [];
  const walk = (dir) => {
    const list = fs.readdirSync(dir, { withFileTypes: true });
    for (const e of list) {
      if (e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(RELEASE);
  if (!files.length) throw new Error('release/ is empty');
  const nested = files.filter((f) => path.dirname(f) !== RELEASE);
  if (nested.length) throw new Error('Zenodo has no folders; flatten release/ or zip subfolders first');
  return files;
}

const JSON_HEADERS = Object.freeze({ 'Content-Type': 'application/json' });

// Zenodo's metadata validation only runs on publish; catch the common
// problems here so the draft does not fail later.
function lintMetadata(meta) {
  const problems = [];
  const types = ['dataset', 'software', 'publication', 'poster', 'presentation', 'image', 'video', 'other'];
  if (!types.includes(meta.upload_type)) problems.push(`upload_type "${meta.upload_type}" is not valid`);
  if (meta.upload_type === 'publication' && !meta.publication_type) problems.push('publication_type required');
  if ((meta.description || '').length < 40) problems.push('description is very short');
  for (const [i, c] of (meta.creators || []).entries()) {
    if (!c.name || !c.name.includes(',')) problems.push(`creator ${i + 1}: use "Family, Given"`);
    if (c.orcid && !/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(c.orcid)) problems.push(`creator ${i + 1}: bad ORCID`);
  }
  if (meta.license && !/^[a-z0-9.+-]+$/i.test(meta.license)) problems.push('license should be an SPDX-like id');
  if (meta.keywords && !Array.isArray(meta.keywords)) problems.push('keywords must be a list');
  if (meta.version && !/^v?\d+(\.\d+)*$/.test(meta.version)) problems.push(`version "${meta.version}" looks odd`);
  return problems;
}

function sizeReport(files) {
  const total = files.reduce((n, f) => n + fs.statSync(f).size, 0);
  const biggest = files
    .map((f) => [path.basename(f), fs.statSync(f).size])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  console.log(`total ${(total / 1e9).toFixed(2)} GB`);
  for (const [name, size] of biggest) console.log(`  ${(size / 1e6).toFixed(1).padStart(9)} MB  ${name}`);
  if (total > 50e9) throw new Error('Zenodo limits a record to 50 GB');
}

function previousDraft() {
  // warn when an earlier draft from this machine is still open, so drafts
  // do not pile up in the Zenodo account
  const file = path.join(ROOT, '.zenodo-draft.json');
  if (!fs.existsSync(file)) return null;
  try {
    const prev = JSON.parse(fs.readFileSync(file, 'utf8'));
    console.warn(`note: draft ${prev.id} on ${prev.base} from an earlier run may still be open`);
    return prev;
  } catch {
    return null;
  }
}

function md5(file) {
  return crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex');
}

async function main() {
  const cfg = config();
  const call = api(cfg);
  const meta = loadMetadata();
  const files = releaseFiles();
  previousDraft();
  const problems = lintMetadata(meta);
  for (const p of problems) console.warn(`metadata: ${p}`);
  if (problems.length && cfg.production) throw new Error('fix .zenodo.json before creating a production draft');
  sizeReport(files);
  console.log(`${cfg.production ? 'PRODUCTION' : 'sandbox'} draft with ${files.length} file(s)`);

  const draft = await call('/api/deposit/depositions', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
  });
  const bucket = draft.links.bucket;
  for (const file of files) {
    const name = path.basename(file);
    const body = fs.readFileSync(file);
    const res = await call(`${bucket}/${encodeURIComponent(name)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body,
    });
    const expected = `md5:${md5(file)}`;
    if (res.checksum !== expected) throw new Error(`${name}: checksum ${res.checksum} != ${expected}`);
    console.log(`uploaded ${name} (${(body.length / 1e6).toFixed(1)} MB)`);
  }
  await call(`/api/deposit/depositions/${draft.id}`, {
    method: 'PUT',
    headers: JSON_HEADERS,
    body: JSON.stringify({ metadata: meta }),
  });
  fs.writeFileSync(path.join(ROOT, '.zenodo-draft.json'), JSON.stringify({ id: draft.id, base: cfg.base }, null, 2));
  console.log(`draft ready for review: ${draft.links.html}`);
  console.log('publish it manually in the web interface once the metadata and files are checked');
}

main().catch((err) => {
  console.error(`zenodo-draft: ${err.message}`);
  process.exitCode = 1;
});
