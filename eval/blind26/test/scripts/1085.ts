#!/usr/bin/env -S npx tsx
// scripts/lhci-local.ts - run Lighthouse CI (collect + assert) against a
// locally served production build, exactly like the CI job.
//
// Usage
//   npx tsx scripts/lhci-local.ts
//   npx tsx scripts/lhci-local.ts --runs 5 --no-build
//   npx tsx scripts/lhci-local.ts --only /products/
//
// Steps
//   1. npm run build (unless --no-build)
//   2. start `npx --no-install vite preview --host 127.0.0.1 --port <free>`
//      in its own process group and wait for it
//   3. write .lighthouseci/lighthouserc.local.json with localhost URLs and the
//      assertions from lighthouse-budgets.json; upload target "filesystem"
//      (reports stay in .lighthouseci/, nothing is sent anywhere)
//   4. npx --no-install lhci collect && lhci assert
//   5. stop the preview server (only that process group)

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const LHCI_DIR = join(ROOT, '.lighthouseci');
const RC = join(LHCI_DIR, 'lighthouserc.local.json');
const BUDGETS = join(ROOT, 'lighthouse-budgets.json');
const PAGES = join(ROOT, 'lighthouse-pages.json');

interface Opts {
  runs: number;
  build: boolean;
  only: string | null;
}

let preview: ChildProcess | null = null;

function stopPreview(): void {
  if (preview?.pid && preview.exitCode === null) {
    try {
      process.kill(-preview.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  preview = null;
}

process.on('exit', stopPreview);
process.on('SIGINT', () => {
  stopPreview();
  process.exit(130);
});

function parse(): Opts {
  const a = process.argv.slice(2);
  const o: Opts = { runs: 3, build: true, only: null };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--runs') o.runs = Number(a[++i]);
    else if (a[i] === '--no-build') o.build = false;
    else if (a[i] === '--only') o.only = a[++i];
    else throw new Error(`unknown option ${a[i]}`);
  }
  if (!(o.runs >= 1 && o.runs <= 9)) throw new Error('--runs must be 1-9');
  return o;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? res(addr.port) : rej(new Error('no free port'))));
    });
  });
}

async function waitFor(url: string, ms = 30000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`preview server did not answer on ${url}`);
}

function npm(args: string[]): void {
  const res = spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
}

async function startPreview(port: number) {
  preview = spawn('npx', ['--no-install', 'vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`);
  return base;
}

function pages(only: string | null): string[] {
  const list: string[] = existsSync(PAGES) ? JSON.parse(readFileSync(PAGES, 'utf8')) : ['/'];
  return only ? list.filter((p) => p === only) : list;
}

function assertions(): Record<string, unknown> {
  if (!existsSync(BUDGETS)) {
    return {
      'categories:accessibility': ['error', { minScore: 0.95 }],
      'categories:seo': ['error', { minScore: 0.95 }],
      'categories:performance': ['warn', { minScore: 0.8 }],
    };
  }
  const b = JSON.parse(readFileSync(BUDGETS, 'utf8')) as Record<string, number>;
  return Object.fromEntries(
    Object.entries(b).map(([cat, min]) => [`categories:${cat}`, [cat === 'performance' ? 'warn' : 'error', { minScore: min }]]),
  );
}

function writeRc(base: string, opts: Opts): void {
  mkdirSync(LHCI_DIR, { recursive: true });
  const rc = {
    ci: {
      collect: {
        url: pages(opts.only).map((p) => `${base}${p}`),
        numberOfRuns: opts.runs,
        settings: { chromeFlags: '--headless=new --no-sandbox', preset: 'desktop' },
      },
      assert: { assertions: assertions() },
      upload: { target: 'filesystem', outputDir: join(LHCI_DIR, 'reports') },
    },
  };
  writeFileSync(RC, JSON.stringify(rc, null, 2));
}

function lhci(cmd: string): number {
  const res = spawnSync('npx', ['--no-install', 'lhci', cmd, `--config=${RC}`], { cwd: ROOT, stdio: 'inherit' });
  return res.status ?? 1;
}

function latestReportSummary(): void {
  const manifest = join(LHCI_DIR, 'reports', 'manifest.json');
  if (!existsSync(manifest)) return;
  const runs = JSON.parse(readFileSync(manifest, 'utf8')) as { url: string; isRepresentativeRun: boolean; summary: Record<string, number> }[];
  for (const r of runs.filter((x) => x.isRepresentativeRun)) {
    const s = Object.entries(r.summary)
      .map(([k, v]) => `${k} ${Math.round(v * 100)}`)
      .join(', ');
    console.log(`${new URL(r.url).pathname.padEnd(30)} ${s}`);
  }
}

async function main(): Promise<void> {
  const opts = parse();
  if (opts.build) npm(['run', 'build']);
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('dist/index.html missing');
  const base = await startPreview(await freePort());
  console.log(`preview on ${base}`);
  writeRc(base, opts);
  const collected = lhci('collect');
  const asserted = collected === 0 ? lhci('assert') : 1;
  lhci('upload');
  stopPreview();
  latestReportSummary();
  process.exitCode = collected || asserted ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`lhci-local: ${err.message}`);
  stopPreview();
  process.exitCode = 2;
});
