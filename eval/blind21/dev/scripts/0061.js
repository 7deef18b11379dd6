#!/usr/bin/env node
// scripts/basic-auth.js - manage the HTTP basic-auth users of the staging
// nginx (docs previews, admin panel).
//
//   node scripts/basic-auth.js build          render build/nginx/htpasswd
//   node scripts/basic-auth.js diff           compare with the live file
//   node scripts/basic-auth.js deploy --apply copy it to the staging proxy
//
// Users are listed in deploy/basic-auth.yaml; each password is read from the
// team password store with `pass show staging/basic-auth/<user>` and handed
// to `htpasswd -iB` on stdin, so passwords never appear in argv or on disk
// outside the generated bcrypt file.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { spawnSync } = require('node:child_process');
const YAML = require('yaml');

const ROOT = path.resolve(__dirname, '..');
const USERS_FILE = path.join(ROOT, 'deploy', 'basic-auth.yaml');
const OUT = path.join(ROOT, 'build', 'nginx', 'htpasswd');
const PROXY = 'staging-proxy.internal';
const REMOTE_PATH = '/etc/nginx/htpasswd.d/staging';

function die(msg) {
  console.error(`basic-auth: ${msg}`);
  process.exit(1);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (res.error) die(`${cmd}: ${res.error.message}`);
  return res;
}

function loadUsers() {
  const doc = YAML.parse(fs.readFileSync(USERS_FILE, 'utf8'));
  const users = doc.users || [];
  const seen = new Set();
  for (const u of users) {
    if (!/^[a-z][a-z0-9._-]{1,31}$/.test(u.name)) die(`bad user name ${u.name}`);
    if (seen.has(u.name)) die(`duplicate user ${u.name}`);
    seen.add(u.name);
    if (u.expires && new Date(u.expires) < new Date()) u.expired = true;
  }
  return users;
}

function passwordFor(user) {
  const res = run('pass', ['show', `staging/basic-auth/${user}`]);
  if (res.status !== 0) die(`pass has no entry staging/basic-auth/${user}`);
  const pw = res.stdout.split('\n')[0];
  if (pw.length < 16) die(`password for ${user} is shorter than 16 characters`);
  return pw;
}

function hashLine(user, password) {
  // htpasswd -n prints "user:hash"; -i reads the password from stdin
  const res = run('htpasswd', ['-niB', '-C', '12', user], { input: `${password}\n` });
  if (res.status !== 0) die(`htpasswd failed for ${user}: ${res.stderr}`);
  return res.stdout.trim();
}

function build() {
  const users = loadUsers();
  const lines = [];
  for (const u of users) {
    if (u.expired) {
      console.log(`  skip ${u.name} (expired ${u.expires})`);
      continue;
    }
    lines.push(hashLine(u.name, passwordFor(u.name)));
    console.log(`  ${u.name}${u.expires ? ` (until ${u.expires})` : ''}`);
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${lines.join('\n')}\n`, { mode: 0o600 });
  console.log(`wrote ${path.relative(ROOT, OUT)} with ${lines.length} users`);
  return lines.length;
}

function usersIn(text) {
  return new Set(text.split('\n').filter(Boolean).map((l) => l.split(':')[0]));
}

function fetchLive() {
  const res = run('ssh', ['-o', 'BatchMode=yes', PROXY, 'sudo', 'cat', REMOTE_PATH]);
  if (res.status !== 0) die(`cannot read ${REMOTE_PATH} on ${PROXY}: ${res.stderr.trim()}`);
  return res.stdout;
}

function diff() {
  if (!fs.existsSync(OUT)) die('run build first');
  const local = usersIn(fs.readFileSync(OUT, 'utf8'));
  const live = usersIn(fetchLive());
  const added = [...local].filter((u) => !live.has(u));
  const removed = [...live].filter((u) => !local.has(u));
  for (const u of added) console.log(`  + ${u}`);
  for (const u of removed) console.log(`  - ${u}`);
  if (!added.length && !removed.length) console.log('  same users (hashes are re-salted on every build)');
  return { added, removed };
}

function deploy(apply) {
  if (!fs.existsSync(OUT)) die('run build first');
  const { removed } = diff();
  if (removed.length > 3) die(`${removed.length} users would lose access; check deploy/basic-auth.yaml`);
  if (!apply) {
    console.log('pass --apply to copy the file and reload nginx');
    return;
  }
  const tmpRemote = `/tmp/htpasswd.${process.pid}`;
  let res = run('scp', ['-q', '-o', 'BatchMode=yes', OUT, `${PROXY}:${tmpRemote}`]);
  if (res.status !== 0) die(`scp failed: ${res.stderr}`);
  const script = [
    `sudo install -m 0640 -o root -g www-data ${tmpRemote} ${REMOTE_PATH}`,
    `rm -f ${tmpRemote}`,
    'sudo nginx -t',
    'sudo systemctl reload nginx',
  ].join(' && ');
  res = run('ssh', ['-o', 'BatchMode=yes', PROXY, script], { stdio: 'inherit' });
  if (res.status !== 0) die('remote install or nginx reload failed');
  console.log(`deployed to ${PROXY}:${REMOTE_PATH}`);
}

function audit() {
  // report users whose access ends within 14 days, and entries in the
  // password store that no longer have a user in basic-auth.yaml
  const users = loadUsers();
  const soon = Date.now() + 14 * 86400000;
  for (const u of users) {
    if (u.expired) console.log(`  expired   ${u.name} (${u.expires})`);
    else if (u.expires && new Date(u.expires).getTime() < soon) console.log(`  expiring  ${u.name} (${u.expires})`);
  }
  const res = run('pass', ['ls', 'staging/basic-auth']);
  if (res.status !== 0) return;
  const stored = res.stdout
    .split('\n')
    .map((l) => l.replace(/^[\s│├└─`|-]+/, '').trim())
    .filter((l) => l && l !== 'staging/basic-auth');
  const names = new Set(users.map((u) => u.name));
  for (const s of stored) {
    if (!names.has(s)) console.log(`  orphaned  pass entry staging/basic-auth/${s}`);
  }
}

function rotateReminder() {
  const stamp = path.join(ROOT, 'build', 'nginx', '.last-build');
  if (fs.existsSync(stamp)) {
    const days = (Date.now() - fs.statSync(stamp).mtimeMs) / 86400000;
    if (days > 90) console.log(`note: htpasswd last rebuilt ${Math.round(days)} days ago`);
  }
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString());
}

function checkTools() {
  for (const bin of ['htpasswd', 'pass']) {
    const res = spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    if (res.status !== 0) die(`${bin} is not installed`);
  }
  if (os.platform() === 'win32') die('run this from WSL or a Unix shell');
}

function main() {
  const [cmd, flag] = process.argv.slice(2);
  checkTools();
  switch (cmd) {
    case 'build':
      build();
      rotateReminder();
      break;
    case 'audit':
      audit();
      break;
    case 'diff':
      diff();
      break;
    case 'deploy':
      deploy(flag === '--apply');
      break;
    default:
      die('usage: basic-auth.js build | diff | deploy [--apply]');
  }
}

main();
