#!/usr/bin/env node
// tools/devbox-check.js -- verify a Linux dev box can run the ledger stack
// (rootless podman, OpenSearch, loop-device tests) and fix the safe parts.
//
// Read-only checks: kernel settings (sysctl), subuid/subgid, firewall state
// (ufw or nft), disk layout (findmnt/lsblk), swap, loop module.
// With --fix (asks for sudo):
//   * writes /etc/sysctl.d/70-ledger-dev.conf with the three keys below and
//     loads only that file
//   * loads the loop and br_netfilter modules now and via
//     /etc/modules-load.d/ledger-dev.conf
//   * adds a subuid/subgid range for the current user if missing
// It never disables the firewall, never changes other users, and prints
// every command before running it.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');

const WANT = {
  'vm.max_map_count': 262144,
  'fs.inotify.max_user_watches': 524288,
  'net.ipv4.ip_unprivileged_port_start': 80,
};
const MODULES = ['loop', 'br_netfilter'];
const SYSCTL_FILE = '/etc/sysctl.d/70-ledger-dev.conf';
const MODULES_FILE = '/etc/modules-load.d/ledger-dev.conf';

const fix = process.argv.includes('--fix');
const user = os.userInfo().username;
const todo = [];

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return { ok: r.status === 0, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() };
}

function sudo(args, input) {
  console.log(`  $ sudo ${args.join(' ')}`);
  const r = spawnSync('sudo', args, { encoding: 'utf8', input, stdio: [input ? 'pipe' : 'inherit', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`sudo ${args[0]} failed`);
}

function line(ok, what, detail = '') {
  console.log(`${ok ? ' ok ' : 'TODO'}  ${what}${detail ? `  (${detail})` : ''}`);
}

function checkSysctl() {
  console.log('kernel');
  const missing = {};
  for (const [key, want] of Object.entries(WANT)) {
    const cur = Number(run('sysctl', ['-n', key]).out);
    const ok = key.endsWith('port_start') ? cur <= want : cur >= want;
    line(ok, `${key} = ${cur}`, ok ? '' : `want ${want}`);
    if (!ok) missing[key] = want;
  }
  if (Object.keys(missing).length) {
    todo.push(() => {
      const body = Object.entries(WANT).map(([k, v]) => `${k} = ${v}`).join('\n') + '\n';
      sudo(['tee', SYSCTL_FILE], body);
      sudo(['sysctl', '--load', SYSCTL_FILE]);
    });
  }
}

function checkModules() {
  console.log('modules');
  const loaded = new Set(fs.readFileSync('/proc/modules', 'utf8').split('\n').map((l) => l.split(' ')[0]));
  const absent = MODULES.filter((m) => !loaded.has(m) && !fs.existsSync(`/sys/module/${m}`));
  for (const m of MODULES) line(!absent.includes(m), m);
  if (absent.length) {
    todo.push(() => {
      for (const m of absent) sudo(['modprobe', m]);
      sudo(['tee', MODULES_FILE], MODULES.join('\n') + '\n');
    });
  }
}

function checkSubids() {
  console.log('rootless podman');
  for (const file of ['/etc/subuid', '/etc/subgid']) {
    const has = fs.existsSync(file) && fs.readFileSync(file, 'utf8').split('\n').some((l) => l.startsWith(`${user}:`));
    line(has, `${file} range for ${user}`);
    if (!has) {
      const flag = file.endsWith('uid') ? '--add-subuids' : '--add-subgids';
      todo.push(() => sudo(['usermod', flag, '200000-265535', user]));
    }
  }
}

function checkFirewall() {
  console.log('firewall (read-only)');
  const ufw = run('sudo', ['-n', 'ufw', 'status']);
  if (ufw.ok) {
    line(true, ufw.out.split('\n')[0]);
    return;
  }
  const nft = run('sudo', ['-n', 'nft', 'list', 'tables']);
  line(true, nft.ok ? `nft tables: ${nft.out.split('\n').length}` : 'could not read firewall without a sudo password');
}

function checkDisks() {
  console.log('disks (read-only)');
  const root = run('findmnt', ['-n', '-o', 'SOURCE,FSTYPE,SIZE,AVAIL', '/']).out;
  line(true, `/ ${root}`);
  const home = run('findmnt', ['-n', '-o', 'SOURCE,FSTYPE,AVAIL', '--target', os.homedir()]).out;
  line(true, `home ${home}`);
  const swap = run('swapon', ['--show=NAME,SIZE', '--noheadings']).out;
  line(true, `swap ${swap || 'none'}`);
  const loops = run('losetup', ['--list', '--noheadings']).out.split('\n').filter(Boolean).length;
  line(loops < 8, `${loops} loop device(s) attached`, loops >= 8 ? 'detach leftovers from old test runs' : '');
}

function checkTools() {
  console.log('tools');
  const tools = [
    ['podman', ['--version']],
    ['buildah', ['--version']],
    ['slirp4netns', ['--version']],
    ['fuse-overlayfs', ['--version']],
  ];
  for (const [tool, args] of tools) {
    const r = run(tool, args);
    line(r.ok, tool, r.ok ? r.out.split('\n')[0] : 'missing; install it with your package manager');
  }
  const storage = run('podman', ['info', '--format', '{{.Store.GraphDriverName}}']);
  if (storage.ok) line(storage.out === 'overlay', `podman storage driver ${storage.out}`, storage.out === 'overlay' ? '' : 'vfs is very slow');
}

function checkTime() {
  console.log('time');
  const ntp = run('timedatectl', ['show', '-p', 'NTPSynchronized', '--value']).out;
  line(ntp === 'yes', `NTP synchronised: ${ntp || 'unknown'}`, ntp === 'yes' ? '' : 'TLS tests fail with a skewed clock');
  const tz = run('timedatectl', ['show', '-p', 'Timezone', '--value']).out;
  line(true, `timezone ${tz || 'unknown'}`);
}

function checkLimits() {
  console.log('limits');
  const nofile = Number(run('sh', ['-c', 'ulimit -n']).out);
  line(nofile >= 65536, `open files limit ${nofile}`, nofile >= 65536 ? '' : 'OpenSearch wants 65536 (set in limits.d, needs re-login)');
  const nproc = Number(run('sh', ['-c', 'ulimit -u']).out) || 0;
  line(nproc === 0 || nproc >= 4096, `process limit ${nproc || 'unlimited'}`);
}

function main() {
  if (process.platform !== 'linux') throw new Error('this check only supports Linux');
  checkTools();
  checkTime();
  checkLimits();
  checkSysctl();
  checkModules();
  checkSubids();
  checkFirewall();
  checkDisks();
  if (!todo.length) {
    console.log('\nall good');
    return;
  }
  if (!fix) {
    console.log(`\n${todo.length} fix(es) available; re-run with --fix`);
    process.exitCode = 1;
    return;
  }
  console.log('\napplying fixes');
  // every step prints the sudo command it runs; a failure stops the rest so
  // the box is never left half-configured without the user noticing
  for (const [i, step] of todo.entries()) {
    console.log(`fix ${i + 1}/${todo.length}`);
    step();
  }
  console.log('done; log out and back in if subuid ranges were added');
}

try {
  main();
} catch (e) {
  console.error(`devbox-check: ${e.message}`);
  process.exit(2);
}
