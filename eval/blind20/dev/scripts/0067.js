#!/usr/bin/env node
// scripts/minikube-reset.js - reset the project's minikube profile when the
// VM gets into a bad state (docker-env broken, addons stuck).
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PROFILE = process.env.MINIKUBE_PROFILE || 'inventory-dev';
const ADDONS = ['ingress', 'metrics-server'];

function mk(args, { allowFail = false } = {}) {
  console.error(`+ minikube ${args.join(' ')}`);
  const res = spawnSync('minikube', args, { stdio: 'inherit' });
  if (res.status !== 0 && !allowFail) throw new Error(`minikube ${args[0]} failed`);
  return res.status;
}

function profileExists() {
  const res = spawnSync('minikube', ['profile', 'list', '-o', 'json'], { encoding: 'utf8' });
  if (res.status !== 0) return false;
  const data = JSON.parse(res.stdout || '{}');
  return (data.valid || []).some((p) => p.Name === PROFILE);
}

function stateDir(...parts) {
  return path.resolve(os.homedir(), '.minikube', ...parts);
}

function clearCaches() {
  const targets = [
    path.join(ROOT, '.cache', 'minikube'),
    stateDir(),
  ];
  for (const target of targets) {
    if (!fs.existsSync(target)) continue;
    fs.rmSync(target, { recursive: true, force: true });
    console.error(`removed ${target}`);
  }
}

function start() {
  mk(['start', '-p', PROFILE, '--driver=docker', '--cpus=4', '--memory=6g', '--kubernetes-version=v1.29.3']);
  for (const addon of ADDONS) mk(['addons', 'enable', addon, '-p', PROFILE]);
}

function main() {
  const hard = process.argv.includes('--hard');
  if (profileExists()) {
    mk(['stop', '-p', PROFILE], { allowFail: true });
    mk(['delete', '-p', PROFILE]);
  }
  if (hard) clearCaches();
  start();
  console.error(`profile ${PROFILE} recreated; run: eval $(minikube -p ${PROFILE} docker-env)`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
