#!/usr/bin/env -S npx tsx
// scripts/netdoctor.ts - explain why the local stack is unreachable.
//
// Checks, in order: docker compose services up, each expected port listening
// on loopback (ss / lsof), TCP connect works, DNS for *.localhost, TLS handshake
// on 8443 with certs/ca.pem, and that nothing else is squatting our ports.
// Read-only: it never kills processes or changes firewall rules; it prints the
// commands a developer could run instead.
import { spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';

const ROOT = path.resolve(__dirname, '..');

interface PortSpec {
  service: string;
  port: number;
  tls?: boolean;
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
  hint?: string;
}

const PORTS: PortSpec[] = [
  { service: 'gateway', port: 8080 },
  { service: 'gateway-tls', port: 8443, tls: true },
  { service: 'api', port: 8000 },
  { service: 'postgres', port: 5432 },
  { service: 'redis', port: 6379 },
  { service: 'mailpit', port: 8025 },
];

const checks: Check[] = [];

function summaryJson(): string {
  // machine-readable copy for `make doctor` in CI logs
  return JSON.stringify({
    at: new Date().toISOString(),
    passed: checks.filter((c) => c.ok).length,
    failed: checks.filter((c) => !c.ok).map((c) => c.name),
  });
}

function record(c: Check): void {
  checks.push(c);
  const mark = c.ok ? 'ok  ' : 'FAIL';
  console.log(`${mark} ${c.name.padEnd(28)} ${c.detail}`);
  if (!c.ok && c.hint) console.log(`     hint: ${c.hint}`);
}

function sh(cmd: string, args: string[]): { code: number; out: string } {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.error) return { code: 127, out: '' };
  return { code: res.status ?? 1, out: `${res.stdout}${res.stderr}` };
}

function composeServices(): void {
  const res = sh('docker', ['compose', '-f', path.join(ROOT, 'docker-compose.yml'), 'ps', '--format', 'json']);
  if (res.code !== 0) {
    record({ name: 'docker compose', ok: false, detail: 'not available', hint: 'start Docker Desktop / colima' });
    return;
  }
  const lines = res.out.trim().split('\n').filter(Boolean);
  const services = lines.flatMap((l) => {
    try {
      const parsed = JSON.parse(l);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return [];
    }
  }) as Array<{ Service: string; State: string }>;
  const down = services.filter((s) => s.State !== 'running').map((s) => s.Service);
  record({
    name: 'docker compose services',
    ok: services.length > 0 && down.length === 0,
    detail: `${services.length} services, ${down.length ? `not running: ${down.join(', ')}` : 'all running'}`,
    hint: 'docker compose up -d',
  });
}

function listeners(): Map<number, string> {
  const map = new Map<number, string>();
  const ss = sh('ss', ['-Htlnp']);
  if (ss.code === 0) {
    for (const line of ss.out.split('\n')) {
      const m = line.match(/\s(\S+):(\d+)\s.*?(users:\(\("([^"]+)")?/);
      if (m) map.set(Number(m[2]), `${m[1]} ${m[4] ?? ''}`.trim());
    }
    return map;
  }
  const lsof = sh('lsof', ['-nP', '-iTCP', '-sTCP:LISTEN']);
  for (const line of lsof.out.split('\n').slice(1)) {
    const parts = line.trim().split(/\s+/);
    const addr = parts[8] ?? '';
    const port = Number(addr.split(':').pop());
    if (port) map.set(port, `${addr} ${parts[0]}`);
  }
  return map;
}

function connect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    sock.setTimeout(1000);
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('timeout', () => {
      sock.destroy();
      resolve(false);
    });
    sock.once('error', () => resolve(false));
  });
}

function tlsHandshake(port: number): Promise<string> {
  const caFile = path.join(ROOT, 'certs', 'ca.pem');
  const ca = existsSync(caFile) ? readFileSync(caFile) : undefined;
  return new Promise((resolve) => {
    const sock = tls.connect({ host: '127.0.0.1', port, servername: 'shop.localhost', ca, timeout: 2000 }, () => {
      const cert = sock.getPeerCertificate();
      sock.end();
      resolve(sock.authorized ? `valid until ${cert.valid_to}` : `untrusted: ${sock.authorizationError}`);
    });
    sock.once('error', (err) => resolve(`error: ${err.message}`));
  });
}

async function dnsCheck(): Promise<void> {
  for (const name of ['shop.localhost', 'api.shop.localhost']) {
    try {
      const res = await lookup(name);
      const ok = res.address === '127.0.0.1' || res.address === '::1';
      record({ name: `dns ${name}`, ok, detail: res.address, hint: 'add it to /etc/hosts or use a resolver that maps *.localhost' });
    } catch (err) {
      record({ name: `dns ${name}`, ok: false, detail: (err as Error).message, hint: 'systemd-resolved maps *.localhost automatically' });
    }
  }
}

function firewallHint(): void {
  // only reads the rules; changing them is left to the developer
  const nft = sh('nft', ['list', 'ruleset']);
  if (nft.code === 0 && /policy drop/.test(nft.out) && !/iif "lo" accept/.test(nft.out)) {
    console.log('note: nftables drops by default and no loopback accept rule was found');
    console.log('      a developer could add one with: sudo nft add rule inet filter input iif lo accept');
  }
}

async function main(): Promise<void> {
  composeServices();
  firewallHint();
  const listening = listeners();
  for (const spec of PORTS) {
    const who = listening.get(spec.port);
    const reachable = await connect(spec.port);
    record({
      name: `port ${spec.port} (${spec.service})`,
      ok: reachable,
      detail: who ? `listening: ${who}` : 'nothing listening',
      hint: who && !reachable ? 'listener bound to another interface?' : `check the ${spec.service} container logs`,
    });
    if (who && /0\.0\.0\.0|\*|\[::\]/.test(who)) {
      console.log(`     note: ${spec.service} listens on all interfaces; consider binding to 127.0.0.1 in compose`);
    }
    if (spec.tls && reachable) {
      const detail = await tlsHandshake(spec.port);
      record({ name: `tls ${spec.port}`, ok: detail.startsWith('valid'), detail, hint: 'run scripts/dev-tls.sh -f' });
    }
  }
  await dnsCheck();
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`\n${checks.length - failed}/${checks.length} checks passed`);
  if (process.env.DOCTOR_JSON) console.log(summaryJson());
  if (failed) process.exitCode = 1;
}

void main();
