#!/usr/bin/env node
// Purge Cloudflare cache for the URLs touched by the latest deploy.
'use strict';

const { execFileSync } = require('child_process');

const API = 'https://api.cloudflare.com/client/v4';
const SITE = process.env.SITE_ORIGIN || 'https://www.acme.dev';

function changedPaths(range) {
  const out = execFileSync('git', ['diff', '--name-only', range, '--', 'public/'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^public\//, '/').replace(/index\.html$/, ''));
}

async function purge(zone, token, files) {
  const res = await fetch(`${API}/zones/${zone}/purge_cache`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ files }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(JSON.stringify(body.errors));
  return body.result.id;
}

function chunk(list, n) {
  const out = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

async function main() {
  const token = process.env.CF_API_TOKEN;
  const zone = process.env.CF_ZONE_ID;
  if (!token || !zone) {
    console.error('CF_API_TOKEN and CF_ZONE_ID are required');
    process.exit(2);
  }
  const range = process.argv[2] || 'HEAD~1..HEAD';
  const urls = changedPaths(range).map((p) => SITE + p);
  if (urls.length === 0) {
    console.log('nothing to purge');
    return;
  }
  for (const batch of chunk(urls, 30)) {
    const id = await purge(zone, token, batch);
    console.log(`purged ${batch.length} url(s) (${id})`);
  }
}

main().catch((e) => {
  console.error('purge failed:', e.message);
  process.exit(1);
});
