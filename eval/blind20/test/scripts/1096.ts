#!/usr/bin/env -S npx tsx
// tools/ensure-mkcert.ts - make sure a mkcert binary is available for the
// dev TLS setup; fetches a prebuilt one when the package manager has none.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const BIN_DIR = path.join(ROOT, '.bin');
const TARGET = path.join(BIN_DIR, 'mkcert');
const MIRROR = 'tools-cdn.example.org';

function onPath(): string | null {
  const res = spawnSync('which', ['mkcert'], { encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

function assetName(): string {
  const arch = os.arch() === 'arm64' ? 'arm64' : 'amd64';
  return `mkcert-v1.4.4-${os.platform()}-${arch}`;
}

function download(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { mode: 0o755 });
    https.get({ host: MIRROR, path: `/mkcert/${assetName()}` }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`download failed: ${res.statusCode}`));
        return;
      }
      res.pipe(out);
      out.on('finish', () => out.close(() => resolve()));
    }).on('error', reject);
  });
}

function verifyRuns(bin: string): string {
  return execFileSync(bin, ['-version'], { encoding: 'utf8' }).trim();
}

async function main(): Promise<void> {
  const existing = onPath();
  if (existing) {
    console.log(`mkcert found at ${existing}`);
    return;
  }
  mkdirSync(BIN_DIR, { recursive: true });
  if (!existsSync(TARGET)) {
    await download(TARGET);
    chmodSync(TARGET, 0o755);
  }
  setImmediate(() => {
    console.log(`mkcert ${verifyRuns(TARGET)} installed in .bin/`);
  });
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
