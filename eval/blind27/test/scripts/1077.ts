#!/usr/bin/env -S npx tsx
// Build, lint and push the Apps Script sources to the DEVELOPMENT script only.
//
//   npx tsx tools/gas-push.ts            build + lint + clasp push (dev HEAD)
//   npx tsx tools/gas-push.ts --watch    rebuild and push on file changes
//
// Deployments are intentionally not handled here (see tools/release.py, which
// guards the production deployment). The script refuses to run if .clasp.json
// points at the production script id recorded in deploy/script-ids.json.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, watch, mkdirSync, cpSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');
const DIST = path.join(ROOT, 'dist');
const IDS = path.join(ROOT, 'deploy', 'script-ids.json');

type ScriptIds = { development: string; production: string };

function readJson<T>(p: string): T {
  return JSON.parse(readFileSync(p, 'utf8')) as T;
}

function guardScriptId(): string {
  const clasp = readJson<{ scriptId: string; rootDir?: string }>(path.join(ROOT, '.clasp.json'));
  const ids = readJson<ScriptIds>(IDS);
  if (clasp.scriptId === ids.production) {
    throw new Error('.clasp.json points at the PRODUCTION script; switch it back to the development script id');
  }
  if (clasp.scriptId !== ids.development) {
    console.warn(`warning: .clasp.json scriptId ${clasp.scriptId.slice(0, 10)}… is not the recorded development id`);
  }
  if (clasp.rootDir && path.resolve(ROOT, clasp.rootDir) !== DIST) {
    throw new Error('.clasp.json rootDir must be dist/');
  }
  return clasp.scriptId;
}

function bin(name: string): string {
  const local = path.join(ROOT, 'node_modules', '.bin', name);
  return existsSync(local) ? local : name;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited ${code}`))));
  });
}

function clean(): void {
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
}

function copyStatic(): number {
  let n = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(html|json)$/.test(name)) {
        const dest = path.join(DIST, path.relative(SRC, p));
        mkdirSync(path.dirname(dest), { recursive: true });
        cpSync(p, dest);
        n++;
      }
    }
  };
  walk(SRC);
  return n;
}

function checkManifest(): void {
  const manifest = readJson<{ oauthScopes?: string[]; runtimeVersion?: string }>(path.join(DIST, 'appsscript.json'));
  if (manifest.runtimeVersion !== 'V8') throw new Error('appsscript.json must use the V8 runtime');
  const scopes = manifest.oauthScopes ?? [];
  const broad = scopes.filter((s) => /\/auth\/(drive|gmail\.modify|script\.external_request)$/.test(s));
  if (broad.length) console.warn(`note: broad scopes requested: ${broad.join(', ')}`);
}

async function build(): Promise<void> {
  clean();
  await run(bin('tsc'), ['-p', 'tsconfig.json', '--outDir', DIST]);
  const copied = copyStatic();
  checkManifest();
  console.log(`built into dist/ (+${copied} static file(s))`);
}

async function lint(): Promise<void> {
  await run(bin('eslint'), ['--max-warnings', '0', 'src']);
}

async function push(): Promise<void> {
  await run(bin('clasp'), ['push', '--force']);
  console.log('pushed to the development script (HEAD)');
}

async function once(): Promise<void> {
  const id = guardScriptId();
  console.log(`target script ${id.slice(0, 12)}… (development)`);
  await lint();
  await build();
  await push();
}

function debounce(fn: () => void, ms: number): () => void {
  let t: NodeJS.Timeout | undefined;
  return () => {
    if (t) clearTimeout(t);
    t = setTimeout(fn, ms);
  };
}

async function watchMode(): Promise<void> {
  await once();
  let busy = false;
  const trigger = debounce(async () => {
    if (busy) return;
    busy = true;
    try {
      await build();
      await push();
    } catch (e) {
      console.error(`rebuild failed: ${(e as Error).message}`);
    } finally {
      busy = false;
    }
  }, 500);
  const watcher = watch(SRC, { recursive: true }, (_event, file) => {
    if (file && !file.endsWith('~')) trigger();
  });
  console.log('watching src/ (Ctrl-C to stop)');
  process.on('SIGINT', () => {
    watcher.close();
    process.exit(0);
  });
}

function sizeReport(): void {
  // Apps Script rejects files above ~50 MB in total; warn early
  let total = 0;
  const rows: Array<[string, number]> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else {
        total += s.size;
        rows.push([path.relative(DIST, p), s.size]);
      }
    }
  };
  if (existsSync(DIST)) walk(DIST);
  rows.sort((a, b) => b[1] - a[1]);
  for (const [f, s] of rows.slice(0, 5)) console.log(`  ${f.padEnd(40)} ${(s / 1024).toFixed(1)} KB`);
  console.log(`  total ${(total / 1024).toFixed(1)} KB in ${rows.length} file(s)`);
  if (total > 40 * 1024 * 1024) console.warn('warning: close to the Apps Script project size limit');
}

async function status(): Promise<void> {
  guardScriptId();
  await run(bin('clasp'), ['status']);
  await run(bin('clasp'), ['deployments']);
  sizeReport();
}

const main = process.argv.includes('--status')
  ? status
  : process.argv.includes('--watch')
    ? watchMode
    : once;
main().catch((e: Error) => {
  console.error(`gas-push: ${e.message}`);
  process.exit(1);
});
