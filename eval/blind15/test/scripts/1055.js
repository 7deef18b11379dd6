#!/usr/bin/env node
// tools/container-triage.js - summarise the logs of the local compose stack:
// restarts, exit codes, error signatures per service, and slow requests.
//
//   node tools/container-triage.js                 # last 30 minutes
//   node tools/container-triage.js --since 2h api worker
//   node tools/container-triage.js --json > triage.json
//
// docker is invoked with fixed argument arrays; service names and the
// --since value are validated first. Read-only.
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const execFileP = promisify(execFile);

const SERVICE_RE = /^[a-z0-9][a-z0-9_-]{0,40}$/;
const SINCE_RE = /^\d+(s|m|h)$/;
const ERROR_RE = /\b(error|exception|panic|fatal|unhandled|ECONNREFUSED|ETIMEDOUT)\b/i;
const SLOW_RE = /"(GET|POST|PUT|PATCH|DELETE) ([^" ]+)[^"]*" (\d{3}) .*?(\d+(?:\.\d+)?)ms/;
const MAX_BUFFER = 256 * 1024 * 1024;

function parseArgs(argv) {
  const opts = { since: '30m', services: [], json: false, slowMs: 500 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--since') opts.since = argv[++i];
    else if (a === '--json') opts.json = true;
    else if (a === '--slow-ms') opts.slowMs = Number(argv[++i]);
    else if (a.startsWith('-')) throw new Error(`unknown flag ${a}`);
    else opts.services.push(a);
  }
  if (!SINCE_RE.test(opts.since)) throw new Error('--since must look like 30m or 2h');
  for (const s of opts.services) if (!SERVICE_RE.test(s)) throw new Error(`bad service name ${s}`);
  if (!Number.isFinite(opts.slowMs) || opts.slowMs <= 0) throw new Error('--slow-ms must be positive');
  return opts;
}

async function docker(args) {
  const { stdout } = await execFileP('docker', args, { maxBuffer: MAX_BUFFER });
  return stdout;
}

async function listServices() {
  const out = await docker(['compose', 'ps', '--all', '--format', 'json']);
  // compose v2 prints either one JSON array or one object per line
  const trimmed = out.trim();
  if (!trimmed) return [];
  const rows = trimmed.startsWith('[') ? JSON.parse(trimmed) : trimmed.split('\n').map((l) => JSON.parse(l));
  return rows.map((r) => ({
    service: r.Service,
    container: r.Name,
    state: r.State,
    health: r.Health || '',
    exitCode: r.ExitCode,
  }));
}

async function restartCount(container) {
  try {
    const out = await docker(['inspect', '--format', '{{.RestartCount}} {{.State.OOMKilled}}', container]);
    const [count, oom] = out.trim().split(' ');
    return { restarts: Number(count), oomKilled: oom === 'true' };
  } catch {
    return { restarts: 0, oomKilled: false };
  }
}

function fingerprint(line) {
  return line
    .replace(/^\S+\s+\|\s+/, '')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z?/g, '<ts>')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '<uuid>')
    .replace(/\b\d{3,}\b/g, '<n>')
    .slice(0, 160);
}

async function analyseService(svc, opts) {
  const logs = await docker(['compose', 'logs', '--no-color', '--no-log-prefix', '--since', opts.since, svc.service]);
  const lines = logs.split('\n');
  const errors = new Map();
  const slow = [];
  for (const line of lines) {
    if (ERROR_RE.test(line)) {
      const key = fingerprint(line);
      errors.set(key, (errors.get(key) || 0) + 1);
    }
    const m = SLOW_RE.exec(line);
    if (m && Number(m[4]) >= opts.slowMs) slow.push({ method: m[1], path: m[2], status: Number(m[3]), ms: Number(m[4]) });
  }
  const { restarts, oomKilled } = await restartCount(svc.container);
  return {
    ...svc,
    lines: lines.length,
    restarts,
    oomKilled,
    errors: [...errors].sort((a, b) => b[1] - a[1]).slice(0, 8),
    slow: slow.sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

function printReport(results, opts) {
  console.log(`compose triage, since ${opts.since}\n`);
  for (const r of results) {
    const flags = [r.state, r.health, r.restarts ? `${r.restarts} restart(s)` : '', r.oomKilled ? 'OOM' : '']
      .filter(Boolean)
      .join(', ');
    console.log(`== ${r.service} (${flags}) - ${r.lines} log lines`);
    for (const [sig, n] of r.errors) console.log(`   ${String(n).padStart(5)}x ${sig}`);
    for (const s of r.slow) console.log(`   slow: ${s.method} ${s.path} ${s.status} ${s.ms}ms`);
    if (!r.errors.length && !r.slow.length) console.log('   (nothing notable)');
  }
}

function exitCodeSummary(results) {
  const exited = results.filter((r) => r.state === 'exited' && r.exitCode !== 0);
  for (const r of exited) console.log(`!! ${r.service} exited with code ${r.exitCode}`);
  return exited.length;
}

function saveReport(results) {
  const dir = path.join(process.cwd(), 'triage');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `compose-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  return file;
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log('usage: container-triage.js [--since 30m] [--json] [--slow-ms 500] [service ...]');
    return;
  }
  const opts = parseArgs(argv);
  let services = await listServices();
  if (!services.length) throw new Error('no compose services found here (docker compose up -d?)');
  if (opts.services.length) services = services.filter((s) => opts.services.includes(s.service));
  const results = [];
  for (const svc of services) results.push(await analyseService(svc, opts));
  if (opts.json) {
    process.stdout.write(JSON.stringify(results, null, 2) + '\n');
    return;
  }
  printReport(results, opts);
  if (exitCodeSummary(results)) process.exitCode = 1;
  console.log(`\nsaved ${path.relative(process.cwd(), saveReport(results))}`);
}

main().catch((e) => {
  console.error(`container-triage: ${e.message}`);
  process.exit(1);
});
