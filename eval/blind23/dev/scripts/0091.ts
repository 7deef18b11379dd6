#!/usr/bin/env -S npx tsx
// error-budget.ts - read the staging API's request logs pulled into logs/staging/
// and update a pinned GitHub issue with the daily error budget table.
//
//   npx tsx tools/error-budget.ts                  # print table for the last 7 days
//   npx tsx tools/error-budget.ts --days 30
//   npx tsx tools/error-budget.ts --update-issue   # edit the tracking issue body
//
// The issue number and repository come from config/observability.json.  The
// token is GITHUB_TOKEN from the environment or the git-ignored .env and is only
// sent to api.github.com in the Authorization header.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';

interface Config {
  repo: string;
  issue: number;
  sloAvailability: number;
  logDir: string;
}

interface DayStats {
  total: number;
  errors: number;
  p95: number[];
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const MARK_START = '<!-- error-budget:start -->';
const MARK_END = '<!-- error-budget:end -->';

function loadConfig(): Config {
  const raw = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'observability.json'), 'utf8')) as Partial<Config>;
  if (!raw.repo || !/^[\w.-]+\/[\w.-]+$/.test(raw.repo)) throw new Error('config: repo must be owner/name');
  if (!Number.isInteger(raw.issue)) throw new Error('config: issue must be a number');
  return {
    repo: raw.repo,
    issue: raw.issue as number,
    sloAvailability: raw.sloAvailability ?? 99.5,
    logDir: path.resolve(ROOT, raw.logDir ?? 'logs/staging'),
  };
}

function tokenFromEnv(): string | null {
  if (process.env.GITHUB_TOKEN) return process.env.GITHUB_TOKEN;
  const envFile = path.join(ROOT, '.env');
  if (!fs.existsSync(envFile)) return null;
  const line = fs
    .readFileSync(envFile, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('GITHUB_TOKEN='));
  return line ? line.slice('GITHUB_TOKEN='.length).trim().replace(/^"|"$/g, '') : null;
}

async function* records(dir: string): AsyncGenerator<Record<string, unknown>> {
  if (!fs.existsSync(dir)) return;
  const files = fs.readdirSync(dir).filter((f) => /\.jsonl(\.gz)?$/.test(f)).sort();
  for (const f of files) {
    const full = path.join(dir, f);
    const input = f.endsWith('.gz') ? fs.createReadStream(full).pipe(zlib.createGunzip()) : fs.createReadStream(full);
    const rl = readline.createInterface({ input, crlfDelay: Infinity });
    for await (const line of rl) {
      if (!line.startsWith('{')) continue;
      try {
        yield JSON.parse(line) as Record<string, unknown>;
      } catch {
        /* skip partial lines from log rotation */
      }
    }
  }
}

async function collect(cfg: Config, days: number): Promise<Map<string, DayStats>> {
  const since = Date.now() - days * 86_400_000;
  const byDay = new Map<string, DayStats>();
  for await (const rec of records(cfg.logDir)) {
    const ts = Date.parse(String(rec.time ?? rec.ts ?? ''));
    if (!Number.isFinite(ts) || ts < since) continue;
    const day = new Date(ts).toISOString().slice(0, 10);
    const stats = byDay.get(day) ?? { total: 0, errors: 0, p95: [] };
    stats.total++;
    const status = Number(rec.status ?? 0);
    if (status >= 500) stats.errors++;
    if (typeof rec.responseTime === 'number') stats.p95.push(rec.responseTime);
    byDay.set(day, stats);
  }
  return byDay;
}

function percentile(values: number[], q: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function table(byDay: Map<string, DayStats>, slo: number): string {
  const budget = 100 - slo;
  const rows = [
    '| day | requests | 5xx | availability | budget used | p95 ms |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [day, s] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const avail = s.total ? 100 - (s.errors / s.total) * 100 : 100;
    const used = budget > 0 ? ((100 - avail) / budget) * 100 : 0;
    const flag = avail < slo ? ' :red_circle:' : '';
    rows.push(
      `| ${day} | ${s.total} | ${s.errors} | ${avail.toFixed(3)}%${flag} | ${used.toFixed(0)}% | ${percentile(s.p95, 0.95).toFixed(0)} |`,
    );
  }
  return rows.join('\n');
}

async function github<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`https://api.github.com${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.ok) return (await res.json()) as T;
    if ((res.status === 403 || res.status >= 500) && attempt < 4) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    throw new Error(`GitHub ${method} ${url}: HTTP ${res.status}`);
  }
}

function spliceBody(body: string, section: string): string {
  const block = `${MARK_START}\n${section}\n${MARK_END}`;
  if (body.includes(MARK_START) && body.includes(MARK_END)) {
    return body.replace(new RegExp(`${MARK_START}[\\s\\S]*?${MARK_END}`), block);
  }
  return `${body.trimEnd()}\n\n${block}\n`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const days = argv.includes('--days') ? Number(argv[argv.indexOf('--days') + 1]) : 7;
  const cfg = loadConfig();
  const byDay = await collect(cfg, days);
  if (!byDay.size) {
    console.log(`no records in ${path.relative(ROOT, cfg.logDir)} for the last ${days} day(s)`);
    return 0;
  }
  const text = `Error budget (SLO ${cfg.sloAvailability}%), updated ${new Date().toISOString()}\n\n${table(byDay, cfg.sloAvailability)}`;
  console.log(text);
  const out = path.join(ROOT, 'build', 'error-budget.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text + '\n');

  if (argv.includes('--update-issue')) {
    const token = tokenFromEnv();
    if (!token) {
      console.error('GITHUB_TOKEN not available; not updating the issue');
      return 1;
    }
    const issue = await github<{ body: string | null }>('GET', `/repos/${cfg.repo}/issues/${cfg.issue}`, token);
    const body = spliceBody(issue.body ?? '', text);
    await github('PATCH', `/repos/${cfg.repo}/issues/${cfg.issue}`, token, { body });
    console.log(`updated ${cfg.repo}#${cfg.issue}`);
  }
  return 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`error-budget: ${(err as Error).message}`);
    process.exitCode = 2;
  },
);
