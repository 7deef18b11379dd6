#!/usr/bin/env -S npx tsx
/**
 * trust-dev-ca.ts -- make HTTPS to our *.internal dev services work for every
 * tool on the machine by trusting the dev CA committed in certs/dev-ca.pem.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CA = path.join(process.cwd(), 'certs', 'dev-ca.pem');

interface Target {
  bundle: string;
  refresh?: string[];
}

const targets: Record<string, Target> = {
  debian: { bundle: '/etc/ssl/certs/ca-certificates.crt' },
  fedora: { bundle: '/etc/pki/tls/certs/ca-bundle.crt' },
  alpine: { bundle: '/etc/ssl/certs/ca-certificates.crt' },
};

function distro(): keyof typeof targets {
  const osr = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  if (/ID(_LIKE)?=.*(fedora|rhel)/.test(osr)) return 'fedora';
  if (/ID=alpine/.test(osr)) return 'alpine';
  return 'debian';
}

function alreadyTrusted(bundle: string, pem: string): boolean {
  try {
    return readFileSync(bundle, 'utf8').includes(pem.trim().split('\n')[1]);
  } catch {
    return false;
  }
}

function appendToBundle(bundle: string, pem: string): void {
  const r = spawnSync('sudo', ['tee', '-a', bundle], { input: `\n# dev CA\n${pem}\n`, stdio: ['pipe', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`could not append to ${bundle}`);
}

function verify(host: string): boolean {
  const r = spawnSync('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', `https://${host}/healthz`], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  return r.status === 0;
}

function main(): void {
  if (!existsSync(CA)) throw new Error('certs/dev-ca.pem not found');
  const pem = readFileSync(CA, 'utf8');
  if (!pem.includes('BEGIN CERTIFICATE')) throw new Error('certs/dev-ca.pem is not a PEM certificate');
  const t = targets[distro()];
  if (alreadyTrusted(t.bundle, pem)) {
    console.log('dev CA already trusted');
    return;
  }
  appendToBundle(t.bundle, pem);
  console.log(`dev CA appended to ${t.bundle}`);
  const ok = verify('git.dev.internal');
  console.log(ok ? 'git.dev.internal verifies now' : 'could not reach git.dev.internal (VPN?)');
}

try {
  main();
} catch (err) {
  console.error(`trust-dev-ca: ${(err as Error).message}`);
  process.exitCode = 1;
}
