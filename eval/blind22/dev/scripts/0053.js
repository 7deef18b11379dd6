#!/usr/bin/env node
// scripts/subgraph-gate.js
//
// Runs `rover subgraph check` for each subgraph in this repo against a graph
// variant and summarises the result in reports/subgraph-gate.md. With
// --publish it then publishes, but only to variants in PUBLISHABLE; the
// `current`/production variant is published by the deploy pipeline only.
//
// APOLLO_KEY comes from the environment or .env and is passed to rover via
// its environment. We also query the Apollo Platform API
// (graphql.api.apollographql.io) for the variant's launch history, read-only.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SUBGRAPHS = path.join(ROOT, 'subgraphs.json');
const REPORT = path.join(ROOT, 'reports', 'subgraph-gate.md');
const PLATFORM_API = 'https://graphql.api.apollographql.io/api/graphql';
const PUBLISHABLE = new Set(['dev', 'staging']);

function readDotEnv(file) {
  const env = {};
  if (!fs.existsSync(file)) return env;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) env[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return env;
}

function mask(value) {
  if (!value) return '<unset>';
  return value.length <= 4 ? '****' : '*'.repeat(value.length - 4) + value.slice(-4);
}

function roverEnv() {
  const env = { ...process.env };
  if (!env.APOLLO_KEY) {
    const dot = readDotEnv(path.join(ROOT, '.env'));
    if (dot.APOLLO_KEY) env.APOLLO_KEY = dot.APOLLO_KEY;
  }
  if (!env.APOLLO_KEY) throw new Error('APOLLO_KEY not set (env or .env)');
  env.APOLLO_TELEMETRY_DISABLED = '1';
  console.log(`APOLLO_KEY ${mask(env.APOLLO_KEY)}`);
  return env;
}

function rover(args, env) {
  let delay = 1000;
  for (let attempt = 1; ; attempt++) {
    const res = spawnSync('rover', args, { cwd: ROOT, env, encoding: 'utf8' });
    const rateLimited = /rate limit/i.test(res.stderr || '');
    if (!rateLimited || attempt >= 4) return res;
    console.log(`rate limited; retry ${attempt} in ${delay / 1000}s`);
    spawnSync('sleep', [String(delay / 1000)]);
    delay *= 2;
  }
}

function parseGraphRef(ref) {
  const m = /^([a-z0-9-]+)@([a-z0-9-]+)$/.exec(ref || '');
  if (!m) throw new Error(`bad graph ref "${ref}" (expected graph@variant)`);
  return { graph: m[1], variant: m[2] };
}

function check(ref, sub, env) {
  const res = rover(
    ['subgraph', 'check', ref, '--name', sub.name, '--schema', sub.schema, '--format', 'json'],
    env,
  );
  let changes = [];
  try {
    changes = JSON.parse(res.stdout || '{}').data?.changes ?? [];
  } catch {
    /* rover printed a plain error */
  }
  return { name: sub.name, ok: res.status === 0, changes, stderr: res.stderr };
}

async function launchHistory(graph, variant, apiKey) {
  const query = `query Launches($ref: ID!) {
    variant(ref: $ref) { ... on GraphVariant { launchHistory(limit: 5) { id status createdAt } } }
  }`;
  const resp = await fetch(PLATFORM_API, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': apiKey,
      'apollographql-client-name': 'subgraph-gate',
    },
    body: JSON.stringify({ query, variables: { ref: `${graph}@${variant}` } }),
  });
  if (!resp.ok) return [];
  const body = await resp.json();
  return body.data?.variant?.launchHistory ?? [];
}

// Compose the supergraph locally first: a subgraph can pass its own check
// and still break composition with its siblings.
function composeLocally(subgraphs) {
  const cfg = {
    federation_version: '=2.7.1',
    subgraphs: Object.fromEntries(
      subgraphs.map((s) => [s.name, { routing_url: s.routingUrl || 'http://localhost:4000', schema: { file: s.schema } }]),
    ),
  };
  const tmp = path.join(ROOT, 'reports', '.supergraph.local.json');
  fs.mkdirSync(path.dirname(tmp), { recursive: true });
  fs.writeFileSync(tmp, JSON.stringify(cfg));
  try {
    const res = spawnSync('rover', ['supergraph', 'compose', '--config', tmp, '--elv2-license', 'accept'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, APOLLO_TELEMETRY_DISABLED: '1' },
    });
    if (res.status !== 0) {
      console.log('local composition failed:');
      console.log((res.stderr || '').split('\n').slice(-20).join('\n'));
      return false;
    }
    return true;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function publish(ref, sub, env) {
  const args = ['subgraph', 'publish', ref, '--name', sub.name, '--schema', sub.schema];
  if (sub.routingUrl) args.push('--routing-url', sub.routingUrl);
  const res = rover(args, env);
  process.stdout.write(res.stdout || '');
  if (res.status !== 0) process.stderr.write(res.stderr || '');
  return res.status === 0;
}

function writeReport(ref, results, launches) {
  const lines = [`# Subgraph gate for ${ref}`, ''];
  for (const r of results) {
    lines.push(`## ${r.name}: ${r.ok ? 'passed' : 'FAILED'}`, '');
    for (const c of r.changes.slice(0, 25)) {
      lines.push(`- **${c.severity}** ${c.code}: ${c.description}`);
    }
    if (!r.ok && r.stderr) lines.push('', '```', r.stderr.trim().slice(-1500), '```');
    lines.push('');
  }
  if (launches.length) {
    lines.push('## Recent launches', '');
    for (const l of launches) lines.push(`- ${l.createdAt} ${l.status} (${l.id})`);
  }
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, lines.join('\n') + '\n');
  console.log(`report: ${path.relative(ROOT, REPORT)}`);
}

async function main() {
  const argv = process.argv.slice(2);
  const doPublish = argv.includes('--publish');
  const ref = argv.find((a) => !a.startsWith('--'));
  const { graph, variant } = parseGraphRef(ref);
  if (doPublish && !PUBLISHABLE.has(variant)) {
    throw new Error(`publishing to "${variant}" is not allowed from this script`);
  }
  const env = roverEnv();
  const subgraphs = JSON.parse(fs.readFileSync(SUBGRAPHS, 'utf8'));
  for (const s of subgraphs) {
    if (!fs.existsSync(path.join(ROOT, s.schema))) throw new Error(`${s.name}: ${s.schema} missing`);
  }
  if (!composeLocally(subgraphs)) {
    process.exitCode = 1;
    return;
  }
  const results = subgraphs.map((s) => check(ref, s, env));
  const launches = await launchHistory(graph, variant, env.APOLLO_KEY).catch(() => []);
  writeReport(ref, results, launches);

  const failed = results.filter((r) => !r.ok);
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.changes.length} change(s))`);
  if (failed.length) {
    process.exitCode = 1;
    return;
  }
  if (!doPublish) {
    console.log('checks passed; add --publish to publish');
    return;
  }
  let ok = true;
  for (const s of subgraphs) ok = publish(ref, s, env) && ok;
  process.exitCode = ok ? 0 : 2;
}

main().catch((e) => {
  console.error(`subgraph-gate: ${e.message}`);
  process.exit(1);
});
