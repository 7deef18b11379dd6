#!/usr/bin/env -S npx tsx
// route-studies.ts - forward finished studies from the incoming folder to the
// dev PACS and keep the long-term archive in sync.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';

interface Dest {
  aet: string;
  host: string;
  port: number;
}

const INCOMING = process.env.PACS_INCOMING ?? '/srv/pacs/incoming';
const SETTLE_MS = 5 * 60 * 1000;

function destination(name: 'dev'): Dest;
function destination(name: 'archive'): Dest;
function destination(name: string): Dest;
function destination(name: string): Dest {
  switch (name) {
    case 'dev':
      return { aet: 'DEVPACS', host: 'orthanc.dev.internal', port: 4242 };
    case 'archive':
      return { aet: 'LTARCHIVE', host: 'pacs-archive.example.net', port: 11112 };
    default:
      throw new Error(`unknown destination ${name}`);
  }
}

function settledStudies(root: string): string[] {
  if (!existsSync(root)) return [];
  const now = Date.now();
  return readdirSync(root)
    .map((d) => join(root, d))
    .filter((p) => statSync(p).isDirectory() && now - statSync(p).mtimeMs > SETTLE_MS);
}

function echo(dest: Dest): boolean {
  const r = spawnSync('echoscu', ['-aec', dest.aet, dest.host, String(dest.port)], { stdio: 'ignore' });
  return r.status === 0;
}

function send(dest: Dest, studyDir: string): boolean {
  const r = spawnSync(
    'storescu',
    ['-aec', dest.aet, '+sd', '+r', '-nh', dest.host, String(dest.port), studyDir],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) console.error(r.stderr.split('\n').slice(-3).join('\n'));
  return r.status === 0;
}

function main(): void {
  const routes = (process.env.PACS_ROUTES ?? 'dev,archive').split(',').map((s) => destination(s.trim()));
  for (const dest of routes) {
    if (!echo(dest)) {
      console.error(`${dest.aet}@${dest.host} not reachable; skipping`);
      continue;
    }
    let sent = 0;
    for (const study of settledStudies(INCOMING)) {
      if (send(dest, study)) sent++;
    }
    console.log(`${dest.aet}: forwarded ${sent} studies`);
  }
}

main();
