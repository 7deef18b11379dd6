#!/usr/bin/env -S npx tsx
/**
 * Install the pinned `buf` CLI (protobuf lint/breaking/generate) into ./.tools/bin.
 *
 *   tsx tools/get-buf.ts [--check] [--force]
 *
 * The version is pinned in tools/buf.version. The binary and the release's
 * sha256.txt are downloaded from the project's documented release source,
 * GitHub releases of bufbuild/buf (github.com), and the binary's hash must match
 * the line for this platform in sha256.txt before it is made executable and
 * moved into place. Archives are cached in ~/.cache/lattice-buf/<version>/.
 * No global install, no PATH or shell profile changes (package.json scripts call
 * ./.tools/bin/buf directly).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { arch, homedir, platform } from 'node:os';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const BIN_DIR = path.join(WS, '.tools', 'bin');
const TARGET = path.join(BIN_DIR, 'buf');
const VERSION_FILE = path.join(__dirname, 'buf.version');
const CACHE_ROOT = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'lattice-buf');
const RELEASES = 'https://github.com/bufbuild/buf/releases/download';

function pinnedVersion(): string {
  const v = readFileSync(VERSION_FILE, 'utf8').trim();
  if (!/^v\d+\.\d+\.\d+$/.test(v)) throw new Error(`tools/buf.version must look like v1.2.3, got ${v}`);
  return v;
}

function assetName(): string {
  const os = platform() === 'darwin' ? 'Darwin' : platform() === 'linux' ? 'Linux' : null;
  const cpu = arch() === 'x64' ? 'x86_64' : arch() === 'arm64' ? (platform() === 'darwin' ? 'arm64' : 'aarch64') : null;
  if (!os || !cpu) throw new Error(`unsupported platform ${platform()}/${arch()}`);
  return `buf-${os}-${cpu}`;
}

function installedVersion(): string | null {
  if (!existsSync(TARGET)) return null;
  try {
    return `v${execFileSync(TARGET, ['--version'], { encoding: 'utf8' }).trim()}`;
  } catch {
    return null;
  }
}

async function fetchTo(url: string, dest: string): Promise<void> {
  const res = await fetch(url, { redirect: 'follow' });
  if (!res.ok) throw new Error(`download failed: ${res.status} for ${new URL(url).pathname}`);
  const part = `${dest}.part`;
  const bytes = new Uint8Array(await res.arrayBuffer());
  writeFileSync(part, bytes);
  renameSync(part, dest);
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function expectedHash(sumsFile: string, asset: string): string {
  for (const line of readFileSync(sumsFile, 'utf8').split('\n')) {
    const [hash, name] = line.trim().split(/\s+/);
    if (name === asset && /^[0-9a-f]{64}$/.test(hash)) return hash;
  }
  throw new Error(`${asset} not listed in sha256.txt`);
}

async function install(version: string): Promise<void> {
  const asset = assetName();
  const cacheDir = path.join(CACHE_ROOT, version);
  mkdirSync(cacheDir, { recursive: true });
  const binCache = path.join(cacheDir, asset);
  const sumsCache = path.join(cacheDir, 'sha256.txt');
  if (!existsSync(sumsCache)) await fetchTo(`${RELEASES}/${version}/sha256.txt`, sumsCache);
  if (!existsSync(binCache)) await fetchTo(`${RELEASES}/${version}/${asset}`, binCache);
  const want = expectedHash(sumsCache, asset);
  const got = sha256(binCache);
  if (want !== got) {
    rmSync(binCache, { force: true });
    throw new Error(`sha256 mismatch for ${asset}: ${got} != ${want} (cached file removed)`);
  }
  mkdirSync(BIN_DIR, { recursive: true });
  const staged = `${TARGET}.new`;
  copyFileSync(binCache, staged);
  chmodSync(staged, 0o755);
  renameSync(staged, TARGET);
  console.log(`buf ${version} installed to .tools/bin/buf (sha256 ${got.slice(0, 16)}…)`);
}

function describeInstall(): void {
  // One line for the bootstrap log: where buf lives and what it reports about itself.
  if (!existsSync(TARGET)) return;
  const size = readFileSync(TARGET).length;
  const version = installedVersion() ?? 'unknown';
  console.log(`.tools/bin/buf: ${version}, ${(size / 1e6).toFixed(1)} MB`);
}

function pruneCache(keep: string): void {
  if (!existsSync(CACHE_ROOT)) return;
  for (const entry of execFileSync('ls', [CACHE_ROOT], { encoding: 'utf8' }).split('\n').filter(Boolean)) {
    if (entry !== keep) rmSync(path.join(CACHE_ROOT, entry), { recursive: true, force: true });
  }
}

function configCheck(): string[] {
  // buf.yaml / buf.gen.yaml sanity: v2 config and only local plugins or the project's pinned remote plugins.
  const problems: string[] = [];
  const protoDir = path.join(WS, 'proto');
  const bufYaml = path.join(protoDir, 'buf.yaml');
  if (!existsSync(bufYaml)) return ['proto/buf.yaml missing'];
  const text = readFileSync(bufYaml, 'utf8');
  if (!/^version:\s*v2\b/m.test(text)) problems.push('proto/buf.yaml is not a v2 config');
  const gen = path.join(protoDir, 'buf.gen.yaml');
  if (existsSync(gen)) {
    const genText = readFileSync(gen, 'utf8');
    const unpinned = [...genText.matchAll(/remote:\s*(\S+)/g)].map((m) => m[1]).filter((r) => !r.includes(':v'));
    if (unpinned.length) problems.push(`remote plugins without a pinned version: ${unpinned.join(', ')}`);
  }
  return problems;
}

function smokeTest(): void {
  const protoDir = path.join(WS, 'proto');
  if (!existsSync(path.join(protoDir, 'buf.yaml'))) return;
  execFileSync(TARGET, ['lint'], { cwd: protoDir, stdio: 'inherit' });
  console.log('buf lint passed on proto/');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const force = args.includes('--force');
  const want = pinnedVersion();
  const have = installedVersion();
  if (check) {
    console.log(`buf pinned ${want}; installed: ${have ?? 'none'}`);
    process.exitCode = have === want ? 0 : 1;
    return;
  }
  if (have === want && !force) {
    console.log(`buf ${want} already installed`);
    return;
  }
  await install(want);
  pruneCache(want);
  describeInstall();
  for (const p of configCheck()) console.warn(`warning: ${p}`);
  smokeTest();
}

main().catch((err) => {
  console.error(`get-buf: ${(err as Error).message}`);
  process.exit(1);
});
