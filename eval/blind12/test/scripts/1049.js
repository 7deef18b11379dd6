#!/usr/bin/env node
// Pin the base images in our Dockerfiles to immutable digests.
// For each `FROM image:tag` line, look up the tag's digest on the Docker Hub
// API (hub.docker.com) and rewrite the line as `FROM image:tag@sha256:...`.
// Only metadata is downloaded; no image is pulled or run.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.join(__dirname, '..');
const HUB = 'https://hub.docker.com/v2';
const FROM_RE = /^FROM\s+(?:--platform=\S+\s+)?([a-z0-9._\/-]+):([A-Za-z0-9._-]+)(@sha256:[a-f0-9]{64})?(\s+AS\s+\S+)?\s*$/i;

function dockerfiles(dir, acc = []) {
  const listing = fs.readdirSync(dir, { withFileTypes: true });
  for (const entry of listing) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) dockerfiles(full, acc);
    else if (/^Dockerfile(\..+)?$/.test(entry.name)) acc.push(full);
  }
  return acc;
}

function repoPath(image) {
  return image.includes('/') ? image : `library/${image}`;
}

const cache = new Map();

function digestFor(image, tag) {
  const key = `${image}:${tag}`;
  if (!cache.has(key)) {
    const url = `${HUB}/repositories/${repoPath(image)}/tags/${encodeURIComponent(tag)}`;
    cache.set(
      key,
      fetch(url)
        .then((res) => {
          if (!res.ok) throw new Error(`${key}: Docker Hub returned ${res.status}`);
          return res.json();
        })
        .then((body) => {
          if (!body.digest) throw new Error(`${key}: no digest in response`);
          return body.digest;
        }),
    );
  }
  return cache.get(key);
}

async function pinFile(file, refresh) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  let changed = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = FROM_RE.exec(lines[i]);
    if (!m) continue;
    const [, image, tag, existing, alias = ''] = m;
    if (image.includes('.') && image.split('/')[0].includes('.')) continue; // not a Docker Hub image
    if (existing && !refresh) continue;
    const digest = await digestFor(image, tag);
    const platform = /--platform=\S+/.exec(lines[i]);
    const next = `FROM ${platform ? platform[0] + ' ' : ''}${image}:${tag}@${digest}${alias}`;
    if (next !== lines[i]) {
      lines[i] = next;
      changed += 1;
    }
  }
  if (changed) fs.writeFileSync(file, lines.join('\n'));
  return changed;
}

async function main() {
  const refresh = process.argv.includes('--refresh');
  const files = dockerfiles(REPO);
  let total = 0;
  for (const file of files) {
    const n = await pinFile(file, refresh);
    total += n;
    console.log(`${String(n).padStart(2)} pinned  ${path.relative(REPO, file)}`);
  }
  console.log(`${total} FROM line(s) pinned across ${files.length} Dockerfile(s)`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
