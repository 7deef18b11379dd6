#!/usr/bin/env node
// Link checker for resources published on the local CKAN development portal.
//
//   node tools/ckan-links.js                    # every dataset of the dev portal
//   node tools/ckan-links.js --org transport --concurrency 4
//
// Resource URLs that point to the portal itself (uploads) or to *.internal
// hosts are checked with a HEAD request (falling back to a ranged GET when
// HEAD is not allowed).  URLs on any other host are *not* requested – they
// are listed as "external, not checked" so the data stewards can review them
// by hand.  Results: build/ckan-links.json and a Markdown table.
'use strict';

const fsp = require('node:fs/promises');
const path = require('node:path');

const PROJECT = path.resolve(__dirname, '..');
const PORTAL = process.env.CKAN_DEV_URL || 'http://localhost:5000';

function options() {
  const a = process.argv.slice(2);
  const val = (k, d) => (a.includes(k) ? a[a.indexOf(k) + 1] : d);
  return { org: val('--org', null), concurrency: Math.max(1, Number(val('--concurrency', 6))), timeoutMs: Number(val('--timeout', 10000)) };
}

const portalHost = new URL(PORTAL).hostname;
if (!['localhost', '127.0.0.1'].includes(portalHost) && !portalHost.endsWith('.localhost')) {
  console.error(`CKAN_DEV_URL ${PORTAL} is not the local dev portal`);
  process.exit(2);
}

function checkable(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (!['http:', 'https:'].includes(u.protocol)) return false;
  return u.hostname === portalHost || u.hostname.endsWith('.internal');
}

async function action(name, params) {
  const url = new URL(`/api/3/action/${name}`, PORTAL);
  for (const [key, v] of Object.entries(params)) url.searchParams.set(key, String(v));
  const res = await fetch(url);
  const body = await res.json();
  if (!body.success) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return body.result;
}

async function* datasets(org) {
  const rows = 100;
  for (let start = 0; ; start += rows) {
    const result = await action('package_search', { rows, start, fq: org ? `organization:${org}` : '' });
    yield* result.results;
    if (start + rows >= result.count) return;
  }
}

async function probe(url, timeoutMs) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const started = Date.now();
  try {
    let res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: controller.signal });
    if (res.status === 405 || res.status === 501) {
      res = await fetch(url, { method: 'GET', headers: { range: 'bytes=0-0' }, redirect: 'manual', signal: controller.signal });
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      ms: Date.now() - started,
      redirect: location && checkable(new URL(location, url).href) ? location : location ? 'external redirect' : null,
      type: res.headers.get('content-type'),
      length: Number(res.headers.get('content-length')) || null,
    };
  } catch (err) {
    return { status: 'error', ms: Date.now() - started, error: err.name === 'AbortError' ? 'timeout' : err.message };
  } finally {
    clearTimeout(timer);
  }
}

async function pool(items, size, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, () => worker()));
  return results;
}

async function previousBroken() {
  // the last run's broken list, so that "still broken" and "newly broken"
  // can be told apart in the summary
  try {
    const last = JSON.parse(await fsp.readFile(path.join(PROJECT, 'build', 'ckan-links.json'), 'utf8'));
    return new Set(
      (last.checked || []).filter((r) => r.status === 'error' || r.status >= 400).map((r) => r.url),
    );
  } catch {
    return new Set();
  }
}

function splitBroken(broken, before) {
  const fresh = broken.filter((b) => !before.has(b.url));
  const still = broken.filter((b) => before.has(b.url));
  return { fresh, still };
}

function formatMismatch(resource, result) {
  if (!result.type || !resource.format) return null;
  const fmt = resource.format.toLowerCase();
  const map = { csv: 'csv', json: 'json', geojson: 'json', xlsx: 'spreadsheet', pdf: 'pdf', zip: 'zip' };
  const expected = map[fmt];
  return expected && !result.type.toLowerCase().includes(expected) ? `format ${resource.format} but ${result.type}` : null;
}

async function main() {
  const opts = options();
  const before = await previousBroken();
  const checks = [];
  const external = [];
  for await (const pkg of datasets(opts.org)) {
    for (const r of pkg.resources || []) {
      if (!r.url) continue;
      const item = { dataset: pkg.name, resource: r.name || r.id, url: r.url, format: r.format };
      if (checkable(r.url)) checks.push(item);
      else external.push(item);
    }
  }
  console.error(`[links] ${checks.length} resource URL(s) to check, ${external.length} external (not requested)`);

  const results = await pool(checks, opts.concurrency, async (item, i) => {
    const res = await probe(item.url, opts.timeoutMs);
    if ((i + 1) % 25 === 0) console.error(`[links] ${i + 1}/${checks.length}`);
    return { ...item, ...res, note: formatMismatch(item, res) };
  });

  const broken = results.filter((r) => r.status === 'error' || r.status >= 400);
  const slow = results.filter((r) => typeof r.ms === 'number' && r.ms > 3000);
  const mismatched = results.filter((r) => r.note);
  const { fresh, still } = splitBroken(broken, before);
  console.error(`[links] broken: ${fresh.length} new, ${still.length} still broken since last run`);

  const outDir = path.join(PROJECT, 'build');
  await fsp.mkdir(outDir, { recursive: true, mode: 0o755 });
  await fsp.writeFile(path.join(outDir, 'ckan-links.json'), JSON.stringify({ checked: results, external }, null, 2));

  const md = [
    `# Resource link check (${new Date().toISOString().slice(0, 10)})`,
    '',
    `- checked: ${results.length}`,
    `- broken: ${broken.length}`,
    `- slow (>3 s): ${slow.length}`,
    `- content type differs from declared format: ${mismatched.length}`,
    `- external URLs (review by hand): ${external.length}`,
    '',
    '## Broken',
    '',
    '| dataset | resource | status | url |',
    '|---|---|---|---|',
    ...broken.map((b) => `| ${b.dataset} | ${b.resource} | ${b.status}${b.error ? ` (${b.error})` : ''} | ${b.url} |`),
    '',
    '## External URLs',
    '',
    ...external.slice(0, 200).map((e) => `- ${e.dataset} / ${e.resource}: ${e.url}`),
  ].join('\n');
  await fsp.writeFile(path.join(outDir, 'ckan-links.md'), md + '\n');
  console.log(md.split('\n').slice(0, 8).join('\n'));
  process.exitCode = broken.length ? 1 : 0;
}

main().catch((e) => {
  console.error(`[links] ${e.message}`);
  process.exitCode = 1;
});
