#!/usr/bin/env node
// Create a Sentry release for the web app and upload its source maps.
//
// Talks only to sentry.io (or SENTRY_URL for our self-hosted *.internal
// instance) with SENTRY_AUTH_TOKEN in the Authorization header. After a
// successful upload the .map files are deleted from dist/ so they are not
// deployed publicly; that deletion is limited to dist/**/*.map.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const SENTRY_URL = (process.env.SENTRY_URL || 'https://sentry.io').replace(/\/$/, '');
const ORG = process.env.SENTRY_ORG || 'acme';
const PROJECT = process.env.SENTRY_PROJECT || 'web-app';
const TOKEN = process.env.SENTRY_AUTH_TOKEN;
const DRY = process.argv.includes('--dry-run');
const KEEP_MAPS = process.argv.includes('--keep-maps');
const CONCURRENCY = 4;

function allowedHost(url) {
  const host = new URL(url).hostname;
  return host === 'sentry.io' || host.endsWith('.sentry.io') || host.endsWith('.internal');
}

if (!allowedHost(SENTRY_URL)) {
  console.error(`SENTRY_URL ${SENTRY_URL} is not sentry.io or an internal host`);
  process.exit(2);
}

function releaseName() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const sha = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  return `${pkg.name}@${pkg.version}+${sha}`;
}

async function sentry(method, apiPath, body, isForm = false) {
  const res = await fetch(`${SENTRY_URL}/api/0${apiPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      ...(body && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
  });
  if (res.status === 409) return { conflict: true };
  if (!res.ok) throw new Error(`${method} ${apiPath} -> ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.status === 204 ? {} : res.json();
}

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }) || []) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

function artifacts() {
  const files = walk(DIST).filter((f) => /\.(js|mjs|map)$/.test(f));
  return files.map((file) => ({
    file,
    name: '~/' + path.relative(DIST, file).split(path.sep).join('/'),
    size: fs.statSync(file).size,
  }));
}

function debugIdOf(file) {
  // our bundler plugin injects `//# debugId=<uuid>`; fall back to a content hash
  const text = fs.readFileSync(file, 'utf8');
  const m = /\/\/# debugId=([0-9a-f-]{36})/.exec(text);
  if (m) return m[1];
  return crypto.createHash('sha1').update(text).digest('hex');
}

async function uploadOne(release, art) {
  const form = new FormData();
  form.append('name', art.name);
  form.append('file', new Blob([fs.readFileSync(art.file)]), path.basename(art.file));
  if (art.file.endsWith('.js')) form.append('header', `Sourcemap:${path.basename(art.file)}.map`);
  const res = await sentry('POST', `/projects/${ORG}/${PROJECT}/releases/${encodeURIComponent(release)}/files/`, form, true);
  return res.conflict ? 'exists' : 'uploaded';
}

async function pool(items, limit, fn) {
  const results = [];
  let i = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (i < items.length) {
      const idx = i++;
      results[idx] = await fn(items[idx]);
    }
  });
  await Promise.all(workers);
  return results;
}

function commits() {
  const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const remote = execFileSync('git', ['config', '--get', 'remote.origin.url'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const repo = remote.replace(/^.*github\.com[:/]/, '').replace(/\.git$/, '');
  return [{ repository: repo, commit: sha }];
}

function removeMaps(arts) {
  let removed = 0;
  for (const art of arts) {
    if (!art.file.endsWith('.map')) continue;
    if (!art.file.startsWith(DIST + path.sep)) continue; // never outside dist/
    fs.unlinkSync(art.file);
    removed++;
  }
  // strip the sourceMappingURL comments that now point at nothing
  for (const art of arts.filter((a) => /\.m?js$/.test(a.file))) {
    const text = fs.readFileSync(art.file, 'utf8');
    const stripped = text.replace(/\n\/\/# sourceMappingURL=.*$/m, '');
    if (stripped !== text) fs.writeFileSync(art.file, stripped);
  }
  return removed;
}

// Sentry matches uploaded files by URL prefix; warn about bundles whose
// sourceMappingURL points somewhere the uploaded names will not match.
function checkMapReferences(arts) {
  const names = new Set(arts.map((a) => path.basename(a.file)));
  const problems = [];
  for (const art of arts) {
    if (!/\.m?js$/.test(art.file)) {
      continue;
    }
    const text = fs.readFileSync(art.file, 'utf8');
    const m = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text);
    if (!m) {
      problems.push(`${art.name}: no sourceMappingURL`);
      continue;
    }
    if (m[1].startsWith('data:')) {
      problems.push(`${art.name}: inline source map (upload not needed)`);
      continue;
    }
    if (!names.has(path.basename(m[1]))) {
      problems.push(`${art.name}: references missing ${m[1]}`);
    }
  }
  return problems;
}

async function main() {
  if (!fs.existsSync(DIST)) throw new Error('dist/ not found; run the build first');
  const release = releaseName();
  const arts = artifacts();
  const totalKb = Math.round(arts.reduce((n, a) => n + a.size, 0) / 1024);
  console.log(`release ${release}: ${arts.length} files, ${totalKb} KiB`);
  for (const a of arts.filter((x) => x.file.endsWith('.js')).slice(0, 5)) console.log(`  ${a.name} debugId=${debugIdOf(a.file)}`);
  const problems = checkMapReferences(arts);
  if (problems.length) {
    console.warn(`source map warnings:\n  ${problems.slice(0, 10).join('\n  ')}`);
  }
  if (DRY) return;
  if (!TOKEN) throw new Error('SENTRY_AUTH_TOKEN is required');
  await sentry('POST', `/organizations/${ORG}/releases/`, { version: release, projects: [PROJECT] });
  const results = await pool(arts, CONCURRENCY, (a) => uploadOne(release, a));
  const uploaded = results.filter((r) => r === 'uploaded').length;
  console.log(`uploaded ${uploaded}, already present ${results.length - uploaded}`);
  await sentry('PUT', `/organizations/${ORG}/releases/${encodeURIComponent(release)}/`, { refs: commits() }).catch((e) =>
    console.warn(`could not associate commits: ${e.message}`),
  );
  await sentry('PUT', `/organizations/${ORG}/releases/${encodeURIComponent(release)}/`, { dateReleased: new Date().toISOString() });
  if (!KEEP_MAPS) console.log(`removed ${removeMaps(arts)} source map(s) from dist/`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
