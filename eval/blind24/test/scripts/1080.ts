#!/usr/bin/env -S npx tsx
/**
 * protoc.ts -- fetch the pinned protoc compiler for codegen into .tools/protoc.
 *
 *   npx tsx scripts/protoc.ts            # ensure installed, print the path
 *   npx tsx scripts/protoc.ts --verify   # re-check the archive digest
 *   npx tsx scripts/protoc.ts --remove   # delete .tools/protoc
 *
 * Source: GitHub release assets of protocolbuffers/protobuf for the version in
 * tools/protoc.json, which also pins the SHA-256 per platform. The binary and
 * its include/ directory are unpacked only inside .tools/protoc/<version>/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

interface Pin {
  version: string;
  sha256: Record<string, string>;
}

type PlatformKey = 'linux-x86_64' | 'linux-aarch_64' | 'osx-x86_64' | 'osx-aarch_64';

const ROOT = path.resolve(__dirname, '..');
const PIN_FILE = path.join(ROOT, 'tools', 'protoc.json');
const BASE_DIR = path.join(ROOT, '.tools', 'protoc');
const REPO = 'protocolbuffers/protobuf';

function loadPin(): Pin {
  if (!existsSync(PIN_FILE)) throw new Error('tools/protoc.json not found');
  const pin = JSON.parse(readFileSync(PIN_FILE, 'utf8')) as Pin;
  if (!/^\d+\.\d+$/.test(pin.version)) throw new Error(`unexpected protoc version "${pin.version}"`);
  return pin;
}

function platform(): PlatformKey {
  const os = process.platform === 'darwin' ? 'osx' : process.platform === 'linux' ? 'linux' : null;
  const arch = process.arch === 'arm64' ? 'aarch_64' : process.arch === 'x64' ? 'x86_64' : null;
  if (!os || !arch) throw new Error(`no protoc build for ${process.platform}/${process.arch}`);
  return `${os}-${arch}` as PlatformKey;
}

function assetName(version: string, plat: PlatformKey): string {
  return `protoc-${version}-${plat}.zip`;
}

function downloadUrl(version: string, asset: string): string {
  return `https://github.com/${REPO}/releases/download/v${version}/${asset}`;
}

async function download(url: string): Promise<Buffer> {
  const headers: Record<string, string> = { 'user-agent': 'protoc-fetch' };
  const ghToken = process.env.GITHUB_TOKEN;
  if (ghToken) headers.authorization = `Bearer ${ghToken}`;
  let lastErr: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const res = await fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(120_000) });
      if (res.status === 404) throw new Error(`not found: ${url}`);
      if (!res.ok) throw new Error(`HTTP status ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    } catch (err) {
      lastErr = err;
      if ((err as Error).message.startsWith('not found')) break;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
    }
  }
  throw new Error(`download failed: ${(lastErr as Error).message}`);
}

function sha256(buf: Buffer): string {
  return createHash('sha256').update(buf).digest('hex');
}

function installDir(version: string): string {
  return path.join(BASE_DIR, version);
}

function unzipInto(zip: Buffer, dest: string): void {
  const work = path.join(tmpdir(), `protoc-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const file = path.join(work, 'protoc.zip');
    writeFileSync(file, zip);
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const bad = listing.filter((n) => n.startsWith('/') || n.split('/').includes('..'));
    if (bad.length) throw new Error(`archive has unsafe paths: ${bad.slice(0, 3).join(', ')}`);
    mkdirSync(dest, { recursive: true });
    execFileSync('unzip', ['-q', '-o', file, '-d', dest]);
    chmodSync(path.join(dest, 'bin', 'protoc'), 0o755);
  } finally {
    rmSync(work, { force: true, recursive: true });
  }
}

function removeOtherVersions(keep: string): void {
  if (!existsSync(BASE_DIR)) return;
  for (const entry of readdirSync(BASE_DIR)) {
    if (entry !== keep && /^\d+\.\d+$/.test(entry)) {
      rmSync(path.join(BASE_DIR, entry), { recursive: true, force: true });
      console.log(`removed old protoc ${entry}`);
    }
  }
}

async function ensure(verify: boolean): Promise<string> {
  const pin = loadPin();
  const plat = platform();
  const expected = pin.sha256[plat];
  if (!expected) throw new Error(`no pinned digest for ${plat} in tools/protoc.json`);
  const dir = installDir(pin.version);
  const bin = path.join(dir, 'bin', 'protoc');
  if (existsSync(bin) && !verify) return bin;
  const asset = assetName(pin.version, plat);
  const zip = await download(downloadUrl(pin.version, asset));
  const actual = sha256(zip);
  if (actual !== expected) throw new Error(`digest mismatch for ${asset}: ${actual}`);
  if (verify && existsSync(bin)) {
    console.log(`${asset} digest OK`);
    return bin;
  }
  rmSync(dir, { force: true, recursive: true });
  unzipInto(zip, dir);
  removeOtherVersions(pin.version);
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`installed ${version} -> ${path.relative(ROOT, bin)}`);
  return bin;
}

function includeDir(bin: string): string {
  return path.join(path.dirname(path.dirname(bin)), 'include');
}

function printEnv(bin: string): void {
  // for scripts that shell out: PROTOC and PROTOC_INCLUDE, plus a PATH hint
  console.log(`export PROTOC=${bin}`);
  console.log(`export PROTOC_INCLUDE=${includeDir(bin)}`);
  console.log(`# or in .envrc: PATH_add ${path.relative(ROOT, path.dirname(bin))}`);
}

function checkProtoFiles(bin: string): number {
  // quick compile of every .proto under proto/ to a throwaway descriptor set
  const protoDir = path.join(ROOT, 'proto');
  if (!existsSync(protoDir)) return 0;
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, {withFileTypes: true})) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.proto')) files.push(path.relative(protoDir, p));
    }
  };
  walk(protoDir);
  if (!files.length) return 0;
  const out = path.join(tmpdir(), `protoc-check-${process.pid}.pb`);
  try {
    execFileSync(bin, [`-I${protoDir}`, `-I${includeDir(bin)}`, `--descriptor_set_out=${out}`, ...files], {
      stdio: 'inherit',
    });
  } finally {
    rmSync(out, { force: true });
  }
  return files.length;
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  if (args.has('--env') || args.has('--check')) {
    const bin = await ensure(false);
    if (args.has('--env')) printEnv(bin);
    if (args.has('--check')) console.log(`${checkProtoFiles(bin)} proto file(s) compile`);
    return;
  }
  if (args.has('--remove')) {
    rmSync(BASE_DIR, { recursive: true, force: true });
    console.log('removed .tools/protoc');
    return;
  }
  const bin = await ensure(args.has('--verify'));
  process.stdout.write(`${bin}\n`);
}

main().catch((err: Error) => {
  console.error(`protoc: ${err.message}`);
  process.exitCode = 1;
});
