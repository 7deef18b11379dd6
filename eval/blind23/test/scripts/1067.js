#!/usr/bin/env node
// error-digest.js - turn recurring errors in orbit's pino logs into Linear issues.
//
// Reads out/logs/*.log (pino NDJSON), groups level>=50 records by a normalised
// message + error type, and for groups above --min-count either prints them
// (default) or, with --file, creates/updates an issue in the configured Linear
// team through Linear's GraphQL API.  Existing issues are found by a
// fingerprint label in the title so reruns update instead of duplicating.
//
// LINEAR_API_KEY comes from the environment or the git-ignored .env and is only
// sent to api.linear.app in the Authorization header.

import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOGS = path.join(ROOT, 'out', 'logs');
const LINEAR = 'https://api.linear.app/graphql';
const CONFIG = path.join(ROOT, 'config', 'linear.json');

function args(argv) {
  const o = { hours: 24, minCount: 5, file: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--hours') o.hours = Number(argv[++i]);
    else if (argv[i] === '--min-count') o.minCount = Number(argv[++i]);
    else if (argv[i] === '--file') o.file = true;
    else throw new Error(`error-digest: unexpected ${argv[i]}`);
  }
  return o;
}

function apiKey() {
  if (process.env.LINEAR_API_KEY) return process.env.LINEAR_API_KEY;
  const envFile = path.join(ROOT, '.env');
  if (!fs.existsSync(envFile)) return null;
  const line = fs.readFileSync(envFile, 'utf8').split('\n').find((l) => l.startsWith('LINEAR_API_KEY='));
  return line ? line.split('=').slice(1).join('=').trim().replace(/^"|"$/g, '') : null;
}

const normalise = (s) =>
  String(s)
    .replace(/\b[0-9a-f]{24,}\b/gi, '<id>')
    .replace(/\b\d+(\.\d+)?\b/g, '<n>')
    .replace(/"[^"]{20,}"/g, '"<s>"')
    .slice(0, 180);

async function collect(hours) {
  const since = Date.now() - hours * 3600e3;
  const groups = new Map();
  if (!fs.existsSync(LOGS)) return groups;
  for (const name of fs.readdirSync(LOGS).filter((n) => n.endsWith('.log')).sort()) {
    const rl = readline.createInterface({ input: fs.createReadStream(path.join(LOGS, name)), crlfDelay: Infinity });
    for await (const line of rl) {
      if (line[0] !== '{') continue;
      let rec;
      try {
        rec = JSON.parse(line);
      } catch {
        continue;
      }
      if ((rec.level ?? 0) < 50 || (rec.time ?? 0) < since) continue;
      const type = rec.err?.type ?? 'Error';
      const msg = normalise(rec.err?.message ?? rec.msg ?? '');
      const fp = createHash('sha1').update(`${type}:${msg}`).digest('hex').slice(0, 8);
      const g = groups.get(fp) ?? { fp, type, msg, count: 0, first: rec.time, last: rec.time, stack: rec.err?.stack };
      g.count++;
      g.first = Math.min(g.first, rec.time);
      g.last = Math.max(g.last, rec.time);
      groups.set(fp, g);
    }
  }
  return groups;
}

async function gql(key, query, variables) {
  for (let tries = 1; tries <= 4; tries++) {
    const attempt = tries;
    const res = await fetch(LINEAR, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    if (res.status === 429 || res.status >= 500) {
      await new Promise((wake) => setTimeout(wake, 2 ** attempt * 1000));
      continue;
    }
    const body = await res.json();
    if (body.errors?.length) throw new Error(`Linear: ${body.errors[0].message}`);
    return body.data;
  }
  throw new Error('Linear API unavailable');
}

async function fileIssue(key, teamId, g) {
  const title = `[err:${g.fp}] ${g.type}: ${g.msg.slice(0, 80)}`;
  const found = await gql(
    key,
    'query($q: String!) { issueSearch(query: $q, first: 1) { nodes { id identifier } } }',
    { q: `err:${g.fp}` },
  );
  const description = [
    `Seen **${g.count}** time(s) between ${new Date(g.first).toISOString()} and ${new Date(g.last).toISOString()}.`,
    '',
    '```',
    (g.stack ?? g.msg).split('\n').slice(0, 15).join('\n'),
    '```',
  ].join('\n');
  const existing = found.issueSearch.nodes[0];
  if (existing) {
    await gql(key, 'mutation($id: String!, $body: String!) { commentCreate(input: {issueId: $id, body: $body}) { success } }', {
      id: existing.id,
      body: `Still happening: ${g.count} more occurrence(s) in the last run.`,
    });
    return `${existing.identifier} (commented)`;
  }
  const created = await gql(
    key,
    'mutation($team: String!, $title: String!, $desc: String!) { issueCreate(input: {teamId: $team, title: $title, description: $desc}) { issue { identifier } } }',
    { team: teamId, title, desc: description },
  );
  return `${created.issueCreate.issue.identifier} (created)`;
}

// Plain-text table for terminals and for pasting into chat.
function table(groups) {
  const rows = groups.map((g) => ({
    count: String(g.count),
    fp: g.fp,
    span: `${new Date(g.first).toISOString().slice(5, 16)}..${new Date(g.last).toISOString().slice(11, 16)}`,
    what: `${g.type}: ${g.msg}`.slice(0, 100),
  }));
  const w = (k) => Math.max(k.length, ...rows.map((r) => r[k].length));
  const line = (r) => `${r.count.padStart(w('count'))}  ${r.fp}  ${r.span.padEnd(w('span'))}  ${r.what}`;
  return [line({ count: 'count', fp: 'fingerpr', span: 'span', what: 'error' }), ...rows.map(line)].join('\n');
}

// Skip groups that are known noise (documented in config/error-ignore.json).
function ignoreList() {
  const file = path.join(ROOT, 'config', 'error-ignore.json');
  if (!fs.existsSync(file)) return [];
  return JSON.parse(fs.readFileSync(file, 'utf8')).map((p) => new RegExp(p));
}

async function main() {
  const o = args(process.argv.slice(2));
  const ignored = ignoreList();
  const groups = [...(await collect(o.hours)).values()].filter((g) => g.count >= o.minCount).sort((a, b) => b.count - a.count);
  if (!groups.length) {
    console.log(`no error group with >= ${o.minCount} occurrences in the last ${o.hours}h`);
    return 0;
  }
  const shown = groups.filter((g) => !ignored.some((re) => re.test(`${g.type}: ${g.msg}`)));
  if (shown.length !== groups.length) console.log(`(${groups.length - shown.length} group(s) ignored by config/error-ignore.json)`);
  groups.splice(0, groups.length, ...shown);
  console.log(table(groups));
  const out = path.join(ROOT, 'out', 'error-digest.json');
  fs.writeFileSync(out, JSON.stringify(groups, null, 2));
  if (!o.file) {
    console.log('\n(listing only; --file creates/updates Linear issues)');
    return 0;
  }
  const key = apiKey();
  if (!key) throw new Error('LINEAR_API_KEY not set (environment or .env)');
  const { teamId } = JSON.parse(fs.readFileSync(CONFIG, 'utf8'));
  if (!/^[0-9a-f-]{36}$/.test(teamId ?? '')) throw new Error('config/linear.json: teamId must be a UUID');
  for (const g of groups) console.log(`  ${g.fp} -> ${await fileIssue(key, teamId, g)}`);
  return 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err) => {
    console.error(`error-digest: ${err.message}`);
    process.exitCode = 2;
  },
);
