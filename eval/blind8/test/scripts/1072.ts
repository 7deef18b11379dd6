#!/usr/bin/env -S npx tsx
// Fetch pinned web fonts from the upstream GitHub release into public/fonts, verifying sha256.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync, rmSync, mkdtempSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

interface FontPin { file: string; url: string; sha256: string }

const PINS: FontPin[] = [
  {
    file: 'InterVariable.woff2',
    url: 'https://github.com/rsms/inter/raw/v4.0/docs/font-files/InterVariable.woff2',
    sha256: '693b77d4f32ee9b8bfc995589b5fad5e99adf2832738661f5402f9978429a8e3',
  },
  {
    file: 'InterVariable-Italic.woff2',
    url: 'https://github.com/rsms/inter/raw/v4.0/docs/font-files/InterVariable-Italic.woff2',
    sha256: '2d2a6d3f6b3a2a3b6e5fb1c03d2fe0b1f4b79e2bc4bb8f1ac5fd1c3d1e6a0b1c',
  },
];
const DEST = 'public/fonts';

const digest = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

async function fetchPinned(pin: FontPin, work: string): Promise<string> {
  const res = await fetch(pin.url);
  if (!res.ok) throw new Error(`${pin.file}: HTTP ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  const got = digest(buf);
  if (got !== pin.sha256) throw new Error(`${pin.file}: sha256 ${got} does not match pin`);
  const tmp = join(work, pin.file);
  writeFileSync(tmp, buf);
  return tmp;
}

async function main(): Promise<void> {
  mkdirSync(DEST, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'fonts-'));
  try {
    for (const pin of PINS) {
      const target = join(DEST, pin.file);
      if (existsSync(target) && digest(readFileSync(target)) === pin.sha256) {
        console.log(`${pin.file}: up to date`);
        continue;
      }
      renameSync(await fetchPinned(pin, work), target);
      console.log(`${pin.file}: installed`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
