#!/usr/bin/env -S npx tsx
/**
 * secret-guard.ts -- pre-commit check that blocks commits containing
 * credentials. Wired into lefthook as:
 *
 *   pre-commit:
 *     commands:
 *       secrets:
 *         run: npx tsx scripts/secret-guard.ts --staged
 *
 * It scans the *staged* content (git show :path), never prints a full secret
 * (only a masked prefix and the line number), and supports an allow-list in
 * .secret-guard-ignore with "path:line" or "path:*" entries. Binary files and
 * lockfiles are skipped. Exit code 1 blocks the commit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Rule {
  id: string;
  re: RegExp;
  entropyMin?: number;
}

interface Finding {
  file: string;
  line: number;
  rule: string;
  preview: string;
}

const RULES: Rule[] = [
  { id: 'github-token', re: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
  { id: 'aws-access-key', re: /\b(AKIA|ASIA)[A-Z0-9]{16}\b/ },
  { id: 'stripe-live-key', re: /\bsk_live_[A-Za-z0-9]{20,}\b/ },
  { id: 'slack-token', re: /\bxox[abpr]-[A-Za-z0-9-]{10,}\b/ },
  { id: 'private-key', re: /-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----/ },
  { id: 'generic-assignment', re: /\b(api[_-]?key|secret|password|token)\s*[:=]\s*["']([^"'\s]{16,})["']/i, entropyMin: 3.5 },
];

const SKIP_FILES = [/(^|\/)package-lock\.json$/, /(^|\/)pnpm-lock\.yaml$/, /(^|\/)yarn\.lock$/, /\.min\.js$/, /\.snap$/];
const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel']).toString('utf8').trim();

function entropy(s: string): number {
  const freq = new Map<string, number>();
  for (const c of s) freq.set(c, (freq.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of freq.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

function mask(secret: string): string {
  return secret.length <= 8 ? '****' : `${secret.slice(0, 4)}…(${secret.length} chars)`;
}

function loadIgnore(): Set<string> {
  const file = path.join(ROOT, '.secret-guard-ignore');
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
}

function stagedFiles(): string[] {
  const out = execFileSync('git', ['diff', '--cached', '--name-only', '--diff-filter=ACMR', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\0').filter(Boolean);
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
}

function contentOf(file: string, staged: boolean): Buffer | null {
  try {
    if (staged) return execFileSync('git', ['show', `:${file}`], { cwd: ROOT, maxBuffer: 16 << 20 });
    return readFileSync(path.join(ROOT, file));
  } catch {
    return null;
  }
}

function isBinary(buf: Buffer): boolean {
  const n = Math.min(buf.length, 8000);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return true;
  return false;
}

function scanText(file: string, text: string, ignore: Set<string>): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > 2000) continue;
    if (ignore.has(`${file}:${i + 1}`) || ignore.has(`${file}:*`)) continue;
    if (/secret-guard:\s*allow/.test(line)) continue;
    for (const rule of RULES) {
      const m = line.match(rule.re);
      if (!m) continue;
      const value = m[2] ?? m[0];
      if (rule.entropyMin && entropy(value) < rule.entropyMin) continue;
      if (/example|placeholder|changeme|xxxx|FAKE/i.test(value)) continue;
      findings.push({ file, line: i + 1, rule: rule.id, preview: mask(value) });
    }
  }
  return findings;
}

function summariseByRule(findings: Finding[]): string {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  return [...counts.entries()].map(([r, n]) => `${r}: ${n}`).join(', ');
}

function suggestIgnore(findings: Finding[]): string[] {
  // lines a developer could paste into .secret-guard-ignore for known test fixtures
  return findings.filter((f) => /(^|\/)(test|tests|fixtures|__fixtures__)\//.test(f.file)).map((f) => `${f.file}:${f.line}`);
}

function main(): number {
  const args = new Set(process.argv.slice(2));
  const staged = !args.has('--all');
  if (args.has('--rules')) {
    for (const r of RULES) console.log(`${r.id.padEnd(20)} ${r.re.source}${r.entropyMin ? ` (entropy >= ${r.entropyMin})` : ''}`);
    return 0;
  }
  const files = staged ? stagedFiles() : trackedFiles();
  const ignore = loadIgnore();
  const findings: Finding[] = [];
  let scanned = 0;
  for (const file of files) {
    if (SKIP_FILES.some((re) => re.test(file))) continue;
    const buf = contentOf(file, staged);
    if (!buf || buf.length > 2_000_000 || isBinary(buf)) continue;
    scanned++;
    findings.push(...scanText(file, buf.toString('utf8'), ignore));
  }
  if (!findings.length) {
    if (args.has('--verbose')) console.log(`secret-guard: ${scanned} file(s) clean`);
    return 0;
  }
  console.error(`secret-guard: ${findings.length} possible secret(s) found:`);
  for (const f of findings) console.error(`  ${f.file}:${f.line}  ${f.rule}  ${f.preview}`);
  console.error(`  (${summariseByRule(findings)})`);
  const fixtures = suggestIgnore(findings);
  if (fixtures.length) {
    console.error('\nif these are test fixtures, add to .secret-guard-ignore:');
    for (const l of fixtures) console.error(`  ${l}`);
  }
  console.error('\nremove them (and rotate if they were real), or allow a line with a');
  console.error('"secret-guard: allow" comment or an entry in .secret-guard-ignore');
  return 1;
}

function selfTest(): void {
  const sample = 'const t = "ghp_' + 'A'.repeat(36) + '";\nconst ok = "FAKEKEY-not-real";\n';
  const found = scanText('sample.ts', sample, new Set());
  if (found.length !== 1 || found[0].rule !== 'github-token') throw new Error('self-test failed');
  if (found[0].preview.includes('A'.repeat(10))) throw new Error('masking failed');
  console.log('secret-guard self-test ok');
}

if (process.argv.includes('--self-test')) {
  selfTest();
} else {
  try {
    process.exitCode = main();
  } catch (err) {
    console.error(`secret-guard: ${(err as Error).message}`);
    process.exitCode = 2;
  }
}
