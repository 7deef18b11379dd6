#!/usr/bin/env node
// scripts/fat-image.js
//
// Builds the FAT32 "USB stick" image the firmware updater tests read from:
//   build/usb/update.img  (sparse, 64 MiB by default)
// The file is created, formatted, loop-attached, mounted, filled from
// test/usb-payload/ and detached again. Only loop devices whose backing file is
// our image are ever detached, and only our temp mount point is unmounted.
//
// usage: node scripts/fat-image.js [--size 64] [--label UPDATE] [--keep]

'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'build', 'usb');
const IMAGE = path.join(OUT_DIR, 'update.img');
const PAYLOAD = path.join(ROOT, 'test', 'usb-payload');

function parseArgs(argv) {
  const opts = { sizeMiB: 64, label: 'UPDATE', keep: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--size') opts.sizeMiB = Number(argv[++i]);
    else if (a === '--label') opts.label = String(argv[++i]).toUpperCase().slice(0, 11);
    else if (a === '--keep') opts.keep = true;
    else if (a === '-v' || a === '--verbose') opts.verbose = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(opts.sizeMiB) || opts.sizeMiB < 33) {
    throw new Error('--size must be an integer >= 33 (FAT32 minimum)');
  }
  return opts;
}

let VERBOSE = false;
const log = (...a) => console.error('[fat-image]', ...a);
const debug = (...a) => VERBOSE && log(...a);

function run(cmd, args, { sudo = false, input } = {}) {
  const argv = sudo && process.getuid() !== 0 ? ['sudo', '-n', cmd, ...args] : [cmd, ...args];
  debug('$', argv.join(' '));
  const res = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', input });
  if (res.status !== 0) {
    const err = new Error(`${cmd} exited with ${res.status}: ${(res.stderr || '').trim()}`);
    err.status = res.status;
    throw err;
  }
  return (res.stdout || '').trim();
}

function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

function assertInsideProject(p) {
  const rel = path.relative(ROOT, path.resolve(p));
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new Error(`refusing to touch ${p}: outside ${ROOT}`);
  }
}

function createImage(sizeMiB) {
  assertInsideProject(IMAGE);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  if (fs.existsSync(IMAGE)) {
    log('replacing previous image');
    fs.rmSync(IMAGE);
  }
  const fd = fs.openSync(IMAGE, 'w');
  fs.ftruncateSync(fd, sizeMiB * 1024 * 1024);
  fs.closeSync(fd);
  log(`created sparse ${path.relative(ROOT, IMAGE)} (${sizeMiB} MiB)`);
}

function formatImage(label) {
  // mkfs.vfat works on the plain file, no loop device or root needed here
  run('mkfs.vfat', ['-F', '32', '-n', label, IMAGE]);
  log(`formatted as FAT32 (label ${label})`);
}

function ourLoopDevices() {
  const out = run('losetup', ['--list', '--json', '--output', 'NAME,BACK-FILE']);
  if (!out) return [];
  const data = JSON.parse(out);
  return (data.loopdevices || [])
    .filter((d) => d['back-file'] && path.resolve(d['back-file'].replace(/ \(deleted\)$/, '')) === IMAGE)
    .map((d) => d.name);
}

function attach() {
  const dev = run('losetup', ['--find', '--show', IMAGE], { sudo: true });
  if (!/^\/dev\/loop\d+$/.test(dev)) throw new Error(`unexpected loop device "${dev}"`);
  log(`attached ${dev}`);
  return dev;
}

function detach(dev) {
  if (!ourLoopDevices().includes(dev)) {
    log(`not detaching ${dev}: it is not backed by our image`);
    return;
  }
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      run('losetup', ['--detach', dev], { sudo: true });
      log(`detached ${dev}`);
      return;
    } catch (e) {
      debug(`detach attempt ${attempt} failed: ${e.message}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
    }
  }
  log(`WARNING: could not detach ${dev}; run: sudo losetup -d ${dev}`);
}

function mount(dev) {
  const mnt = fs.mkdtempSync(path.join(os.tmpdir(), 'fat-image-'));
  const uid = process.getuid();
  const gid = process.getgid();
  // uid/gid mount options make the FAT files ours, so copying needs no sudo
  run('mount', ['-o', `uid=${uid},gid=${gid},umask=022`, dev, mnt], { sudo: true });
  log(`mounted on ${mnt}`);
  return mnt;
}

function unmount(mnt) {
  try {
    run('umount', [mnt], { sudo: true });
  } finally {
    fs.rmSync(mnt, { recursive: true, force: true });
  }
}

function copyPayload(mnt) {
  if (!fs.existsSync(PAYLOAD)) {
    log(`no payload at ${path.relative(ROOT, PAYLOAD)}; image stays empty`);
    return 0;
  }
  fs.cpSync(PAYLOAD, mnt, { recursive: true, dereference: true });
  let count = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else count++;
    }
  };
  walk(mnt);
  execFileSync('sync');
  return count;
}

function writeManifest(opts, files) {
  const manifest = {
    image: path.relative(ROOT, IMAGE),
    sizeMiB: opts.sizeMiB,
    label: opts.label,
    files,
    builtAt: new Date().toISOString(),
  };
  fs.writeFileSync(path.join(OUT_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  VERBOSE = opts.verbose;
  for (const tool of ['mkfs.vfat', 'losetup', 'mount', 'umount']) {
    if (!which(tool)) throw new Error(`${tool} not found (install dosfstools / util-linux)`);
  }
  for (const stale of ourLoopDevices()) {
    log(`found stale loop device ${stale} from a previous run`);
    detach(stale);
  }
  createImage(opts.sizeMiB);
  formatImage(opts.label);
  const dev = attach();
  let mnt;
  let files = 0;
  try {
    mnt = mount(dev);
    files = copyPayload(mnt);
    log(`copied ${files} file(s)`);
  } finally {
    if (opts.keep && mnt) {
      log(`--keep: ${dev} stays mounted on ${mnt}`);
    } else {
      if (mnt) unmount(mnt);
      detach(dev);
    }
  }
  writeManifest(opts, files);
  log('done');
}

try {
  main();
} catch (err) {
  log(`error: ${err.message}`);
  process.exit(1);
}
