#!/usr/bin/env -S npx tsx
// Code churn hotspots: which files change most often and with the most lines,
// over a time window. Helps pick refactoring targets.
//
//   tsx scripts/churn.ts --since "6 months ago" --top 25
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

interface FileStats {
  path: string;
  commits: number;
  added: number;
  removed: number;
  authors: Set<string>;
  lastChange: string;
}

function timed(label: string) {
  return function <T extends (...args: any[]) => any>(target: T, _ctx: ClassMethodDecoratorContext): T {
    return function (this: unknown, ...args: Parameters<T>): ReturnType<T> {
      const t0 = performance.now();
      const result = target.apply(this, args);
      if (process.env.CHURN_DEBUG) console.error(`[${label}] ${(performance.now() - t0).toFixed(0)}ms`);
      return result;
    } as T;
  };
}

class ChurnAnalyzer {
  private readonly stats = new Map<string, FileStats>();

  constructor(private readonly since: string, private readonly pathspec: string[]) {}

  @timed('git log')
  private readLog(): string {
    return execFileSync(
      'git',
      ['log', `--since=${this.since}`, '--no-merges', '--numstat', '--format=@@%H%x09%an%x09%cs', '--', ...this.pathspec],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
  }

  @timed('parse')
  analyze(): this {
    let author = '';
    let date = '';
    for (const line of this.readLog().split('\n')) {
      if (line.startsWith('@@')) {
        [, author, date] = line.slice(2).split('\t');
        continue;
      }
      const m = line.match(/^(\d+|-)\t(\d+|-)\t(.+)$/);
      if (!m) continue;
      const [, add, del, rawPath] = m;
      const file = rawPath.includes('=>') ? rawPath.replace(/\{(.*) => (.*)\}/, '$2').replace(/.* => /, '') : rawPath;
      const s = this.stats.get(file) ?? { path: file, commits: 0, added: 0, removed: 0, authors: new Set(), lastChange: date };
      s.commits += 1;
      s.added += add === '-' ? 0 : Number(add);
      s.removed += del === '-' ? 0 : Number(del);
      s.authors.add(author);
      if (date > s.lastChange) s.lastChange = date;
      this.stats.set(file, s);
    }
    return this;
  }

  top(n: number, by: 'commits' | 'lines' = 'commits'): FileStats[] {
    const score = (s: FileStats) => (by === 'commits' ? s.commits : s.added + s.removed);
    return [...this.stats.values()].sort((a, b) => score(b) - score(a)).slice(0, n);
  }

  get fileCount(): number {
    return this.stats.size;
  }
}

function main(): void {
  const { values } = parseArgs({
    options: {
      since: { type: 'string', default: '6 months ago' },
      top: { type: 'string', default: '20' },
      by: { type: 'string', default: 'commits' },
      path: { type: 'string', multiple: true, default: ['src'] },
      json: { type: 'boolean', default: false },
    },
  });
  const analyzer = new ChurnAnalyzer(values.since!, values.path!).analyze();
  const rows = analyzer.top(Number(values.top), values.by === 'lines' ? 'lines' : 'commits');
  if (values.json) {
    console.log(JSON.stringify(rows.map((r) => ({ ...r, authors: [...r.authors] })), null, 2));
    return;
  }
  console.log(`${analyzer.fileCount} files changed since ${values.since}\n`);
  console.log(`${'commits'.padStart(7)} ${'+lines'.padStart(8)} ${'-lines'.padStart(8)} ${'authors'.padStart(7)}  last        path`);
  for (const r of rows) {
    console.log(
      `${String(r.commits).padStart(7)} ${String(r.added).padStart(8)} ${String(r.removed).padStart(8)} ${String(r.authors.size).padStart(7)}  ${r.lastChange}  ${r.path}`,
    );
  }
}

main();
