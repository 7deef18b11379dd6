#!/usr/bin/env -S npx tsx
// main-log-report.ts - analyse electron main-process logs written by
// electron-log during e2e runs (out/e2e/logs/*.log) and comment the summary on
// the pull request being tested.
//
//   npx tsx tools/main-log-report.ts                 # print summary
//   npx tsx tools/main-log-report.ts --pr 812        # also comment on PR #812
//   npx tsx tools/main-log-report.ts --since 2h
//
// Log line format (electron-log default):
//   [2024-05-03 10:11:12.345] [error] message...
// Warnings and errors are grouped by a normalised message; IPC timeouts and
// renderer crashes ("render-process-gone") get their own sections because they
// are the usual e2e flake causes.  GITHUB_TOKEN (env or git-ignored .env) is
// only used in the Authorization header of one request to api.github.com.

import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

type Level = 'error' | 'warn';
type Group = { level: Level; text: string; count: number; first: string; files: Set<string> };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOG_DIR = path.join(ROOT, 'out', 'e2e', 'logs');
const LINE = /^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?)\] \[(\w+)\]\s+(.*)$/;

interface Opts {
  pr: number | null;
  sinceMs: number;
  top: number;
}

function opts(argv: string[]): Opts {
  const o: Opts = { pr: null, sinceMs: 24 * 3600e3, top: 15 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--pr') o.pr = Number(argv[++i]);
    else if (a === '--top') o.top = Number.parseInt(argv[++i] ?? '15', 10);
    else if (a === '--since') {
      const m = /^(\d+)([mhd])$/.exec(argv[++i] ?? '');
      if (!m) throw new Error('--since like 30m, 2h, 1d');
      o.sinceMs = Number(m[1]) * { m: 60e3, h: 3600e3, d: 86400e3 }[m[2] as 'm' | 'h' | 'd'];
    } else throw new Error(`unknown option ${a}`);
  }
  if (o.pr !== null && !Number.isInteger(o.pr)) throw new Error('--pr must be a number');
  return o;
}

function normalise(msg: string): string {
  return msg
    .replace(/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b\d+(\.\d+)?(ms|s)?\b/g, '<n>')
    .replace(/(\/[\w.-]+){2,}/g, '<path>')
    .slice(0, 160);
}

async function scan(o: Opts): Promise<{ groups: Map<string, Group>; ipcTimeouts: number; rendererGone: string[]; lines: number }> {
  const groups = new Map<string, Group>();
  let ipcTimeouts = 0;
  const rendererGone: string[] = [];
  let lines = 0;
  if (!fs.existsSync(LOG_DIR)) return { groups, ipcTimeouts, rendererGone, lines };
  const cutoff = Date.now() - o.sinceMs;
  for (const name of fs.readdirSync(LOG_DIR).filter((n) => n.endsWith('.log')).sort()) {
    const file = path.join(LOG_DIR, name);
    if (fs.statSync(file).mtimeMs < cutoff) continue;
    const rl = readline.createInterface({ crlfDelay: Infinity, input: fs.createReadStream(file) });
    for await (const raw of rl) {
      lines++;
      const m = LINE.exec(raw);
      if (!m) continue;
      const [, ts, level, msg] = m;
      if (level !== 'error' && level !== 'warn') continue;
      if (/ipc.*timed? ?out/i.test(msg)) ipcTimeouts++;
      if (msg.includes('render-process-gone')) rendererGone.push(`${name}: ${msg.slice(0, 140)}`);
      const key = `${level}:${normalise(msg)}`;
      const g = groups.get(key) ?? { level: level as Level, text: normalise(msg), count: 0, first: ts, files: new Set<string>() };
      g.count++;
      g.files.add(name);
      groups.set(key, g);
    }
  }
  return { groups, ipcTimeouts, rendererGone, lines };
}

