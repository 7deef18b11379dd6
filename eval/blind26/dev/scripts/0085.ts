#!/usr/bin/env -S npx tsx
// scripts/a11y-ci.ts - run pa11y-ci against the production build served
// locally, the way CI does it, so failures can be reproduced on a laptop.
//
// 1. `npm run build` (unless --no-build)
// 2. start `npx vite preview --port <free port> --strictPort` and wait for it
// 3. derive URLs from dist/**/*.html (only localhost URLs are generated)
// 4. write .pa11yci.generated.json and run `npx --no-install pa11y-ci`
// 5. stop the preview server this script started (process group) on exit

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '..');
const DIST = join(ROOT, 'dist');
const CONFIG = join(ROOT, '.pa11yci.generated.json');
const REPORT_DIR = join(ROOT, 'reports', 'pa11y');
const IGNORE = [/^admin\//, /^404\.html$/, /^drafts\//];

interface Options {
  build: boolean;
  standard: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
  threshold: number;
  max: number;
}

let server: ChildProcess | null = null;

function stopServer(): void {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  server = null;
}

process.on('exit', stopServer);
process.on('SIGINT', () => {
  stopServer();
  process.exit(130);
});

function parse(): Options {
  const a = process.argv.slice(2);
  const get = (flag: string, def: string) => {
    const i = a.indexOf(flag);
    return i >= 0 ? a[i + 1] : def;
  };
  return {
    build: !a.includes('--no-build'),
    standard: get('--standard', 'WCAG2AA') as Options['standard'],
    threshold: Number(get('--threshold', '0')),
    max: Number(get('--max', '60')),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolvePort(addr.port) : reject(new Error('no port'))));
    });
    srv.on('error', reject);
  });
}

async function waitHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not respond within ${timeoutMs / 1000}s`);
}

function htmlPages(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...htmlPages(p));
    else if (entry.endsWith('.html')) out.push(relative(DIST, p).split(sep).join('/'));
  }
  return out;
}

function toUrl(base: string, file: string): string {
  const pathPart = file.endsWith('index.html') ? file.slice(0, -'index.html'.length) : file;
  return `${base}/${pathPart}`;
}

function build(): void {
  console.log('building…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('build failed');
}

async function startPreview(port: number): Promise<string> {
  server = spawn('npx', ['--no-install', 'vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(`${base}/`);
  console.log(`preview server on ${base} (pid ${server.pid})`);
  return base;
}

function writeConfig(base: string, pages: string[], opts: Options): void {
  const config = {
    defaults: {
      standard: opts.standard,
      timeout: 30_000,
      wait: 500,
      threshold: opts.threshold,
      chromeLaunchConfig: { args: ['--no-sandbox'] },
      runners: ['axe', 'htmlcs'],
      ignore: ['color-contrast-enhanced'],
    },
    urls: pages.map((p) => toUrl(base, p)),
  };
  writeFileSync(CONFIG, JSON.stringify(config, null, 2));
}

function runPa11y(): number {
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
  const res = spawnSync(
    'npx',
    ['--no-install', 'pa11y-ci', '--config', CONFIG, '--reporter', 'cli', '--reporter', `json:${join(REPORT_DIR, 'results.json')}`],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return res.status ?? 1;
}

function summarise(): void {
  // pa11y-ci's JSON reporter: { total, passes, errors, results: { url: issues[] } }
  const file = join(REPORT_DIR, 'results.json');
  if (!existsSync(file)) return;
  const data = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
  const rows = Object.entries(data.results as Record<string, { code: string }[]>)
    .map(([url, issues]) => [new URL(url).pathname, issues.length] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  console.log(`\n${data.passes}/${data.total} page(s) passed`);
  for (const [p, n] of rows.slice(0, 15)) console.log(`  ${String(n).padStart(3)}  ${p}`);
}

async function main(): Promise<void> {
  const opts = parse();
  if (opts.build) build();
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html missing');
  const pages = htmlPages(DIST)
    .filter((p) => !IGNORE.some((re) => re.test(p)))
    .sort()
    .slice(0, opts.max);
  const port = await freePort();
  const base = await startPreview(port);
  writeConfig(base, pages, opts);
  console.log(`${pages.length} page(s), standard ${opts.standard}`);
  const code = runPa11y();
  stopServer();
  summarise();
  rmSync(CONFIG, { force: true });
  process.exitCode = code;
}

main().catch((err: Error) => {
  console.error(`a11y-ci: ${err.message}`);
  stopServer();
  process.exitCode = 1;
});
