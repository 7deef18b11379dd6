#!/usr/bin/env node
// perms-audit.js - audit and repair file modes of orbit's runtime folders after
// running the stack in containers (uploads, sockets, generated keys for tests).
//
// Policy comes from package.json "orbit.permissions":
//   { "uploads": { "dir": "2775", "file": "0664" },
//     "var/run": { "dir": "0755" },
//     "test/keys": { "dir": "0700", "file": "0600" } }
//
//   node tools/perms-audit.js               # report
//   node tools/perms-audit.js --repair      # chmod what we own
//   node tools/perms-audit.js --repair --sudo
//                                           # also `sudo chown` files that containers
//                                           # created as root (explicit path list)
//
// Every configured folder is resolved and must be inside the repository.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel']).toString().trim());
const ME = os.userInfo();
const argv = new Set(process.argv.slice(2));
const REPAIR = argv.has('--repair');
const SUDO = argv.has('--sudo');

function policy() {
  const pkg = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8'));
  const raw = pkg.orbit?.permissions ?? {};
  return Object.entries(raw).map(([rel, spec]) => ({
    rel,
    abs: contained(rel),
    dir: spec.dir ? parseInt(spec.dir, 8) : null,
    file: spec.file ? parseInt(spec.file, 8) : null,
  }));
}

function contained(rel) {
  const abs = path.resolve(ROOT, rel);
  const real = fs.existsSync(abs) ? fs.realpathSync(abs) : path.normalize(abs);
  const r = path.relative(ROOT, real);
  if (r === '' || r.startsWith('..') || path.isAbsolute(r)) {
    throw new Error(`"${rel}" resolves to ${real}, which is outside the repository`);
  }
  return real;
}

function* entries(start) {
  const stack = [start];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    yield { p: cur, st };
    if (!st.isSymbolicLink() && st.isDirectory()) {
      for (const sub of fs.readdirSync(cur)) stack.push(path.join(cur, sub));
    }
  }
}

function audit(rules) {
  const problems = [];
  for (const rule of rules) {
    if (!fs.existsSync(rule.abs)) {
      problems.push({ p: rule.abs, kind: 'missing', rule });
      continue;
    }
    for (const { p, st } of entries(rule.abs)) {
      if (st.isSymbolicLink() || st.isSocket()) continue;
      if (st.uid !== ME.uid) problems.push({ p, kind: 'owner', uid: st.uid, rule });
      const want = st.isDirectory() ? rule.dir : rule.file;
      if (want !== null && (st.mode & 0o7777) !== want) {
        problems.push({ p, kind: 'mode', have: st.mode & 0o7777, want, rule });
      }
    }
  }
  return problems;
}

function show(problems) {
  const counts = {};
  for (const pr of problems) {
    counts[pr.kind] = (counts[pr.kind] ?? 0) + 1;
    const rel = path.relative(ROOT, pr.p);
    if (pr.kind === 'mode') console.log(`mode   ${rel}  ${pr.have.toString(8)} -> ${pr.want.toString(8)}`);
    else if (pr.kind === 'owner') console.log(`owner  ${rel}  uid ${pr.uid}`);
    else console.log(`missing ${rel}`);
  }
  console.log(Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join(', ') || 'all good');
}

function chownWithSudo(paths) {
  if (!paths.length) return;
  for (const p of paths) contained(path.relative(ROOT, p));
  console.log(`sudo chown ${ME.uid}:${ME.gid} on ${paths.length} path(s) inside the repo`);
  for (let i = 0; i < paths.length; i += 100) {
    const res = spawnSync('sudo', ['chown', '-h', `${ME.uid}:${ME.gid}`, '--', ...paths.slice(i, i + 100)], {
      stdio: 'inherit',
    });
    if (res.status !== 0) throw new Error('sudo chown failed');
  }
}

function repair(problems) {
  for (const pr of problems.filter((x) => x.kind === 'missing')) {
    fs.mkdirSync(pr.p, { recursive: true, mode: pr.rule.dir ?? 0o755 });
    console.log(`created ${path.relative(ROOT, pr.p)}`);
  }
  const foreign = problems.filter((x) => x.kind === 'owner').map((x) => x.p);
  if (foreign.length && SUDO) chownWithSudo([...new Set(foreign)]);
  else if (foreign.length) console.log(`${foreign.length} path(s) owned by other uids; use --sudo to take them back`);
  let changed = 0;
  for (const pr of problems.filter((x) => x.kind === 'mode')) {
    try {
      fs.chmodSync(pr.p, pr.want);
      changed++;
    } catch (err) {
      if (err.code !== 'EPERM') throw err;
    }
  }
  console.log(`${changed} mode(s) changed`);
}

// Keys used by the TLS tests must never be group/world readable, even when the
// policy forgets them; check every *.key / *.pem below the repo (tracked or not).
function strayKeys() {
  const out = [];
  const skip = new Set(['node_modules', '.git', 'dist']);
  const stack = [ROOT];
  while (stack.length) {
    const dir = stack.pop();
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(ent.name)) continue;
      const p = path.join(dir, ent.name);
      if (ent.isDirectory()) stack.push(p);
      else if (/\.(key|pem)$/.test(ent.name)) {
        const mode = fs.statSync(p).mode & 0o777;
        if (mode & 0o077) out.push({ p, mode });
      }
    }
  }
  return out;
}

function writeReport(problems) {
  const file = path.join(ROOT, 'out', 'perms-audit.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const rows = problems.map((p) => ({ path: path.relative(ROOT, p.p), kind: p.kind, have: p.have?.toString(8), want: p.want?.toString(8), uid: p.uid }));
  fs.writeFileSync(file, JSON.stringify(rows, null, 2) + '\n');
  return path.relative(ROOT, file);
}

function composeRunning() {
  const res = spawnSync('docker', ['compose', 'ps', '-q', '--status', 'running'], { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 && res.stdout.trim() !== '';
}

function main() {
  const rules = policy();
  if (!rules.length) {
    console.log('no "orbit.permissions" in package.json; nothing to do');
    return 0;
  }
  const problems = audit(rules);
  show(problems);
  console.log(`report: ${writeReport(problems)}`);
  for (const k of strayKeys()) {
    console.log(`key file ${path.relative(ROOT, k.p)} has mode ${k.mode.toString(8)}; should be 600`);
    if (REPAIR) fs.chmodSync(k.p, 0o600);
  }
  if (!problems.length) return 0;
  if (!REPAIR) return 1;
  if (composeRunning()) {
    console.error('stop the compose stack first: docker compose stop');
    return 2;
  }
  repair(problems);
  const left = audit(rules);
  console.log(left.length ? `${left.length} issue(s) remain` : 'all issues fixed');
  return left.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`perms-audit: ${err.message}`);
  process.exitCode = 2;
}
