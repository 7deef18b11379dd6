#!/usr/bin/env node
// Nextcloud activity digest for the project's shared folder (read-only).
//
//   node tools/nc-activity.js                      # last 7 days, folder from config
//   node tools/nc-activity.js --since 2024-06-01 --folder "/Projects/Ledger"
//   node tools/nc-activity.js --format md > build/activity.md
//
// Uses the Activity app's OCS API (/ocs/v2.php/apps/activity/api/v2/activity)
// of the team instance NC_URL (https://cloud.internal).  Auth: app password of
// the reporting user from .env (NC_USER / NC_APP_PASSWORD), sent as Basic auth
// to that host only.  Pagination follows the `Link: <…>; rel="next"` header,
// which is checked to stay on the same origin.
import { readFileSync, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const project = resolve(here, '..');

function readDotEnv() {
  const file = join(project, '.env');
  const out = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/);
    if (match) out[match[1]] = match[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

function cli(argv) {
  const opts = { since: null, folder: null, format: 'table', limit: 200 };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const next = () => {
      i += 1;
      if (i >= argv.length) throw new Error(`${flag} needs a value`);
      return argv[i];
    };
    if (flag === '--since') opts.since = next();
    else if (flag === '--folder') opts.folder = next();
    else if (flag === '--format') opts.format = next();
    else if (flag === '--limit') opts.limit = Number(next());
    else throw new Error(`unknown flag ${flag}`);
  }
  if (opts.since && Number.isNaN(Date.parse(opts.since))) throw new Error('--since must be a date');
  if (!['table', 'md', 'json'].includes(opts.format)) throw new Error('--format: table | md | json');
  return opts;
}

class ActivityApi {
  constructor(baseUrl, user, password) {
    const url = new URL(baseUrl);
    if (url.hostname !== 'localhost' && !url.hostname.endsWith('.internal')) {
      throw new Error(`NC_URL host ${url.hostname} is not our instance`);
    }
    this.origin = url.origin;
    this.headers = {
      authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'),
      'ocs-apirequest': 'true',
      accept: 'application/json',
    };
  }

  async page(url) {
    for (let attempt = 1; ; attempt += 1) {
      const res = await fetch(url, { headers: this.headers });
      if (res.status === 304) return { items: [], next: null };
      if (res.ok) {
        const body = await res.json();
        const link = res.headers.get('link') || '';
        const m = /<([^>]+)>;\s*rel="next"/.exec(link);
        let next = null;
        if (m) {
          const candidate = new URL(m[1], this.origin);
          if (candidate.origin !== this.origin) throw new Error('pagination link left the instance');
          next = candidate.href;
        }
        return { items: body.ocs?.data ?? [], next };
      }
      if (attempt >= 4 || (res.status !== 429 && res.status < 500)) {
        throw new Error(`activity API: HTTP ${res.status}`);
      }
      await new Promise((r) => setTimeout(r, 800 * attempt));
    }
  }

  async *all({ limit }) {
    let url = `${this.origin}/ocs/v2.php/apps/activity/api/v2/activity/files?format=json&limit=${limit}&sort=desc`;
    while (url) {
      const { items, next } = await this.page(url);
      for (const item of items) yield item;
      url = next;
    }
  }
}

function relevant(item, opts, sinceTs) {
  if (sinceTs && Date.parse(item.datetime) < sinceTs) return false;
  if (!opts.folder) return true;
  const objects = Object.values(item.objects || {});
  return objects.some((p) => typeof p === 'string' && p.startsWith(opts.folder));
}

function summarise(items) {
  const byUser = new Map();
  const byType = new Map();
  for (const it of items) {
    byUser.set(it.user, (byUser.get(it.user) || 0) + 1);
    byType.set(it.type, (byType.get(it.type) || 0) + 1);
  }
  const sort = (m) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { users: sort(byUser), types: sort(byType) };
}

function renderTable(items, summary) {
  const lines = [];
  for (const it of items.slice(0, 50)) {
    lines.push(`${it.datetime.slice(0, 16).replace('T', ' ')}  ${String(it.user).padEnd(14)} ${String(it.type).padEnd(16)} ${it.subject}`);
  }
  lines.push('', 'by user:', ...summary.users.map(([u, n]) => `  ${u.padEnd(16)} ${n}`));
  lines.push('by type:', ...summary.types.map(([t, n]) => `  ${t.padEnd(16)} ${n}`));
  return lines.join('\n');
}

function renderMarkdown(items, summary, opts) {
  const title = `# File activity${opts.folder ? ` in ${opts.folder}` : ''}${opts.since ? ` since ${opts.since}` : ''}`;
  const rows = items
    .slice(0, 200)
    .map((it) => `| ${it.datetime.slice(0, 16).replace('T', ' ')} | ${it.user} | ${it.type} | ${String(it.subject).replace(/\|/g, '\\|')} |`);
  return [
    title,
    '',
    `${items.length} events.`,
    '',
    '| when | user | type | what |',
    '|---|---|---|---|',
    ...rows,
    '',
    '## Most active users',
    '',
    ...summary.users.slice(0, 10).map(([u, n]) => `- ${u}: ${n}`),
  ].join('\n');
}

async function main() {
  const opts = cli(process.argv.slice(2));
  const env = { ...readDotEnv(), ...process.env };
  if (!env.NC_USER || !env.NC_APP_PASSWORD) throw new Error('NC_USER / NC_APP_PASSWORD missing in .env');
  const config = existsSync(join(project, 'config', 'nextcloud.json'))
    ? JSON.parse(readFileSync(join(project, 'config', 'nextcloud.json'), 'utf8'))
    : {};
  opts.folder ??= config.sharedFolder ?? null;
  const sinceTs = opts.since ? Date.parse(opts.since) : Date.now() - 7 * 86400_000;

  const api = new ActivityApi(env.NC_URL || 'https://cloud.internal', env.NC_USER, env.NC_APP_PASSWORD);
  const items = [];
  for await (const it of api.all(opts)) {
    if (Date.parse(it.datetime) < sinceTs) break; // sorted newest first
    if (relevant(it, opts, sinceTs)) items.push(it);
  }
  const summary = summarise(items);

  if (opts.format === 'json') {
    process.stdout.write(JSON.stringify({ items, summary }, null, 2) + '\n');
  } else if (opts.format === 'md') {
    process.stdout.write(renderMarkdown(items, summary, opts) + '\n');
  } else {
    process.stdout.write(renderTable(items, summary) + '\n');
  }

  const outDir = join(project, 'build', 'activity');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, `activity-${new Date().toISOString().slice(0, 10)}.json`), JSON.stringify(items));
  console.error(`[nc-activity] ${items.length} events saved`);
}

main().catch((err) => {
  console.error(`[nc-activity] ${err.message}`);
  process.exitCode = 1;
});
