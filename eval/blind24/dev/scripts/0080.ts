#!/usr/bin/env -S npx tsx
/**
 * tools.ts -- install pinned developer binaries into ./.tools/bin.
 *
 * Each tool is described by a ToolSpec below: release host is always
 * github.com/<repo>/releases, the archive digest is pinned per platform, and
 * the binary is extracted into .tools/bin. With --link, a symlink is also
 * created in ~/.local/bin (only if nothing else lives at that path).
 *
 *   npx tsx scripts/tools.ts            # install/verify all
 *   npx tsx scripts/tools.ts buf --link
 *   npx tsx scripts/tools.ts --clean    # remove .tools/ entirely
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

type Platform = 'linux-x64' | 'linux-arm64' | 'darwin-x64' | 'darwin-arm64';

interface ToolSpec {
  repo: string;
  version: string;
  asset: (p: Platform, v: string) => string;
  binaryInArchive: (p: Platform, v: string) => string;
  sha256: Partial<Record<Platform, string>>;
}

const ROOT = path.resolve(__dirname, '..');
const TOOLS = path.join(ROOT, '.tools');
const BIN = path.join(TOOLS, 'bin');
const DOWNLOADS = path.join(TOOLS, 'downloads');
const USER_BIN = path.join(homedir(), '.local', 'bin');

const SPECS: Record<string, ToolSpec> = {
  buf: {
    repo: 'bufbuild/buf',
    version: '1.34.0',
    asset: (p) => `buf-${p.startsWith('darwin') ? 'Darwin' : 'Linux'}-${p.endsWith('arm64') ? 'aarch64' : 'x86_64'}.tar.gz`,
    binaryInArchive: () => 'buf/bin/buf',
    sha256: {
      'linux-x64': '0000000000000000000000000000000000000000000000000000000000000001',
      'darwin-arm64': '0000000000000000000000000000000000000000000000000000000000000002',
    },
  },
  typos: {
    repo: 'crate-ci/typos',
    version: '1.23.1',
    asset: (p, v) =>
      `typos-v${v}-${p.endsWith('arm64') ? 'aarch64' : 'x86_64'}-${p.startsWith('darwin') ? 'apple-darwin' : 'unknown-linux-musl'}.tar.gz`,
    binaryInArchive: () => './typos',
    sha256: {
      'linux-x64': '0000000000000000000000000000000000000000000000000000000000000003',
      'darwin-arm64': '0000000000000000000000000000000000000000000000000000000000000004',
    },
  },
};

class Installer {
  private readonly platform: Platform;

  constructor(private readonly opts: { link: boolean; force: boolean }) {
    this.platform = Installer.detect();
  }

  static detect(): Platform {
    const os = process.platform === 'darwin' ? 'darwin' : process.platform === 'linux' ? 'linux' : null;
    const arch = process.arch === 'arm64' ? 'arm64' : process.arch === 'x64' ? 'x64' : null;
    if (!os || !arch) throw new Error(`unsupported platform ${process.platform}/${process.arch}`);
    return `${os}-${arch}` as Platform;
  }

  private url(spec: ToolSpec): string {
    return `https://github.com/${spec.repo}/releases/download/v${spec.version}/${spec.asset(this.platform, spec.version)}`;
  }

  private async download(url: string, dest: string): Promise<void> {
    const headers: Record<string, string> = { 'user-agent': 'tools.ts' };
    if (process.env.GITHUB_TOKEN) headers.authorization = `Bearer ${process.env.GITHUB_TOKEN}`;
    let delay = 1000;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      try {
        const res = await fetch(url, { headers, redirect: 'follow' });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        writeFileSync(dest, Buffer.from(await res.arrayBuffer()));
        return;
      } catch (err) {
        if (attempt === 4) throw new Error(`download failed: ${url}: ${(err as Error).message}`);
        console.warn(`retry ${attempt} in ${delay}ms (${(err as Error).message})`);
        await new Promise((r) => setTimeout(r, delay));
        delay *= 2;
      }
    }
  }

  private verify(file: string, expected: string | undefined, name: string): void {
    if (!expected) throw new Error(`${name}: no pinned digest for ${this.platform}`);
    const actual = createHash('sha256').update(readFileSync(file)).digest('hex');
    if (actual !== expected) {
      rmSync(file, { force: true });
      throw new Error(`${name}: sha256 mismatch (expected ${expected}, got ${actual})`);
    }
  }

  private link(name: string): void {
    mkdirSync(USER_BIN, { recursive: true });
    const target = path.join(USER_BIN, name);
    if (existsSync(target) || isSymlink(target)) {
      if (!isSymlink(target)) {
        console.warn(`${target} exists and is not a symlink; not touching it`);
        return;
      }
      rmSync(target);
    }
    symlinkSync(path.join(BIN, name), target);
    console.log(`linked ${target}`);
  }

  async install(name: string, spec: ToolSpec): Promise<void> {
    const stamp = path.join(BIN, `.${name}.version`);
    const dest = path.join(BIN, name);
    if (!this.opts.force && existsSync(dest) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === spec.version) {
      console.log(`${name} ${spec.version} ok`);
      if (this.opts.link) this.link(name);
      return;
    }
    mkdirSync(DOWNLOADS, { recursive: true });
    mkdirSync(BIN, { recursive: true });
    const archive = path.join(DOWNLOADS, spec.asset(this.platform, spec.version));
    if (!existsSync(archive)) await this.download(this.url(spec), archive);
    this.verify(archive, spec.sha256[this.platform], name);
    const work = mkdtempSync(path.join(tmpdir(), `tools-${name}-`));
    try {
      execFileSync('tar', ['-xzf', archive, '-C', work]);
      const inner = path.join(work, spec.binaryInArchive(this.platform, spec.version));
      if (!existsSync(inner)) throw new Error(`${name}: ${inner} missing in archive`);
      const staged = `${dest}.new`;
      writeFileSync(staged, readFileSync(inner));
      chmodSync(staged, 0o755);
      renameSync(staged, dest);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    writeFileSync(stamp, `${spec.version}\n`);
    console.log(`installed ${name} ${spec.version}`);
    if (this.opts.link) this.link(name);
  }
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--clean')) {
    rmSync(TOOLS, { recursive: true, force: true });
    console.log('removed .tools/');
    return;
  }
  const names = args.filter((a) => !a.startsWith('--'));
  const selected = names.length ? names : Object.keys(SPECS);
  const unknown = selected.filter((n) => !(n in SPECS));
  if (unknown.length) throw new Error(`unknown tool(s): ${unknown.join(', ')}`);
  const installer = new Installer({ link: args.includes('--link'), force: args.includes('--force') });
  for (const name of selected) await installer.install(name, SPECS[name]);
  console.log(`\nexport PATH="${BIN}:$PATH"   # or PATH_add .tools/bin in .envrc`);
}

main().catch((err: Error) => {
  console.error(`tools: ${err.message}`);
  process.exitCode = 1;
});
