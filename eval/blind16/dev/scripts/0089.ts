#!/usr/bin/env -S npx tsx
// Bootstrap the Go toolchain pinned in go.mod's `toolchain` line into ./.tools/go.
//
//   tsx tools/bootstrap-go.ts [--check] [--force]
//
// Looks up the release in the official JSON index on go.dev (which lists the
// sha256 of every archive), downloads the archive for this OS/arch from go.dev,
// verifies the sha256 before extracting, and installs into ./.tools/go. Archives
// are cached in ~/.cache/trailmix-go/ so other worktrees reuse them. PATH and
// shell profiles are not changed; the Makefile prefers ./.tools/go/bin.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { arch, homedir, platform } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const DEST = path.join(ROOT, '.tools', 'go');
const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'trailmix-go');
const INDEX_URL = 'https://go.dev/dl/?mode=json&include=all';
const DL_BASE = 'https://go.dev/dl/';

interface GoFile {
  filename: string;
  os: string;
  arch: string;
  version: string;
  sha256: string;
  size: number;
  kind: 'archive' | 'installer' | 'source';
}

interface GoRelease {
  version: string;
  stable: boolean;
  files: GoFile[];
}

function pinnedVersion(): string {
  const gomod = readFileSync(path.join(ROOT, 'go.mod'), 'utf8');
  const toolchain = /^toolchain\s+(go\d+\.\d+(?:\.\d+)?)\s*$/m.exec(gomod);
  if (toolchain) return toolchain[1];
  const goLine = /^go\s+(\d+\.\d+(?:\.\d+)?)\s*$/m.exec(gomod);
  if (goLine) return `go${goLine[1]}`;
  throw new Error('go.mod has neither a toolchain nor a go directive');
}

function goOsArch(): { os: string; arch: string } {
  const os = platform() === 'darwin' ? 'darwin' : platform() === 'linux' ? 'linux' : null;
  const a = arch() === 'x64' ? 'amd64' : arch() === 'arm64' ? 'arm64' : null;
  if (!os || !a) throw new Error(`unsupported platform ${platform()}/${arch()}`);
  return { os, arch: a };
}

function installedVersion(): string | null {
  const bin = path.join(DEST, 'bin', 'go');
  if (!existsSync(bin)) return null;
  const out = execFileSync(bin, ['version'], { encoding: 'utf8' });
  return /go version (go\S+)/.exec(out)?.[1] ?? null;
}

async function findArchive(version: string): Promise<GoFile> {
  const res = await fetch(INDEX_URL);
  if (!res.ok) throw new Error(`go.dev index returned ${res.status}`);
  const releases = (await res.json()) as GoRelease[];
  const rel = releases.find((r) => r.version === version);
  if (!rel) throw new Error(`${version} not found in the go.dev release index`);
  const { os, arch: a } = goOsArch();
  const file = rel.files.find((f) => f.os === os && f.arch === a && f.kind === 'archive');
  if (!file) throw new Error(`no ${os}/${a} archive for ${version}`);
  if (!/^[0-9a-f]{64}$/.test(file.sha256)) throw new Error('index entry has no usable sha256');
  return file;
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

async function download(file: GoFile): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const target = path.join(CACHE, file.filename);
  if (existsSync(target) && (await sha256File(target)) === file.sha256) return target;
  const res = await fetch(DL_BASE + file.filename);
  if (!res.ok) throw new Error(`download of ${file.filename} failed: ${res.status}`);
  const part = `${target}.part`;
  writeFileSync(part, Buffer.from(await res.arrayBuffer()));
  const got = await sha256File(part);
  if (got !== file.sha256) {
    rmSync(part, { force: true });
    throw new Error(`sha256 mismatch for ${file.filename}: ${got} != ${file.sha256}`);
  }
  renameSync(part, target);
  return target;
}

function extract(archive: string): void {
  mkdirSync(path.dirname(DEST), { recursive: true });
  const staging = mkdtempSync(path.join(path.dirname(DEST), '.go-staging-'));
  try {
    execFileSync('tar', ['-xzf', archive, '-C', staging]);
    const extracted = path.join(staging, 'go');
    if (!existsSync(path.join(extracted, 'bin', 'go'))) throw new Error('archive did not contain go/bin/go');
    rmSync(DEST, { recursive: true, force: true });
    renameSync(extracted, DEST);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function pruneCache(keep: string): number {
  if (!existsSync(CACHE)) return 0;
  let removed = 0;
  for (const name of execFileSync('ls', [CACHE], { encoding: 'utf8' }).split('\n').filter(Boolean)) {
    if (name !== keep) {
      rmSync(path.join(CACHE, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const force = process.argv.includes('--force');
  const want = pinnedVersion();
  const have = installedVersion();
  if (check) {
    console.log(`pinned ${want}, installed ${have ?? 'none'}`);
    process.exitCode = have === want ? 0 : 1;
    return;
  }
  if (have === want && !force) {
    console.log(`${want} already installed in .tools/go`);
    return;
  }
  const file = await findArchive(want);
  console.log(`downloading ${file.filename} (${(file.size / 1e6).toFixed(0)} MB) from go.dev`);
  const archive = await download(file);
  extract(archive);
  console.log(`installed ${installedVersion()} to .tools/go (sha256 ${file.sha256.slice(0, 16)}…)`);
  const pruned = pruneCache(file.filename);
  if (pruned) console.log(`pruned ${pruned} old archives from the cache`);
}

main().catch((err) => {
  console.error(`bootstrap-go: ${(err as Error).message}`);
  process.exit(1);
});
