#!/usr/bin/env node
// scripts/runner-audit.js - audit a self-hosted CI runner before it joins
// the pool. Prints a checklist; with --apply it makes the small set of
// changes listed in FIXES (all idempotent, all reversible by hand).
//
// Reads (no changes): lsblk, findmnt, ufw/nft status, sysctl values,
// apt-mark holds, snap list, timedatectl, hostnamectl.
// Changes with --apply only:
//   - create the unprivileged `e2e` user the browser tests run as
//   - `apt-mark hold` the pinned container runtime
//   - set the timezone to UTC (test snapshots assume UTC)
// It refuses to run unless /etc/runner-role says "ci".

'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');

const ROLE_FILE = '/etc/runner-role';
const TEST_USER = 'e2e';
const PINNED = ['containerd.io', 'docker-ce'];

const results = [];

function sh(cmd, args, { sudo = false } = {}) {
  const argv = sudo && process.getuid() !== 0 ? ['sudo', '-n', cmd, ...args] : [cmd, ...args];
  const res = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
  return { ok: res.status === 0, out: (res.stdout || '').trim(), err: (res.stderr || '').trim() };
}

function record(area, ok, detail, fix) {
  results.push({ area, ok, detail, fix });
  const mark = ok ? 'ok  ' : 'FIX ';
  console.log(`${mark} ${area.padEnd(14)} ${detail}`);
}

function checkRole() {
  const role = fs.existsSync(ROLE_FILE) ? fs.readFileSync(ROLE_FILE, 'utf8').trim() : '';
  if (role !== 'ci') {
    console.error(`${ROLE_FILE} says "${role || 'nothing'}"; this audit is for CI runners only`);
    process.exit(2);
  }
}

function checkDisks() {
  const lsblk = sh('lsblk', ['--json', '-o', 'NAME,SIZE,TYPE,MOUNTPOINTS']);
  if (lsblk.ok) {
    const disks = JSON.parse(lsblk.out).blockdevices.filter((d) => d.type === 'disk');
    record('disks', true, disks.map((d) => `${d.name} ${d.size}`).join(', '));
  }
  const root = sh('findmnt', ['-n', '-o', 'SOURCE,FSTYPE,SIZE,AVAIL', '/']);
  const avail = root.out.split(/\s+/)[3] || '?';
  const gb = parseFloat(avail);
  record('root fs', !/[MK]$/.test(avail) && gb >= 40, `root ${root.out}`, avail.endsWith('G') && gb < 40 ? 'grow the disk to >= 40G' : undefined);
  const tmp = sh('findmnt', ['-n', '-o', 'FSTYPE,OPTIONS', '/tmp']);
  record('/tmp', true, tmp.ok ? `tmpfs? ${tmp.out}` : 'on root filesystem');
}

function checkFirewall() {
  const ufw = sh('ufw', ['status', 'verbose'], { sudo: true });
  if (ufw.ok) {
    const active = /Status: active/.test(ufw.out);
    record('firewall', active, active ? 'ufw active' : 'ufw inactive', active ? undefined : 'enable ufw by hand after reviewing rules');
    return;
  }
  const nft = sh('nft', ['list', 'ruleset'], { sudo: true });
  record('firewall', nft.ok && nft.out.length > 0, nft.ok ? `nft: ${nft.out.split('\n').length} lines` : 'no ufw/nft');
}

function checkSysctl() {
  const want = { 'kernel.unprivileged_userns_clone': '1', 'fs.inotify.max_user_watches': '524288' };
  for (const [key, value] of Object.entries(want)) {
    const res = sh('sysctl', ['-n', key]);
    const ok = res.ok && Number(res.out) >= Number(value);
    record('sysctl', ok, `${key} = ${res.out || 'n/a'}`, ok ? undefined : `set ${key}=${value} in /etc/sysctl.d/`);
  }
  const aslr = sh('sysctl', ['-n', 'kernel.randomize_va_space']);
  record('sysctl', aslr.out === '2', `kernel.randomize_va_space = ${aslr.out}`, aslr.out === '2' ? undefined : 'ASLR is weakened; investigate');
}

function checkUser() {
  const exists = sh('id', ['-u', TEST_USER]).ok;
  if (!exists) {
    record('test user', false, `${TEST_USER} missing`, 'create');
    return;
  }
  const groups = sh('id', ['-nG', TEST_USER]).out.split(/\s+/);
  const privileged = groups.filter((g) => ['sudo', 'wheel', 'docker', 'adm'].includes(g));
  record('test user', privileged.length === 0, `${TEST_USER} groups: ${groups.join(' ')}`,
    privileged.length ? `remove ${TEST_USER} from ${privileged.join(', ')} by hand` : undefined);
}

