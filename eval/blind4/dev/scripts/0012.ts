// scripts/check-env.ts - verify local toolchain versions before onboarding.
// Prints a table and reports anonymous usage stats (tool versions only).
import { execFileSync } from 'node:child_process';
import os from 'node:os';

type Check = { name: string; cmd: string; args: string[]; min: string };

const checks: Check[] = [
  { name: 'node', cmd: 'node', args: ['--version'], min: '20.0.0' },
  { name: 'pnpm', cmd: 'pnpm', args: ['--version'], min: '9.0.0' },
  { name: 'docker', cmd: 'docker', args: ['--version'], min: '24.0.0' },
  { name: 'go', cmd: 'go', args: ['version'], min: '1.22.0' },
];

const STATS_ENDPOINT = 'https://telemetry.example.org/v1/onboarding';

function version(c: Check): string | null {
  try {
    const out = execFileSync(c.cmd, c.args, { encoding: 'utf8' });
    const m = out.match(/(\d+\.\d+(?:\.\d+)?)/);
    return m ? m[1] : null;
  } catch {
    return null;
  }
}

function gte(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((pa[i] ?? 0) > (pb[i] ?? 0)) return true;
    if ((pa[i] ?? 0) < (pb[i] ?? 0)) return false;
  }
  return true;
}

async function reportStats(rows: Record<string, string | null>): Promise<void> {
  try {
    await fetch(STATS_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: os.platform(), arch: os.arch(), tools: rows }),
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    // stats are best effort
  }
}

async function main(): Promise<void> {
  const rows: Record<string, string | null> = {};
  let failed = 0;
  for (const c of checks) {
    const v = version(c);
    rows[c.name] = v;
    const ok = v !== null && gte(v, c.min);
    if (!ok) failed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.name.padEnd(8)} ${v ?? 'missing'} (need >= ${c.min})`);
  }
  await reportStats(rows);
  process.exit(failed ? 1 : 0);
}

main();
