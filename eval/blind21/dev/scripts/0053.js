#!/usr/bin/env node
// scripts/purge-cdn.js - purge Cloudflare's cache for the files that changed
// in the last deploy of the marketing site.
//
//   node scripts/purge-cdn.js --manifest build/deploy-manifest.json          # show URLs
//   node scripts/purge-cdn.js --manifest build/deploy-manifest.json --apply  # purge them
//   node scripts/purge-cdn.js --everything --apply --confirm marketing-site  # purge_everything
//
// CLOUDFLARE_API_TOKEN (Zone.Cache Purge) comes from the environment or
// .env, and is sent only to api.cloudflare.com. The zone id is read from
// deploy/cdn.json, never from arguments.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.cloudflare.com/client/v4';
const MAX_FILES_PER_CALL = 30;

function loadDotenv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return {};
  const out = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

function mask(tok) {
  return tok && tok.length > 8 ? `${'*'.repeat(8)}${tok.slice(-4)}` : '****';
}

function readCdnConfig() {
  const cfg = JSON.parse(fs.readFileSync(path.join(ROOT, 'deploy', 'cdn.json'), 'utf8'));
  for (const key of ['zoneId', 'siteName', 'baseUrl']) {
    if (!cfg[key]) throw new Error(`deploy/cdn.json is missing ${key}`);
  }
  return cfg;
}

function changedUrls(manifestPath, baseUrl) {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(ROOT, manifestPath), 'utf8'));
  const urls = new Set();
  for (const entry of manifest.changed || []) {
    const rel = entry.replace(/^\/+/, '');
    urls.add(new URL(rel, baseUrl).toString());
    if (rel.endsWith('index.html')) {
      // pages are also cached at their directory URL
      urls.add(new URL(rel.slice(0, -'index.html'.length), baseUrl).toString());
    }
  }
  return [...urls].sort();
}

function chunk(list, size) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function cf(token, method, p, body) {
  let wait = 1000;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch(`${API}${p}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429 || res.status >= 500) {
      const retryAfter = Number(res.headers.get('retry-after')) * 1000 || wait;
      console.warn(`  cloudflare ${res.status}; retrying in ${retryAfter}ms`);
      await new Promise((r) => setTimeout(r, retryAfter));
      wait *= 2;
      continue;
    }
    const data = await res.json();
    if (!data.success) {
      throw new Error(`${method} ${p} failed: ${JSON.stringify(data.errors)}`);
    }
    return data.result;
  }
  throw new Error(`${method} ${p}: gave up after retries`);
}

async function verifyToken(token) {
  const result = await cf(token, 'GET', '/user/tokens/verify');
  if (result.status !== 'active') throw new Error(`token status is ${result.status}`);
}

async function purgeFiles(token, zoneId, urls) {
  let done = 0;
  for (const batch of chunk(urls, MAX_FILES_PER_CALL)) {
    await cf(token, 'POST', `/zones/${zoneId}/purge_cache`, { files: batch });
    done += batch.length;
    console.log(`  purged ${done}/${urls.length}`);
  }
}

async function purgeEverything(token, zoneId) {
  await cf(token, 'POST', `/zones/${zoneId}/purge_cache`, { purge_everything: true });
}

async function checkPurged(urls, sample = 5) {
  // after a purge the first request should be a MISS or EXPIRED at the edge
  const picks = urls.slice(0, sample);
  let stale = 0;
  for (const u of picks) {
    try {
      const res = await fetch(u, { method: 'HEAD' });
      const status = res.headers.get('cf-cache-status') || 'n/a';
      if (status === 'HIT') stale += 1;
      console.log(`  ${status.padEnd(8)} ${u}`);
    } catch (err) {
      console.log(`  ERROR    ${u} (${err.message})`);
    }
  }
  if (stale) console.warn(`  ${stale} of ${picks.length} sampled URLs still served from cache`);
}

function recordHistory(entry) {
  const file = path.join(ROOT, 'build', 'purge-history.jsonl');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      manifest: { type: 'string' },
      everything: { type: 'boolean', default: false },
      apply: { type: 'boolean', default: false },
      confirm: { type: 'string' },
    },
  });
  const cfg = readCdnConfig();
  const token = process.env.CLOUDFLARE_API_TOKEN || loadDotenv().CLOUDFLARE_API_TOKEN;
  if (!token) throw new Error('CLOUDFLARE_API_TOKEN is not set');
  console.log(`zone ${cfg.siteName} (${cfg.zoneId}), token ${mask(token)}`);

  if (values.everything) {
    if (values.confirm !== cfg.siteName) {
      throw new Error(`--everything needs --confirm ${cfg.siteName}`);
    }
    if (!values.apply) {
      console.log('would purge the whole zone cache; pass --apply');
      return;
    }
    await verifyToken(token);
    await purgeEverything(token, cfg.zoneId);
    console.log('purged everything');
    return;
  }

  if (!values.manifest) throw new Error('--manifest is required (or --everything)');
  const urls = changedUrls(values.manifest, cfg.baseUrl);
  if (!urls.length) {
    console.log('nothing changed; nothing to purge');
    return;
  }
  for (const u of urls.slice(0, 50)) console.log(`  ${u}`);
  if (urls.length > 50) console.log(`  ... and ${urls.length - 50} more`);
  if (!values.apply) {
    console.log(`${urls.length} URLs; pass --apply to purge`);
    return;
  }
  await verifyToken(token);
  await purgeFiles(token, cfg.zoneId, urls);
  await checkPurged(urls);
  recordHistory({ at: new Date().toISOString(), zone: cfg.siteName, urls: urls.length });
  fs.mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'build', 'last-purge.json'),
    JSON.stringify({ at: new Date().toISOString(), count: urls.length }, null, 2));
}

main().catch((err) => {
  console.error(`purge-cdn: ${err.message}`);
  process.exit(1);
});
