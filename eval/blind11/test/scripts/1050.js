#!/usr/bin/env node
// scripts/check-published.js - before tagging, make sure the version in
// package.json is not already on registry.npmjs.org and the matching Docker
// tag is not on hub.docker.com. DOCKERHUB_TOKEN is optional (rate limits).
'use strict';

const fs = require('fs');
const path = require('path');

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
const DOCKER_REPO = process.env.DOCKER_REPO || 'pantrydev/pantry-api';

async function npmHasVersion(name, version) {
  const res = await fetch(`https://registry.npmjs.org/${encodeURIComponent(name).replace('%40', '@')}`, {
    headers: { Accept: 'application/vnd.npm.install-v1+json' },
  });
  if (res.status === 404) return false;
  if (!res.ok) throw new Error(`npm registry: HTTP ${res.status}`);
  const doc = await res.json();
  return Boolean(doc.versions && doc.versions[version]);
}

async function dockerHasTag(repo, tag) {
  const headers = {};
  if (process.env.DOCKERHUB_TOKEN) headers.Authorization = `Bearer ${process.env.DOCKERHUB_TOKEN}`;
  const res = await fetch(`https://hub.docker.com/v2/repositories/${repo}/tags/${tag}`, { headers });
  if (res.status === 404) return false;
  if (!res.ok) throw new Error(`docker hub: HTTP ${res.status}`);
  return true;
}

function semverValid(v) {
  return /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(v);
}

function gitTagExists(tag) {
  try {
    require('child_process').execFileSync('git', ['rev-parse', '-q', '--verify', `refs/tags/${tag}`], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const { name, version } = pkg;
  if (!semverValid(version)) {
    console.error(`package.json version "${version}" is not valid semver`);
    return 1;
  }
  const [onNpm, onDocker] = await Promise.all([
    pkg.private ? Promise.resolve(false) : npmHasVersion(name, version),
    dockerHasTag(DOCKER_REPO, version),
  ]);
  const problems = [];
  if (onNpm) problems.push(`${name}@${version} is already published on npm`);
  if (onDocker) problems.push(`${DOCKER_REPO}:${version} already exists on Docker Hub`);
  if (gitTagExists(`v${version}`)) problems.push(`git tag v${version} already exists locally`);
  if (problems.length) {
    problems.forEach((p) => console.error(`✗ ${p}`));
    console.error('bump the version before releasing');
    return 1;
  }
  console.log(`✓ ${name}@${version} is free on npm${pkg.private ? ' (private, skipped)' : ''}`);
  console.log(`✓ ${DOCKER_REPO}:${version} is free on Docker Hub`);
  return 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err) => {
    console.error(`check failed: ${err.message}`);
    process.exitCode = 2;
  });

process.on('exit', (code) => {
  if (code === 0 && process.env.CI) console.log('release gate passed');
});

module.exports = { npmHasVersion, dockerHasTag, semverValid };
