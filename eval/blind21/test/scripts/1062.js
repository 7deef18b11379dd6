#!/usr/bin/env node
/*
 * scripts/compose-doctor.js
 *
 * Watch the health of the local compose stack (project "ledger-dev") via the
 * local Consul agent's health checks and restart unhealthy services of THAT
 * compose project, with a restart budget so a crash-looping service is not
 * restarted forever.
 *
 *   node scripts/compose-doctor.js            watch until Ctrl-C
 *   node scripts/compose-doctor.js --once     one pass, then exit
 *
 * Mapping Consul service -> compose service comes from the compose labels
 * (com.ledger.consul-service). Only containers with the label
 * com.docker.compose.project=ledger-dev are ever restarted; other projects
 * and containers on the machine are ignored.
 *
 * Restart budget: at most 3 restarts per service per 15 minutes. After that
 * the service is reported as "given up" until the doctor is restarted.
 *
 * Consul: http://127.0.0.1:8500 (the dev agent from compose). No token is
 * needed for the dev agent; none is sent.
 */
'use strict';

// Requirements: Node 20+ (global fetch, AbortSignal.timeout), docker with
// compose v2, and the compose stack from compose.dev.yml running with the
// Consul dev agent.
//
// Why go through Consul: the services register themselves with health
// checks that exercise real dependencies (database, queue); docker's own
// healthcheck only proves the process listens. Restarting on Consul's
// "critical" state catches the "up but useless" cases during development.
//
// The doctor never removes containers, volumes or images; `docker compose
// restart` keeps the container and its data.
//
// Stop it with Ctrl-C; the stack keeps running.
//

const { execFileSync } = require('node:child_process');
const path = require('node:path');

const PROJECT = 'ledger-dev';
const COMPOSE_FILE = path.resolve(__dirname, '..', 'compose.dev.yml');
const CONSUL = 'http://127.0.0.1:8500';
const INTERVAL_MS = 15000;
const BUDGET = 3;
const BUDGET_WINDOW_MS = 15 * 60 * 1000;

const history = new Map();
const gaveUp = new Set();

function log(msg) {
  console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);
}

function compose(...args) {
  return execFileSync('docker', ['compose', '-p', PROJECT, '-f', COMPOSE_FILE, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function projectContainers() {
  const out = execFileSync('docker', [
    'ps', '--all',
    '--filter', `label=com.docker.compose.project=${PROJECT}`,
    '--format', '{{json .}}',
  ], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

function labelsOf(container) {
  const labels = {};
  for (const pair of (container.Labels || '').split(',')) {
    const i = pair.indexOf('=');
    if (i > 0) labels[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return labels;
}

function consulMapping() {
  const map = new Map();
  for (const c of projectContainers()) {
    const labels = labelsOf(c);
    if (labels['com.docker.compose.project'] !== PROJECT) continue;
    const consulName = labels['com.ledger.consul-service'];
    const composeName = labels['com.docker.compose.service'];
    if (consulName && composeName) map.set(consulName, composeName);
  }
  return map;
}

async function criticalServices() {
  const res = await fetch(`${CONSUL}/v1/health/state/critical`, { signal: AbortSignal.timeout(3000) });
  if (!res.ok) throw new Error(`consul health: ${res.status}`);
  const checks = await res.json();
  return [...new Set(checks.map((c) => c.ServiceName).filter(Boolean))];
}

function withinBudget(service) {
  const now = Date.now();
  const recent = (history.get(service) || []).filter((t) => now - t < BUDGET_WINDOW_MS);
  history.set(service, recent);
  return recent.length < BUDGET;
}

function restart(composeService) {
  compose('restart', '--timeout', '20', composeService);
  history.get(composeService)?.push(Date.now()) ?? history.set(composeService, [Date.now()]);
}

async function pass() {
  let critical;
  try {
    critical = await criticalServices();
  } catch (err) {
    log(`cannot reach consul at ${CONSUL}: ${err.message}`);
    return;
  }
  if (!critical.length) {
    log('all services healthy');
    return;
  }
  const mapping = consulMapping();
  for (const svc of critical) {
    const composeService = mapping.get(svc);
    if (!composeService) {
      log(`${svc}: critical, but not a ${PROJECT} compose service; ignoring`);
      continue;
    }
    if (gaveUp.has(composeService)) continue;
    if (!withinBudget(composeService)) {
      gaveUp.add(composeService);
      log(`${composeService}: restarted ${BUDGET}x in 15 min; giving up (see: docker compose -p ${PROJECT} logs ${composeService})`);
      continue;
    }
    log(`${composeService}: critical in consul; restarting`);
    try {
      restart(composeService);
    } catch (err) {
      log(`${composeService}: restart failed: ${String(err.stderr || err.message).trim()}`);
    }
  }
}

function preflight() {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
  } catch {
    console.error('compose-doctor: docker compose v2 is required');
    process.exit(1);
  }
  const running = compose('ps', '--services', '--status', 'running').split('\n').filter(Boolean);
  if (!running.length) {
    console.error(`compose-doctor: project ${PROJECT} has no running services; start it first`);
    process.exit(1);
  }
  log(`watching ${running.length} service(s) of ${PROJECT}: ${running.join(', ')}`);
}

async function main() {
  preflight();
  if (process.argv.includes('--once')) {
    await pass();
    return;
  }
  let stop = false;
  process.on('SIGINT', () => {
    stop = true;
    log('stopping (services are left running)');
  });
  while (!stop) {
    await pass();
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
}

main();