function render(r: Awaited<ReturnType<typeof scan>>, o: Opts): string {
  const sorted = [...r.groups.values()].sort((a, b) => (a.level === b.level ? b.count - a.count : a.level === 'error' ? -1 : 1));
  const errors = sorted.filter((g) => g.level === 'error').reduce((n, g) => n + g.count, 0);
  const warns = sorted.filter((g) => g.level === 'warn').reduce((n, g) => n + g.count, 0);
  const out = [
    '### e2e main-process log summary',
    '',
    `${r.lines} line(s) scanned · **${errors}** error(s) · ${warns} warning(s) · ${r.ipcTimeouts} IPC timeout(s)`,
    '',
    '| level | count | message | files |',
    '|---|---:|---|---:|',
    ...sorted.slice(0, o.top).map((g) => `| ${g.level} | ${g.count} | \`${g.text.replace(/\|/g, '\\|')}\` | ${g.files.size} |`),
  ];
  if (r.rendererGone.length) {
    out.push('', '<details><summary>renderer crashes</summary>', '', ...r.rendererGone.slice(0, 20).map((l) => `- ${l}`), '', '</details>');
  }
  return out.join('\n');
}

function token(): string | null {
  const fromEnv = process.env.GITHUB_TOKEN;
  if (fromEnv) return fromEnv;
  const envFile = path.join(ROOT, '.env');
  if (!fs.existsSync(envFile)) return null;
  const line = fs.readFileSync(envFile, 'utf8').split('\n').find((l) => l.startsWith('GITHUB_TOKEN='));
  return line ? line.slice(13).trim().replace(/^"|"$/g, '') : null;
}

async function commentOnPr(pr: number, body: string): Promise<void> {
  const auth = token();
  const repo = process.env.GITHUB_REPOSITORY ?? 'lumen-app/lumen';
  if (!auth) throw new Error('GITHUB_TOKEN not available; cannot comment');
  for (let attempt = 1; attempt <= 3; attempt++) {
    const commentsUrl = `https://api.github.com/repos/${repo}/issues/${pr}/comments`;
    const res = await fetch(commentsUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth}`, Accept: 'application/vnd.github+json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    if (res.ok) {
      console.log(`commented on #${pr}`);
      return;
    }
    if (res.status < 500) throw new Error(`GitHub returned HTTP ${res.status}`);
    await new Promise((r) => setTimeout(r, 1500 * attempt));
  }
  throw new Error('GitHub unavailable');
}

// Compare with the previous summary so the PR comment highlights new messages.
function newSinceLast(groups: Map<string, Group>): string[] {
  const prevFile = path.join(ROOT, 'out', 'e2e', 'log-keys.json');
  const keys = [...groups.keys()];
  let prev: string[] = [];
  if (fs.existsSync(prevFile)) {
    try {
      prev = JSON.parse(fs.readFileSync(prevFile, 'utf8')) as string[];
    } catch {
      prev = [];
    }
  }
  fs.mkdirSync(path.dirname(prevFile), { recursive: true });
  fs.writeFileSync(prevFile, JSON.stringify(keys));
  const old = new Set(prev);
  return keys.filter((k) => !old.has(k));
}

async function main(): Promise<number> {
  const o = opts(process.argv.slice(2));
  const result = await scan(o);
  const fresh = newSinceLast(result.groups);
  if (!result.lines) {
    console.log('no e2e logs found');
    return 0;
  }
  let md = render(result, o);
  if (fresh.length) {
    md += `\n\n**New since last run (${fresh.length}):**\n` + fresh.slice(0, 10).map((k) => `- \`${k.replace(/^\w+:/, '')}\``).join('\n');
  }
  console.log(md);
  fs.writeFileSync(path.join(ROOT, 'out', 'e2e', 'log-summary.md'), md + '\n');
  if (result.rendererGone.length) {
    console.error(`${result.rendererGone.length} renderer crash(es): run tools/minidumps.ts to symbolize`);
  }
  if (o.pr !== null) await commentOnPr(o.pr, md);
  return 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`main-log-report: ${(err as Error).message}`);
    process.exitCode = 1;
  },
);
