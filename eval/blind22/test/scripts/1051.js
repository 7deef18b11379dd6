#!/usr/bin/env node
// tools/sdcard.mjs-compatible ESM script: build the two-partition SD card
// image for the ledger point-of-sale firmware emulator.
//
//   node tools/sdcard.js build      create build/sdcard/pos.img
//   node tools/sdcard.js inspect    attach read-only and list both partitions
//   node tools/sdcard.js clean      detach leftovers of our image and delete it
//
// Partition 1 (FAT32, 128 MiB) gets firmware/boot/*, partition 2 (ext4) gets
// firmware/rootfs/. Everything happens on build/sdcard/pos.img; the loop
// device is always found via its backing file, never guessed.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync, openSync, ftruncateSync, closeSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
const outDir = join(repo, 'build', 'sdcard');
const image = join(outDir, 'pos.img');
const bootSrc = join(repo, 'firmware', 'boot');
const rootSrc = join(repo, 'firmware', 'rootfs');
const BOOT_MIB = 128;

const isRoot = process.getuid() === 0;

function exec(cmd, args, { priv = false, input } = {}) {
  const argv = priv && !isRoot ? ['sudo', '-n', cmd, ...args] : [cmd, ...args];
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', input });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args[0] ?? ''} -> ${r.status}: ${(r.stderr ?? '').trim()}`);
  }
  return (r.stdout ?? '').trim();
}

function info(msg) {
  process.stderr.write(`[sdcard] ${msg}\n`);
}

function treeBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) total += treeBytes(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}

function loopsForImage() {
  const raw = exec('losetup', ['--json', '--list']);
  if (!raw) return [];
  return JSON.parse(raw).loopdevices
    .filter((d) => d['back-file'] && resolve(d['back-file'].replace(/ \(deleted\)$/, '')) === image)
    .map((d) => d.name);
}

function detachOurs() {
  for (const dev of loopsForImage()) {
    exec('losetup', ['-d', dev], { priv: true });
    info(`detached leftover ${dev}`);
  }
}

function allocate(sizeMiB) {
  mkdirSync(outDir, { recursive: true });
  if (relative(repo, image).startsWith('..')) throw new Error('image path escapes the repository');
  rmSync(image, { force: true });
  const fd = openSync(image, 'w');
  try {
    ftruncateSync(fd, sizeMiB * 1024 * 1024);
  } finally {
    closeSync(fd);
  }
  // sfdisk script: FAT32 (type c) boot partition, Linux root for the rest
  const layout = `label: dos\n,${BOOT_MIB}M,c,*\n,,83\n`;
  exec('sfdisk', ['--quiet', image], { input: layout });
  info(`allocated ${relative(repo, image)} (${sizeMiB} MiB)`);
}

function attach({ readOnly = false } = {}) {
  const args = ['--find', '--show', '--partscan'];
  if (readOnly) args.push('--read-only');
  const dev = exec('losetup', [...args, image], { priv: true });
  if (!/^\/dev\/loop\d+$/.test(dev)) throw new Error(`losetup printed "${dev}"`);
  for (let i = 0; i < 25 && !existsSync(`${dev}p2`); i++) {
    spawnSync('sleep', ['0.2']);
  }
  if (!existsSync(`${dev}p2`)) throw new Error(`partitions for ${dev} did not show up`);
  return dev;
}

function withMount(device, fn, opts = []) {
  const mnt = mkdtempSync(join(tmpdir(), 'sdcard-'));
  exec('mount', [...opts, device, mnt], { priv: true });
  try {
    return fn(mnt);
  } finally {
    exec('umount', [mnt], { priv: true });
    rmSync(mnt, { recursive: true, force: true });
  }
}

function build() {
  for (const src of [bootSrc, rootSrc]) {
    if (!existsSync(src)) throw new Error(`${relative(repo, src)} missing; run make firmware`);
  }
  detachOurs();
  const rootMiB = Math.ceil((treeBytes(rootSrc) * 1.4) / 1048576) + 32;
  allocate(BOOT_MIB + rootMiB + 2);
  const dev = attach();
  try {
    exec('mkfs.vfat', ['-F', '32', '-n', 'POSBOOT', `${dev}p1`], { priv: true });
    exec('mkfs.ext4', ['-q', '-F', '-L', 'posroot', `${dev}p2`], { priv: true });
    withMount(`${dev}p1`, (mnt) => exec('cp', ['-r', `${bootSrc}/.`, mnt], { priv: true }));
    withMount(`${dev}p2`, (mnt) => {
      exec('cp', ['-a', `${rootSrc}/.`, mnt], { priv: true });
      exec('chown', ['-R', '0:0', mnt], { priv: true });
    });
  } finally {
    exec('losetup', ['-d', dev], { priv: true });
  }
  info('image built');
}

function inspect() {
  if (!existsSync(image)) throw new Error('no image; run build first');
  const dev = attach({ readOnly: true });
  try {
    for (const part of ['p1', 'p2']) {
      const listing = withMount(`${dev}${part}`, (mnt) => exec('find', [mnt, '-maxdepth', '2']), ['-o', 'ro']);
      const count = listing.split('\n').length - 1;
      console.log(`${part}: ${count} entries`);
    }
    console.log(exec('lsblk', ['-o', 'NAME,SIZE,FSTYPE,LABEL', dev]));
  } finally {
    exec('losetup', ['-d', dev], { priv: true });
  }
}

function clean() {
  detachOurs();
  if (existsSync(image)) {
    rmSync(image);
    info(`deleted ${relative(repo, image)}`);
  } else {
    info('nothing to delete');
  }
}

// Compress a copy for the release page; the raw image stays for the emulator.
function pack() {
  if (!existsSync(image)) throw new Error('no image; run build first');
  const out = `${image}.zst`;
  rmSync(out, { force: true });
  exec('zstd', ['-q', '-T0', '-19', '-o', out, image]);
  const ratio = (statSync(out).size / statSync(image).size) * 100;
  info(`packed ${relative(repo, out)} (${ratio.toFixed(1)}% of raw)`);
  const sum = exec('sha256sum', [out]).split(' ')[0];
  info(`sha256 ${sum}`);
}

// Verify that both filesystems are clean without mounting them read-write.
function fsck() {
  if (!existsSync(image)) throw new Error('no image; run build first');
  const dev = attach({ readOnly: true });
  try {
    exec('fsck.vfat', ['-n', `${dev}p1`], { priv: true });
    exec('e2fsck', ['-fn', `${dev}p2`], { priv: true });
    info('both partitions pass fsck');
  } finally {
    exec('losetup', ['-d', dev], { priv: true });
  }
}

const commands = { build, inspect, clean, pack, fsck };
const cmd = process.argv[2] ?? 'build';
if (!commands[cmd]) {
  console.error(`usage: sdcard.js ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
try {
  commands[cmd]();
} catch (err) {
  console.error(`[sdcard] ${err.message}`);
  process.exit(1);
}
