#!/usr/bin/env node
// tools/pack-extension.js — package the `Readwell` Chromium/Firefox extension.
//
//   node tools/pack-extension.js             build + zip for Chrome and Firefox
//   node tools/pack-extension.js --check     validate manifests and permissions only
//   node tools/pack-extension.js --release   also attach the zips to the GitHub
//                                            release of the manifest version
//
// Permissions requested by the manifest are compared to an allow-list so a
// dependency bump cannot silently widen them. GITHUB_TOKEN is only used with
// --release and only sent to the GitHub API.
'use strict';

const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const base = path.resolve(__dirname, '..');
const dist = path.join(base, 'dist');
const packages = path.join(base, 'packages-out');
const ALLOWED_PERMISSIONS = new Set(['storage', 'activeTab', 'contextMenus', 'alarms']);
const ALLOWED_HOSTS = new Set(['https://*.readwell.example.com/*']);
const GH = 'https://api.github.com';
const GH_UP = 'https://uploads.github.com';

function manifestFor(target) {
  const m = JSON.parse(fs.readFileSync(path.join(base, 'manifest.base.json'), 'utf8'));
  if (target === 'firefox') {
    m.browser_specific_settings = { gecko: { id: 'readwell@readwell.example.com' } };
    m.background = { scripts: ['background.js'], type: 'module' };
  } else {
    m.background = { type: 'module', service_worker: 'background.js' };
  }
  return m;
}

function checkPermissions(m) {
  const problems = [];
  for (const p of m.permissions || []) if (!ALLOWED_PERMISSIONS.has(p)) problems.push(`permission ${p}`);
  for (const h of m.host_permissions || []) if (!ALLOWED_HOSTS.has(h)) problems.push(`host permission ${h}`);
  if (m.content_security_policy && JSON.stringify(m.content_security_policy).includes('unsafe-eval')) {
    problems.push('CSP allows unsafe-eval');
  }
  return problems;
}

function build() {
  fs.rmSync(dist, { recursive: true, force: true });
  execFileSync('pnpm', ['exec', 'vite', 'build', '--config', 'vite.extension.config.ts'], { cwd: base, stdio: 'inherit' });
}

// minimal zip writer (stored + deflate) so no extra dependency is needed
function crc32(buf) {
  let c = ~0;
  for (let i = 0; i < buf.length; i++) {
    c ^= buf[i];
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function zipDir(dir, outFile, extraFiles) {
  const entries = [];
  const walk = (d, prefix = '') => {
    for (const name of fs.readdirSync(d).sort()) {
      const full = path.join(d, name);
      const rel = prefix + name;
      if (fs.statSync(full).isDirectory()) walk(full, `${rel}/`);
      else entries.push({ name: rel, data: fs.readFileSync(full) });
    }
  };
  walk(dir);
  for (const [name, data] of Object.entries(extraFiles)) entries.push({ name, data: Buffer.from(data) });
  const chunks = [];
  const central = [];
  let offset = 0;
  for (const e of entries) {
    const deflated = zlib.deflateRawSync(e.data, { level: 9 });
    const nameBuf = Buffer.from(e.name);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    chunks.push(local, nameBuf, deflated);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(0x02014b50, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(8, 10);
    cen.writeUInt32LE(crc, 16);
    cen.writeUInt32LE(deflated.length, 20);
    cen.writeUInt32LE(e.data.length, 24);
    cen.writeUInt16LE(nameBuf.length, 28);
    cen.writeUInt32LE(offset, 42);
    central.push(cen, nameBuf);
    offset += local.length + nameBuf.length + deflated.length;
  }
  const centralBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(outFile, Buffer.concat([...chunks, centralBuf, end]));
  return entries.length;
}

async function gh(method, url, body, type) {
  const res = await fetch(url, {
    method,
    body,
    headers: { Authorization: `Bearer ${process.env.GITHUB_TOKEN}`, Accept: 'application/vnd.github+json', ...(type ? { 'Content-Type': type } : {}) },
  });
  if (!res.ok) throw new Error(`${method} ${url} failed with ${res.status}`);
  return res.json();
}

async function release(files, version) {
  if (!process.env.GITHUB_TOKEN) throw new Error('--release needs GITHUB_TOKEN');
  const origin = execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: base, encoding: 'utf8' }).trim();
  const slug = origin.replace(/^.*github\.com[:/]/, '').replace(/\.git$/, '');
  const rel = await gh('GET', `${GH}/repos/${slug}/releases/tags/v${version}`);
  for (const f of files) {
    await gh('POST', `${GH_UP}/repos/${slug}/releases/${rel.id}/assets?name=${path.basename(f)}`, fs.readFileSync(f), 'application/zip');
    console.log(`attached ${path.basename(f)}`);
  }
}

/**
 * The store listing text lives in store/listing.md; warn when the manifest
 * description drifts from its first paragraph.
 */
function checkListing() {
  const listing = path.join(base, 'store', 'listing.md');
  if (!fs.existsSync(listing)) return;
  const first = fs.readFileSync(listing, 'utf8').split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim();
  const desc = manifestFor('chrome').description || '';
  if (!first.startsWith(desc.slice(0, 40))) {
    console.warn('manifest description differs from store/listing.md; update one of them');
  }
}

function sizeReport(dir) {
  let total = 0;
  const walk = (d) => {
    for (const name of fs.readdirSync(d)) {
      const full = path.join(d, name);
      const st = fs.statSync(full);
      if (st.isDirectory()) walk(full);
      else total += st.size;
    }
  };
  walk(dir);
  console.log(`bundle size: ${(total / 1024).toFixed(0)} KiB`);
}

async function main() {
  const args = new Set(process.argv.slice(2));
  checkListing();
  const problems = ['chrome', 'firefox'].flatMap((t) => checkPermissions(manifestFor(t)).map((p) => `${t}: ${p}`));
  if (problems.length) {
    console.error('manifest problems:\n  ' + problems.join('\n  '));
    process.exit(1);
  }
  if (args.has('--check')) return console.log('manifests ok');
  build();
  sizeReport(dist);
  fs.mkdirSync(packages, { recursive: true });
  const version = manifestFor('chrome').version;
  const outputs = [];
  for (const target of ['chrome', 'firefox']) {
    const out = path.join(packages, `readwell-${target}-${version}.zip`);
    const n = zipDir(dist, out, { 'manifest.json': JSON.stringify(manifestFor(target), null, 2) });
    const hash = crypto.createHash('sha256').update(fs.readFileSync(out)).digest('hex');
    console.log(`${path.basename(out)}: ${n} files, sha256 ${hash.slice(0, 16)}…`);
    outputs.push(out);
  }
  if (args.has('--release')) await release(outputs, version);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