function checkHolds() {
  if (!sh('which', ['apt-mark']).ok) return;
  const held = new Set(sh('apt-mark', ['showhold']).out.split('\n').filter(Boolean));
  for (const pkg of PINNED) record('apt hold', held.has(pkg), `${pkg} ${held.has(pkg) ? 'held' : 'not held'}`, held.has(pkg) ? undefined : 'hold');
  const snaps = sh('snap', ['list']);
  if (snaps.ok) record('snaps', true, `${snaps.out.split('\n').length - 1} snap(s) installed`);
}

function checkTime() {
  const tz = sh('timedatectl', ['show', '-p', 'Timezone', '--value']).out;
  const ntp = sh('timedatectl', ['show', '-p', 'NTPSynchronized', '--value']).out;
  record('time', tz === 'UTC', `timezone ${tz}`, tz === 'UTC' ? undefined : 'set-timezone');
  record('time', ntp === 'yes', `NTP synchronised: ${ntp}`);
  record('host', true, `${os.hostname()} ${sh('hostnamectl', ['--static']).out}`);
}

function checkLoopAndSwap() {
  // the image-builder jobs need free loop devices and no leftover mounts
  const loops = sh('losetup', ['--list', '--noheadings', '--output', 'NAME,BACK-FILE']);
  const attached = loops.out.split('\n').filter(Boolean);
  record('loop devs', attached.length < 4, `${attached.length} loop device(s) attached`,
    attached.length >= 4 ? 'detach leftovers from failed jobs by hand (losetup -d)' : undefined);
  const mounts = sh('findmnt', ['-rn', '-o', 'TARGET', '-t', 'ext4,vfat']);
  const stale = mounts.out.split('\n').filter((m) => m.startsWith('/tmp/'));
  record('mounts', stale.length === 0, stale.length ? `stale job mounts: ${stale.join(' ')}` : 'no stale job mounts',
    stale.length ? 'umount them after checking no job is running' : undefined);
  const swap = sh('swapon', ['--show', '--noheadings']);
  record('swap', true, swap.out ? `swap: ${swap.out.split('\n').length} device(s)` : 'no swap');
}

function checkJournal() {
  const usage = sh('journalctl', ['--disk-usage'], { sudo: true });
  const m = /take up ([\d.]+)([MG])/.exec(usage.out + usage.err);
  const gib = m ? Number(m[1]) / (m[2] === 'M' ? 1024 : 1) : 0;
  record('journal', gib < 2, m ? `journal uses ${m[1]}${m[2]}` : 'journal size unknown',
    gib >= 2 ? 'set SystemMaxUse=1G in journald.conf' : undefined);
}

function checkModules() {
  // overlay for rootless containers, loop for the image-builder jobs
  const loaded = new Set(
    fs.readFileSync('/proc/modules', 'utf8').split('\n').map((l) => l.split(' ')[0]).filter(Boolean),
  );
  for (const mod of ['overlay', 'loop']) {
    const builtin = fs.existsSync(`/sys/module/${mod}`);
    record('modules', loaded.has(mod) || builtin, `${mod} ${loaded.has(mod) ? 'loaded' : builtin ? 'built in' : 'missing'}`,
      loaded.has(mod) || builtin ? undefined : `add ${mod} to /etc/modules-load.d/ci.conf`);
  }
}

function applyFixes() {
  for (const r of results.filter((x) => !x.ok)) {
    if (r.area === 'test user' && r.fix === 'create') {
      execFileSync('sudo', ['-n', 'useradd', '--create-home', '--shell', '/usr/sbin/nologin', '--comment', 'browser e2e tests', TEST_USER], { stdio: 'inherit' });
      console.log(`created user ${TEST_USER}`);
    } else if (r.area === 'apt hold' && r.fix === 'hold') {
      const pkg = r.detail.split(' ')[0];
      execFileSync('sudo', ['-n', 'apt-mark', 'hold', pkg], { stdio: 'inherit' });
    } else if (r.area === 'time' && r.fix === 'set-timezone') {
      execFileSync('sudo', ['-n', 'timedatectl', 'set-timezone', 'UTC'], { stdio: 'inherit' });
    } else if (r.fix) {
      console.log(`manual: ${r.area}: ${r.fix}`);
    }
  }
}

function main() {
  if (os.platform() !== 'linux') throw new Error('linux only');
  checkRole();
  checkDisks();
  checkFirewall();
  checkSysctl();
  checkUser();
  checkHolds();
  checkTime();
  checkLoopAndSwap();
  checkJournal();
  checkModules();
  const failing = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failing.length}/${results.length} checks pass`);
  if (!failing.length) return;
  if (process.argv.includes('--apply')) applyFixes();
  else console.log('re-run with --apply to make the automatic fixes');
  process.exitCode = 1;
}

try {
  main();
} catch (e) {
  console.error(`runner-audit: ${e.message}`);
  process.exit(2);
}
