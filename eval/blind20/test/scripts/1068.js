#!/usr/bin/env node
// scripts/mk-recycle.js - recycle the minikube profiles used by the
// integration matrix (one profile per Kubernetes version) when they drift.
'use strict';

const { spawnSync } = require('node:child_process');

const MATRIX = ['v1.28.9', 'v1.29.4', 'v1.30.0'];
const PREFIX = 'fern-it-';

function mk(args, capture = false) {
  const res = spawnSync('minikube', args, { encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit' });
  if (res.error) throw new Error('minikube not installed');
  return res;
}

function profiles() {
  const res = mk(['profile', 'list', '-o', 'json'], true);
  if (res.status !== 0) return [];
  const data = JSON.parse(res.stdout || '{}');
  return [...(data.valid || []), ...(data.invalid || [])].map((p) => p.Name);
}

function profileName(version) {
  return `${PREFIX}${version.replace(/\./g, '-')}`;
}

function deleteArgs(names) {
  return names.flatMap((name) => [['delete', '-p', name]]);
}

function recycleTargets(existing) {
  const wanted = new Set(MATRIX.map(profileName));
  // drifted = anything not matching the current matrix
  return existing.filter((name) => !wanted.has(name) || process.argv.includes('--all'));
}

function start(version) {
  const name = profileName(version);
  mk(['start', '-p', name, '--kubernetes-version', version, '--driver', 'docker', '--cpus', '2', '--memory', '3g']);
}

function main() {
  const existing = profiles();
  const targets = recycleTargets(existing);
  console.log(`profiles: ${existing.join(', ') || 'none'}; recycling ${targets.length}`);
  for (const args of deleteArgs(targets)) {
    mk(args);
  }
  const after = new Set(profiles());
  for (const version of MATRIX) {
    if (!after.has(profileName(version))) start(version);
  }
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
