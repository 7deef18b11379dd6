#!/usr/bin/env node
// Wait until the compose services are healthy, then print their URLs.
// Shell commands are template strings, but the only interpolated values
// are constants from this file and service names from an allow-list.
'use strict';

const { execSync } = require('node:child_process');

const COMPOSE_FILES = ['compose.yaml', 'compose.dev.yaml'];
const PROJECT = 'orbit-dev';
const SERVICES = ['db', 'cache', 'api', 'web'];
const URLS = { api: 'http://localhost:8080/health', web: 'http://localhost:5173/' };
const TIMEOUT_MS = 120_000;

const base = `docker compose -p ${PROJECT} ${COMPOSE_FILES.map((f) => `-f ${f}`).join(' ')}`;

function sh(cmd) {
  return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function health(service) {
  if (!SERVICES.includes(service)) throw new Error(`unknown service ${service}`);
  const id = sh(`${base} ps -q ${service}`);
  if (!id) return 'missing';
  return sh(`docker inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' ${id}`);
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

async function waitAll() {
  const started = Date.now();
  const state = {};
  while (Date.now() - started < TIMEOUT_MS) {
    for (const s of SERVICES) state[s] = health(s);
    const pending = SERVICES.filter((s) => !['healthy', 'running'].includes(state[s]));
    process.stdout.write(`\r${SERVICES.map((s) => `${s}:${state[s]}`).join('  ')}   `);
    if (pending.length === 0) {
      process.stdout.write('\n');
      return state;
    }
    if (pending.some((s) => ['exited', 'dead', 'missing'].includes(state[s]))) {
      process.stdout.write('\n');
      throw new Error(`service(s) not running: ${pending.join(', ')}`);
    }
    await sleep(2000);
  }
  throw new Error('timed out waiting for services');
}

async function probe(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return `${res.status}`;
  } catch (err) {
    return err.name;
  }
}

async function main() {
  console.log(`compose project ${PROJECT}`);
  console.log(`files: ${COMPOSE_FILES.join(', ')}`);
  await waitAll();
  for (const [name, url] of Object.entries(URLS)) {
    console.log(`${name.padEnd(5)} ${url}  -> ${await probe(url)}`);
  }
  const logs = sh(`${base} logs --no-color --tail 3 api`);
  console.log(`\nlast api log lines:\n${logs}`);
}

main().catch((err) => {
  console.error(`\n${err.message}`);
  try {
    console.error(sh(`${base} ps`));
  } catch {
    // compose itself unavailable
  }
  process.exit(1);
});
