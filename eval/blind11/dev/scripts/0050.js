#!/usr/bin/env node
// scripts/sentry-release.js - create a Sentry release for the current commit,
// upload source maps from dist/ and mark the deploy. Talks only to sentry.io.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const TOKEN = process.env.SENTRY_AUTH_TOKEN;
const ORG = process.env.SENTRY_ORG || 'acme';
const PROJECT = process.env.SENTRY_PROJECT || 'web-dashboard';
const ENVIRONMENT = process.env.DEPLOY_ENV || 'staging';
const API = `https://sentry.io/api/0/organizations/${ORG}`;
const DIST = path.resolve(__dirname, '..', 'dist');

if (!TOKEN) {
  console.log('SENTRY_AUTH_TOKEN not set; skipping Sentry release');
  process.exit(0);
}

const version = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();

async function api(method, route, body, extraHeaders = {}) {
  const res = await fetch(`${API}${route}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...extraHeaders },
    body,
  });
  if (!res.ok && res.status !== 409) {
    throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  }
  return res.status === 204 ? null : res.json().catch(() => null);
}

function listMaps(dir, acc = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listMaps(full, acc);
    else if (entry.name.endsWith('.js') || entry.name.endsWith('.js.map')) acc.push(full);
  }
  return acc;
}

async function createRelease() {
  await api('POST', '/releases/', JSON.stringify({ version, projects: [PROJECT] }), {
    'Content-Type': 'application/json',
  });
  console.log(`release ${version.slice(0, 12)} ready`);
}

async function uploadFile(file) {
  const form = new FormData();
  const rel = path.relative(DIST, file).split(path.sep).join('/');
  form.append('name', `~/${rel}`);
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  await api('POST', `/releases/${version}/files/`, form);
  return rel;
}

async function uploadAll() {
  const files = listMaps(DIST);
  let done = 0;
  for (const f of files) {
    await uploadFile(f);
    done++;
    if (done % 20 === 0) console.log(`  uploaded ${done}/${files.length}`);
  }
  console.log(`uploaded ${done} artifact(s)`);
}

async function markDeploy() {
  await api('POST', `/releases/${version}/deploys/`, JSON.stringify({ environment: ENVIRONMENT }), {
    'Content-Type': 'application/json',
  });
  console.log(`deploy to ${ENVIRONMENT} recorded`);
}

createRelease()
  .then(uploadAll)
  .then(markDeploy)
  .catch((err) => {
    console.error(`sentry release failed: ${err.message}`);
    process.exitCode = 1;
  });
