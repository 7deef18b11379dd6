#!/usr/bin/env -S npx tsx
/**
 * Churn report for code review planning (read-only git history).
 *
 *   tsx tools/churn.ts [--since "3 months ago"] [--top 30] [--by file|dir] [--json]
 *
 * Uses `git log --numstat --follow`-free plain numstat over the window to find
 * files (or directories) with the most lines changed and the most distinct
 * commits, combines that with current size (lines in HEAD via `git show
 * HEAD:<path>`) into a simple hotspot score, and prints a ranked table.
 * Renames are followed through numstat's `old => new` notation. No git state is
 * modified; nothing is written unless --json is redirected by the caller.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPO = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const IGNORE = [/(^|\/)pnpm-lock\.yaml$/, /(^|\/)package-lock\.json$/, /\.snap$/, /(^|\/)dist\//, /\.min\.(js|css)$/];

interface Options {
  since: string;
  top: number;
  by: 'file' | 'dir';
  json: boolean;
}

interface Stat {
  key: string;
  added: number;
  deleted: number;
  commits: Set<string>;
  authors: Set<string>;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { since: '3 months ago', top: 30, by: 'file', json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--since') o.since = argv[++i];
    else if (a === '--top') o.top = Number(argv[++i]);
    else if (a === '--by') o.by = argv[++i] === 'dir' ? 'dir' : 'file';
    else if (a === '--json') o.json = true;
    else throw new Error(`unrecognised option ${a}`);
  }
  return o;
}

function git(args: string[]): string {
  return execFileSync('git', ['-C', REPO, '--no-pager', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
}

function resolveRename(p: string): string {
  // "src/{old => new}/file.ts" or "old.ts => new.ts"
  const brace = /^(.*)\{(.*) => (.*)\}(.*)$/.exec(p);
  if (brace) return `${brace[1]}${brace[3]}${brace[4]}`.replace(/\/\//g, '/');
  const arrow = /^(.*) => (.*)$/.exec(p);
  return arrow ? arrow[2] : p;
}

function keyFor(file: string, by: Options['by']): string {
  if (by === 'file') return file;
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0];
}

function collect(o: Options): Map<string, Stat> {
  const out = git(['log', `--since=${o.since}`, '--no-merges', '--numstat', '--format=@%H%x09%aN']);
  const stats = new Map<string, Stat>();
  let sha = '';
  let author = '';
  for (const line of out.split('\n')) {
    if (line.startsWith('@')) {
      [sha, author] = line.slice(1).split('\t');
      continue;
    }
    const m = /^(\d+|-)\t(\d+|-)\t(\S.*)$/.exec(line);
    if (!m || m[1] === '-') continue;
    const file = resolveRename(m[3]);
    if (IGNORE.some((re) => re.test(file))) continue;
    const key = keyFor(file, o.by);
    if (!stats.has(key)) stats.set(key, { key, added: 0, deleted: 0, commits: new Set(), authors: new Set() });
    const s = stats.get(key)!;
    s.added += Number(m[1]);
    s.deleted += Number(m[2]);
    s.commits.add(sha);
    s.authors.add(author);
  }
  return stats;
}

function currentLines(file: string): number {
  try {
    return git(['show', `HEAD:${file}`]).split('\n').length;
  } catch {
    return 0; // deleted since, or a directory key
  }
}

function dirLines(dir: string): number {
  const files = git(['ls-tree', '-r', '--name-only', 'HEAD', '--', dir]).split('\n').filter(Boolean);
  return files.slice(0, 400).reduce((sum, f) => sum + currentLines(f), 0);
}

interface Row {
  key: string;
  churn: number;
  commits: number;
  authors: number;
  size: number;
  score: number;
}

function rank(stats: Map<string, Stat>, o: Options): Row[] {
  const rows = [...stats.values()]
    .sort((a, b) => b.added + b.deleted - (a.added + a.deleted))
    .slice(0, o.top * 2)
    .map((s) => {
      const size = o.by === 'file' ? currentLines(s.key) : dirLines(s.key);
      const churn = s.added + s.deleted;
      const score = Math.round(Math.log2(1 + churn) * Math.log2(1 + s.commits.size) * Math.log2(2 + size));
      return { key: s.key, churn, commits: s.commits.size, authors: s.authors.size, size, score };
    })
    .filter((r) => r.size > 0);
  return rows.sort((a, b) => b.score - a.score).slice(0, o.top);
}

function print(rows: Row[], o: Options): void {
  const width = Math.min(64, Math.max(8, ...rows.map((r) => r.key.length)));
  console.log(`hotspots since ${o.since} (by ${o.by})\n`);
  console.log(`${'path'.padEnd(width)}  score  churn  commits  authors  lines`);
  for (const r of rows) {
    const shown = r.key.length > width ? `…${r.key.slice(-(width - 1))}` : r.key;
    console.log(
      `${shown.padEnd(width)}  ${String(r.score).padStart(5)}  ${String(r.churn).padStart(5)}  ${String(r.commits).padStart(7)}  ${String(r.authors).padStart(7)}  ${String(r.size).padStart(5)}`,
    );
  }
  const single = rows.filter((r) => r.authors === 1).map((r) => path.basename(r.key));
  if (single.length) console.log(`\nsingle-author hotspots: ${single.join(', ')}`);
}

function main(): void {
  const o = parseOptions(process.argv.slice(2));
  const rows = rank(collect(o), o);
  if (!rows.length) {
    console.log(`no changes since ${o.since}`);
    return;
  }
  if (o.json) console.log(JSON.stringify(rows, null, 2));
  else print(rows, o);
}

main();
