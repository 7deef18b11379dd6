#!/usr/bin/env node
// tools/osf-sync.js - upload the release folder to the project's OSF storage.
//
//   node tools/osf-sync.js                 # dry run: show what would change
//   node tools/osf-sync.js --apply         # upload new/changed files
//
// Uses the OSF v2 API (api.osf.io) and the Waterbutler file service
// (files.osf.io) with a personal access token from .env (OSF_TOKEN). Files
// are compared by sha256 against the OSF metadata, so unchanged files are not
// re-uploaded. Nothing is ever deleted on OSF by this script.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const RELEASE = path.join(ROOT, 'data', 'release');
const API = 'https://api.osf.io/v2';
const FILES_HOST = 'files.osf.io';

function readEnv() {
  const env = {};
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^(\w+)=(.*)$/);
      if (m) env[m[1]] = m[2].trim();
    }
  }
  return { ...env, ...process.env };
}

const ENV = readEnv();
const TOKEN = ENV.OSF_TOKEN;
const NODE = ENV.OSF_NODE_ID;
const APPLY = process.argv.includes('--apply');

function masked(t) {
  return t ? `${t.slice(0, 4)}…(${t.length} chars)` : '(unset)';
}

async function osf(url, init = {}, attempt = 1) {
  const u = new URL(url);
  if (u.hostname !== 'api.osf.io' && u.hostname !== FILES_HOST) {
    throw new Error(`refusing to send the OSF token to ${u.hostname}`);
  }
  const res = await fetch(u, {
    ...init,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(init.headers || {}) },
  });
  if ((res.status === 429 || res.status >= 500) && attempt < 5) {
    const wait = Number(res.headers.get('retry-after') || 2 ** attempt);
    await new Promise((r) => setTimeout(r, wait * 1000));
    return osf(url, init, attempt + 1);
  }
  if (!res.ok) throw new Error(`${init.method || 'GET'} ${u.pathname}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.status === 204 ? {} : res.json();
}

async function listRemote(folderUrl, prefix = '') {
  const out = new Map();
  let next = folderUrl;
  while (next) {
    const page = await osf(next);
    for (const item of page.data) {
      const a = item.attributes;
      const rel = prefix + a.name;
      if (a.kind === 'folder') {
        const sub = await listRemote(item.relationships.files.links.related.href, `${rel}/`);
        for (const [k, v] of sub) out.set(k, v);
        out.set(`${rel}/`, { folder: true, upload: item.links.upload, newFolder: item.links.new_folder });
      } else {
        out.set(rel, { sha256: a.extra?.hashes?.sha256, upload: item.links.upload, size: a.size });
      }
    }
    next = page.links?.next || null;
  }
  return out;
}

async function walk(dir, prefix = '') {
  const files = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix + entry.name;
    if (entry.isDirectory()) files.push(...(await walk(path.join(dir, entry.name), `${rel}/`)));
    else files.push(rel);
  }
  return files;
}

async function sha256(file) {
  const h = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) h.update(chunk);
  return h.digest('hex');
}

async function ensureFolder(remote, rootInfo, relDir) {
  if (!relDir) return rootInfo.upload;
  const key = `${relDir}/`;
  if (remote.has(key)) return remote.get(key).upload;
  const parentDir = path.posix.dirname(relDir) === '.' ? '' : path.posix.dirname(relDir);
  const parentUpload = await ensureFolder(remote, rootInfo, parentDir);
  const url = new URL(parentUpload);
  url.searchParams.set('kind', 'folder');
  url.searchParams.set('name', path.posix.basename(relDir));
  const res = await osf(url.toString(), { method: 'PUT' });
  const info = { folder: true, upload: res.data.links.upload };
  remote.set(key, info);
  return info.upload;
}

async function upload(remote, rootInfo, rel, plan) {
  const local = path.join(RELEASE, rel);
  const body = await fsp.readFile(local);
  let url;
  if (plan === 'update') {
    url = new URL(remote.get(rel).upload);
    url.searchParams.set('kind', 'file');
  } else {
    const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
    url = new URL(await ensureFolder(remote, rootInfo, dir));
    url.searchParams.set('kind', 'file');
    url.searchParams.set('name', path.posix.basename(rel));
  }
  await osf(url.toString(), { method: 'PUT', body });
}

function checkReleaseFolder(files) {
  // OSF rejects some names and the data paper expects README + LICENSE
  const problems = [];
  const names = new Set(files.map((f) => f.toLowerCase()));
  if (!names.has('readme.md') && !names.has('readme.txt')) problems.push('no README in data/release');
  if (!names.has('license') && !names.has('license.txt')) problems.push('no LICENSE in data/release');
  for (const f of files) {
    if (/[<>:"\\|?*]/.test(f)) problems.push(`file name not allowed on OSF: ${f}`);
    const size = fs.statSync(path.join(RELEASE, f)).size;
    if (size > 5 * 1024 ** 3) problems.push(`${f} is over the 5 GB per-file limit`);
  }
  return problems;
}

async function main() {
  if (!TOKEN || !NODE) throw new Error('OSF_TOKEN and OSF_NODE_ID must be set in .env');
  const preflight = checkReleaseFolder(await walk(RELEASE));
  if (preflight.length) {
    for (const p of preflight) console.error(`  - ${p}`);
    throw new Error('fix the release folder first');
  }
  console.log(`OSF node ${NODE}, token ${masked(TOKEN)}, ${APPLY ? 'APPLY' : 'dry run'}`);
  const storage = await osf(`${API}/nodes/${NODE}/files/osfstorage/`);
  const rootInfo = { upload: storage.data?.[0]?.links?.upload || `https://${FILES_HOST}/v1/resources/${NODE}/providers/osfstorage/` };
  const remote = await listRemote(`${API}/nodes/${NODE}/files/osfstorage/`);
  const localFiles = await walk(RELEASE);
  const plan = [];
  for (const rel of localFiles) {
    const digest = await sha256(path.join(RELEASE, rel));
    const r = remote.get(rel);
    if (!r) plan.push({ rel, action: 'create' });
    else if (r.sha256 && r.sha256 !== digest) plan.push({ rel, action: 'update' });
  }
  const remoteOnly = [...remote.keys()].filter((k) => !k.endsWith('/') && !localFiles.includes(k));
  for (const p of plan) console.log(`${p.action.padEnd(7)} ${p.rel}`);
  for (const r of remoteOnly) console.log(`remote-only (left alone) ${r}`);
  if (!plan.length) {
    console.log('OSF storage is up to date');
    return;
  }
  if (!APPLY) {
    console.log(`${plan.length} change(s); rerun with --apply to upload`);
    return;
  }
  for (const p of plan) {
    await upload(remote, rootInfo, p.rel, p.action);
    console.log(`uploaded ${p.rel}`);
  }
}

main().catch((err) => {
  console.error(`osf-sync: ${err.message}`);
  process.exitCode = 1;
});
