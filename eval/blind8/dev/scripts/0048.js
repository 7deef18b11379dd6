#!/usr/bin/env node
// Create a Sentry release for the current commit and upload source maps.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const ORG = process.env.SENTRY_ORG || 'acme';
const PROJECT = process.env.SENTRY_PROJECT || 'web';
const API = `https://sentry.io/api/0/organizations/${ORG}`;

function sha() {
  return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
}

async function api(method, url, body, token) {
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body instanceof FormData ? {} : { 'Content-Type': 'application/json' }) },
    body: body instanceof FormData ? body : body && JSON.stringify(body),
  });
  if (!res.ok && res.status !== 409) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json().catch(() => null);
}

function sourceMaps(dir) {
  return fs.readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith('.js.map'))
    .map((f) => path.join(dir, String(f)));
}

async function main() {
  const token = process.env.SENTRY_AUTH_TOKEN;
  if (!token) {
    console.error('SENTRY_AUTH_TOKEN not set');
    process.exit(2);
  }
  const version = `${PROJECT}@${sha().slice(0, 12)}`;
  await api('POST', `${API}/releases/`, { version, projects: [PROJECT] }, token);
  console.log('release', version);
  const maps = sourceMaps('dist');
  for (const file of maps) {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
    form.append('name', `~/assets/${path.basename(file)}`);
    await api('POST', `${API}/releases/${encodeURIComponent(version)}/files/`, form, token);
    console.log('uploaded', file);
  }
  console.log(`${maps.length} source maps uploaded`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
