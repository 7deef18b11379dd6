#!/usr/bin/env -S npx tsx
/**
 * envoy/rotate-certs.ts - rotate the SDS certificates used by the local Envoy
 * front proxy (docker compose service "edge") without restarting it.
 *
 * Envoy watches envoy/sds/*.yaml; writing new files there and then atomically
 * renaming them triggers a hot reload. Keys and certificates are generated
 * with openssl into envoy/certs/<generation>/ and the previous two generations
 * are kept for rollback; older ones are removed.
 *
 *   npx tsx envoy/rotate-certs.ts            new generation for all listeners
 *   npx tsx envoy/rotate-certs.ts --rollback switch SDS back to the previous generation
 *   npx tsx envoy/rotate-certs.ts --status
 *
 * Verify the active generation with --verify (chain + hostnames).
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';

interface Listener {
  name: string;
  hosts: string[];
}

const ROOT = path.resolve(__dirname, '..');
const CERTS = path.join(ROOT, 'envoy', 'certs');
const SDS = path.join(ROOT, 'envoy', 'sds');
const CA_KEY = path.join(ROOT, 'envoy', 'ca', 'ca.key');
const CA_CRT = path.join(ROOT, 'envoy', 'ca', 'ca.crt');
const KEEP_GENERATIONS = 3;
const LISTENERS: Listener[] = [
  { name: 'public', hosts: ['marlin.localhost', 'www.marlin.localhost'] },
  { name: 'admin', hosts: ['admin.marlin.localhost'] },
  { name: 'grpc', hosts: ['grpc.marlin.localhost'] },
];

function openssl(args: string[]): string {
  return execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function generations(): string[] {
  if (!existsSync(CERTS)) return [];
  return readdirSync(CERTS).filter((d) => /^\d{14}$/.test(d)).sort();
}

function newGenerationId(): string {
  return new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function ensureCa(): void {
  if (existsSync(CA_KEY) && existsSync(CA_CRT)) return;
  mkdirSync(path.dirname(CA_KEY), { recursive: true });
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-days', '365', '-subj', '/CN=marlin edge dev CA', '-keyout', CA_KEY, '-out', CA_CRT]);
  chmodSync(CA_KEY, 0o600);
}

function issue(dir: string, listener: Listener): void {
  const key = path.join(dir, `${listener.name}.key`);
  const csr = path.join(dir, `${listener.name}.csr`);
  const crt = path.join(dir, `${listener.name}.crt`);
  const ext = path.join(dir, `${listener.name}.ext`);
  writeFileSync(ext, [
    'basicConstraints=CA:FALSE',
    'keyUsage=digitalSignature',
    'extendedKeyUsage=serverAuth',
    `subjectAltName=${listener.hosts.map((h) => `DNS:${h}`).join(',')}`,
    '',
  ].join('\n'));
  openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-subj', `/CN=${listener.hosts[0]}`, '-keyout', key, '-out', csr]);
  openssl(['x509', '-req', '-in', csr, '-CA', CA_CRT, '-CAkey', CA_KEY, '-CAcreateserial',
    '-CAserial', path.join(dir, 'ca.srl'), '-days', '30', '-sha256', '-extfile', ext, '-out', crt]);
  chmodSync(key, 0o600);
  rmSync(csr);
  rmSync(ext);
}

function sdsYaml(listener: Listener, generation: string): string {
  const dir = `/etc/envoy/certs/${generation}`;
  return [
    'resources:',
    '- "@type": type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret',
    `  name: ${listener.name}_cert`,
    '  tls_certificate:',
    '    certificate_chain:',
    `      filename: ${dir}/${listener.name}.crt`,
    '    private_key:',
    `      filename: ${dir}/${listener.name}.key`,
    '',
  ].join('\n');
}

function activate(generation: string): void {
  mkdirSync(SDS, { recursive: true });
  for (const listener of LISTENERS) {
    const target = path.join(SDS, `${listener.name}.yaml`);
    const tmp = `${target}.tmp`;
    writeFileSync(tmp, sdsYaml(listener, generation));
    renameSync(tmp, target); // atomic move: envoy's watcher reloads on rename
  }
  writeFileSync(path.join(SDS, 'ACTIVE'), `${generation}\n`);
}

function active(): string | null {
  const f = path.join(SDS, 'ACTIVE');
  return existsSync(f) ? readFileSync(f, 'utf8').trim() : null;
}

function prune(): void {
  const gens = generations();
  const current = active();
  for (const gen of gens.slice(0, Math.max(0, gens.length - KEEP_GENERATIONS))) {
    if (gen === current) continue;
    rmSync(path.join(CERTS, gen), { recursive: true, force: true });
    console.log(`removed generation ${gen}`);
  }
}

function rotate(): void {
  ensureCa();
  const gen = newGenerationId();
  const dir = path.join(CERTS, gen);
  mkdirSync(dir, { recursive: true });
  for (const listener of LISTENERS) issue(dir, listener);
  activate(gen);
  prune();
  console.log(`activated generation ${gen}`);
}

function rollback(): void {
  const gens = generations();
  const current = active();
  const idx = current ? gens.indexOf(current) : -1;
  if (idx <= 0) throw new Error('no previous generation to roll back to');
  activate(gens[idx - 1]);
  console.log(`rolled back to ${gens[idx - 1]}`);
}

function status(): void {
  const current = active();
  for (const gen of generations()) {
    const marker = gen === current ? '*' : ' ';
    const crt = path.join(CERTS, gen, 'public.crt');
    const until = existsSync(crt) ? new X509Certificate(readFileSync(crt)).validTo : 'n/a';
    console.log(`${marker} ${gen}  public valid until ${until}`);
  }
}

function verifyActive(): void {
  // every active certificate must chain to the dev CA and cover its hosts
  const gen = active();
  if (!gen) throw new Error('no active generation');
  const ca = new X509Certificate(readFileSync(CA_CRT));
  for (const listener of LISTENERS) {
    const cert = new X509Certificate(readFileSync(path.join(CERTS, gen, `${listener.name}.crt`)));
    if (!cert.verify(ca.publicKey)) throw new Error(`${listener.name}: not signed by the dev CA`);
    for (const host of listener.hosts) {
      if (!cert.checkHost(host)) throw new Error(`${listener.name}: does not cover ${host}`);
    }
  }
  console.log(`generation ${gen} verified for ${LISTENERS.length} listeners`);
}

function main(): void {
  const arg = process.argv[2];
  if (arg === '--verify') verifyActive();
  else if (arg === '--status') status();
  else if (arg === '--rollback') rollback();
  else rotate();
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
