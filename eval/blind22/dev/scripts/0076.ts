#!/usr/bin/env -S npx tsx
/**
 * tools/rootfs-image.ts
 *
 * Produces build/rootfs/rootfs.ext4 for the QEMU boot tests:
 *   1. allocate a sparse file of --size MiB (ours, inside build/)
 *   2. mkfs.ext4 it with -d build/rootfs/staging, which fills the filesystem
 *      from a directory without mounting anything (no root needed)
 *   3. optionally (--verify) loop-mount it read-only and compare file lists
 *   4. e2fsck -fn as a final sanity check
 *
 * The only privileged operations are in verify(): losetup/mount/umount of our
 * own image on a temp mount point, undone in a finally block.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "build", "rootfs");
const STAGING = path.join(OUT_DIR, "staging");
const IMAGE = path.join(OUT_DIR, "rootfs.ext4");

interface Options {
  sizeMiB: number;
  label: string;
  verify: boolean;
  reproducible: boolean;
}

class ToolError extends Error {
  constructor(
    readonly tool: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" | ")}`);
  }
}

function run(cmd: string, args: string[], opts: SpawnSyncOptions & { sudo?: boolean } = {}): string {
  const useSudo = opts.sudo && process.getuid?.() !== 0;
  const argv = useSudo ? ["sudo", "-n", cmd, ...args] : [cmd, ...args];
  const res = spawnSync(argv[0], argv.slice(1), { encoding: "utf8", ...opts });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new ToolError(cmd, res.status, String(res.stderr ?? ""));
  return String(res.stdout ?? "").trim();
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { sizeMiB: 256, label: "rootfs", verify: false, reproducible: true };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--size":
        opts.sizeMiB = Number.parseInt(argv[++i], 10);
        break;
      case "--label":
        opts.label = argv[++i].slice(0, 16);
        break;
      case "--verify":
        opts.verify = true;
        break;
      case "--no-reproducible":
        opts.reproducible = false;
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!Number.isFinite(opts.sizeMiB) || opts.sizeMiB < 16) throw new Error("--size must be >= 16");
  return opts;
}

function ensureInside(p: string): void {
  const rel = path.relative(ROOT, p);
  if (rel.startsWith("..") || path.isAbsolute(rel)) throw new Error(`${p} is outside the project`);
}

function stagingSize(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) total += fs.statSync(p).size;
    }
  };
  walk(dir);
  return total;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name === "lost+found") continue;
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      out.push(rel);
      if (e.isDirectory()) walk(path.join(d, e.name), rel);
    }
  };
  walk(dir, "");
  return out;
}

function allocate(sizeMiB: number): void {
  ensureInside(IMAGE);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.rmSync(IMAGE, { force: true });
  const fd = fs.openSync(IMAGE, "w");
  try {
    fs.ftruncateSync(fd, sizeMiB * 1024 * 1024);
  } finally {
    fs.closeSync(fd);
  }
}

function makeFs(opts: Options): void {
  const args = ["-F", "-q", "-L", opts.label, "-d", STAGING];
  const env = { ...process.env };
  if (opts.reproducible) {
    // fixed UUID, hash seed and timestamps give byte-identical images
    args.push("-U", "clear", "-E", "hash_seed=6e2c4f9e-0000-4000-8000-000000000000");
    env.E2FSPROGS_FAKE_TIME = "1700000000";
    env.SOURCE_DATE_EPOCH = "1700000000";
  }
  run("mkfs.ext4", [...args, IMAGE], { env });
}

function fsck(): void {
  try {
    run("e2fsck", ["-fn", IMAGE]);
  } catch (err) {
    if (err instanceof ToolError && err.code === 4) throw new Error("filesystem errors left uncorrected");
    throw err;
  }
}

function verify(): void {
  const mnt = fs.mkdtempSync(path.join(os.tmpdir(), "rootfs-verify-"));
  let loop: string | undefined;
  try {
    loop = run("losetup", ["--find", "--show", "--read-only", IMAGE], { sudo: true });
    if (!/^\/dev\/loop\d+$/.test(loop)) throw new Error(`unexpected loop device ${loop}`);
    run("mount", ["-o", "ro", loop, mnt], { sudo: true });
    const inImage = listFiles(mnt);
    const inStaging = listFiles(STAGING);
    const missing = inStaging.filter((f) => !inImage.includes(f));
    if (missing.length) throw new Error(`missing in image: ${missing.slice(0, 10).join(", ")}`);
    console.log(`verify: ${inImage.length} entries match staging`);
  } finally {
    spawnSync("sudo", ["-n", "umount", mnt]);
    if (loop) spawnSync("sudo", ["-n", "losetup", "--detach", loop]);
    fs.rmSync(mnt, { recursive: true, force: true });
  }
}

function sha256(file: string): string {
  const h = createHash("sha256");
  const fd = fs.openSync(file, "r");
  const buf = Buffer.alloc(1 << 20);
  try {
    let n: number;
    while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) h.update(buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return h.digest("hex");
}

function main(): void {
  const opts = parseOptions(process.argv.slice(2));
  if (!fs.existsSync(STAGING)) throw new Error(`nothing staged in ${path.relative(ROOT, STAGING)}; run make stage`);
  const needed = Math.ceil((stagingSize(STAGING) * 1.3) / 1024 / 1024) + 8;
  if (needed > opts.sizeMiB) {
    console.log(`staging needs ~${needed} MiB; growing image from ${opts.sizeMiB} MiB`);
    opts.sizeMiB = needed;
  }
  allocate(opts.sizeMiB);
  makeFs(opts);
  fsck();
  if (opts.verify) verify();
  const digest = sha256(IMAGE);
  fs.writeFileSync(`${IMAGE}.sha256`, `${digest}  ${path.basename(IMAGE)}\n`);
  console.log(`built ${path.relative(ROOT, IMAGE)} (${opts.sizeMiB} MiB) sha256 ${digest.slice(0, 16)}…`);
}

try {
  main();
} catch (err) {
  console.error(`rootfs-image: ${(err as Error).message}`);
  process.exit(1);
}
