#!/usr/bin/env -S npx tsx
/**
 * proxy-setup.ts -- prepare the machine for debugging API traffic through
 * mitmproxy: generate the CA if needed and make tools accept it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const CA = path.join(homedir(), '.mitmproxy', 'mitmproxy-ca-cert.pem');

type Step = { name: string; run: () => void };

function sh(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

function generateCa(): void {
  if (existsSync(CA)) return;
  // mitmdump writes the CA on first start; run it briefly
  spawnSync('timeout', ['3', 'mitmdump', '--listen-host', '127.0.0.1', '-p', '18099'], { stdio: 'ignore' });
  if (!existsSync(CA)) throw new Error('mitmproxy CA was not generated');
}

const trustTargets = {
  linux: { dir: '/usr/local/share/ca-certificates', refresh: ['update-ca-certificates'] },
  darwin: { dir: '/Library/Keychains/System.keychain', refresh: [] as string[] },
} satisfies Record<string, { dir: string; refresh: string[] }>;

function trustCa(): void {
  if (process.platform === 'darwin') {
    sh('sudo', ['security', 'add-trusted-cert', '-d', '-r', 'trustRoot', '-k', trustTargets.darwin.dir, CA]);
    return;
  }
  const dest = path.join(trustTargets.linux.dir, 'mitmproxy-dev.crt');
  sh('sudo', ['cp', CA, dest]);
  sh('sudo', trustTargets.linux.refresh);
}

function printEnv(): void {
  console.log('\nfor per-process use instead, export:');
  console.log(`  HTTPS_PROXY=http://127.0.0.1:8080`);
  console.log(`  NODE_EXTRA_CA_CERTS=${CA}`);
  console.log(`  REQUESTS_CA_BUNDLE=${CA}`);
}

const steps: Step[] = [
  { name: 'generate mitmproxy CA', run: generateCa },
  { name: 'trust CA', run: trustCa },
  { name: 'print env', run: printEnv },
];

function main(): void {
  for (const step of steps) {
    console.log(`> ${step.name}`);
    step.run();
  }
  console.log('\nstart the proxy with: mitmweb --listen-host 127.0.0.1');
}

try {
  main();
} catch (err) {
  console.error(`proxy-setup: ${(err as Error).message}`);
  process.exitCode = 1;
}
