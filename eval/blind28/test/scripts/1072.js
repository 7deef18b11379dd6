#!/usr/bin/env node
//
// History
//   2024-02  upload only
//   2024-04  hashing and dry run
//   2024-06  --pull for review
//
//
// What lives in uss/: small REXX and shell helpers used by the batch jobs
// (e.g. uss/ftpput.rexx, uss/cleanlogs.sh).  They are versioned here and
// deployed to the team's USS tools folder with this script.
//
// Comparison: remote files are fetched with `zowe zos-files view uss-file`
// (text mode, EBCDIC converted by z/OSMF), normalised (CRLF -> LF, trailing
// whitespace at end of file removed) and hashed; identical hashes mean
// "in sync".  Binary files are not supported and should not live in uss/.
//
// Permissions: .sh/.rexx/.py files get chmod 755 after upload through
// `zowe zos-uss issue ssh`, which needs the ssh profile of the same user.
//
// Subfolders in uss/ are reported as "skip"; the remote tools folder is flat.
//
// Guard rail: USS_TARGET must match /u/<user>/tools[/...].  System paths
// (/etc, /usr/lpp, /bin) and other users' homes never match the pattern.
//
// Exit status: 0 ok, 1 on errors.
//
// Examples:
//   node tools/uss-sync.js
//   USS_TARGET=/u/tstusr2/tools/experimental node tools/uss-sync.js --apply
//   node tools/uss-sync.js --pull && diff -r uss out/uss-pull
//
// Owner: billing batch team.
//
// Troubleshooting:
//   FSUM errors on list     target folder missing: create it once with
//                           zowe zos-files create uss-directory <path>
//   chmod fails             ssh profile missing: zowe config init --ssh
//   content always differs  file has trailing CR characters; run dos2unix
//
// uss-sync.js - sync the repo's z/OS UNIX helper scripts to the team's USS tools folder.
//
//   node tools/uss-sync.js                  show what differs (dry run)
//   node tools/uss-sync.js --apply          upload changed files, set permissions
//   node tools/uss-sync.js --pull           download remote copies into out/uss-pull/ for review
//
// Local source: uss/ in this repo.  Remote target: USS_TARGET (default
// /u/tstusr2/tools) on the TEST LPAR via the Zowe CLI.  The target must be
// below /u/<user>/tools - system paths and other users' homes are refused.
// Files that exist remotely but not in the repo are reported, never deleted.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const repoRoot = path.join(__dirname, '..');
const LOCAL = path.join(repoRoot, 'uss');
const PROFILE = process.env.ZOWE_PROFILE || 'zosmf-test';
const TARGET = process.env.USS_TARGET || '/u/tstusr2/tools';
const EXEC_EXT = new Set(['.sh', '.rexx', '.py']);

function guardTarget(target) {
  if (!/^\/u\/[a-z0-9#@$]{1,8}\/tools(\/[\w.-]+)*$/i.test(target)) {
    throw new Error(`USS target ${target} is not below /u/<user>/tools`);
  }
  return target.replace(/\/$/, '');
}

function zowe(args, { json = true } = {}) {
  const argv = [...args, '--zosmf-profile', PROFILE];
  if (json) argv.push('--rfj');
  const out = execFileSync('zowe', argv, { encoding: 'utf8', maxBuffer: 32 * 2 ** 20 });
  if (!json) return out;
  const parsed = JSON.parse(out);
  if (!parsed.success) throw new Error(parsed.message || `zowe ${args.slice(0, 3).join(' ')} failed`);
  return parsed.data;
}

function localFiles(dir = LOCAL, prefix = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...localFiles(path.join(dir, e.name), rel));
    else out.push(rel);
  }
  return out.sort();
}

function remoteListing(target) {
  try {
    const data = zowe(['zos-files', 'list', 'uss-files', target]);
    return (data.apiResponse.items || []).filter((i) => i.mode && !i.mode.startsWith('d')).map((i) => i.name).sort();
  } catch (err) {
    if (/not found|FSUM/i.test(err.message)) return [];
    throw err;
  }
}

function sha(buf) {
  return crypto.createHash('sha256').update(buf).digest('hex');
}

function remoteContent(target, rel) {
  try {
    return Buffer.from(zowe(['zos-files', 'view', 'uss-file', `${target}/${rel}`], { json: false }), 'utf8');
  } catch {
    return null;
  }
}

function plan(target) {
  const remote = new Set(remoteListing(target));
  const actions = [];
  for (const rel of localFiles()) {
    const local = fs.readFileSync(path.join(LOCAL, rel));
    if (rel.includes('/')) {
      actions.push({ rel, kind: 'skip', why: 'subfolders are not synced' });
      continue;
    }
    if (!remote.has(rel)) {
      actions.push({ rel, kind: 'new' });
      continue;
    }
    const current = remoteContent(target, rel);
    const norm = (b) => sha(Buffer.from(b.toString('utf8').replace(/\r\n/g, '\n').trimEnd()));
    if (!current || norm(current) !== norm(local)) actions.push({ rel, kind: 'changed' });
  }
  const localSet = new Set(localFiles());
  for (const r of remote) if (!localSet.has(r)) actions.push({ rel: r, kind: 'remote-only' });
  return actions;
}

function apply(target, actions) {
  for (const a of actions.filter((x) => x.kind === 'new' || x.kind === 'changed')) {
    const local = path.join(LOCAL, a.rel);
    zowe(['zos-files', 'upload', 'file-to-uss', local, `${target}/${a.rel}`]);
    if (EXEC_EXT.has(path.extname(a.rel))) {
      zowe(['zos-uss', 'issue', 'ssh', `chmod 755 ${target}/${a.rel}`], { json: false });
    }
    console.log(`uploaded ${a.rel}`);
  }
}

function pull(target) {
  const dir = path.join(repoRoot, 'out', 'uss-pull');
  fs.rmSync(dir, { force: true, recursive: true });
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const rel of remoteListing(target)) {
    const body = remoteContent(target, rel);
    if (body) {
      fs.writeFileSync(path.join(dir, rel), body);
      n++;
    }
  }
  console.log(`${n} remote file(s) in ${path.relative(repoRoot, dir)}`);
}

function main() {
  const args = new Set(process.argv.slice(2));
  const target = guardTarget(TARGET);
  if (args.has('--pull')) return pull(target);
  const actions = plan(target);
  if (!actions.length) {
    console.log(`${target} is in sync with uss/`);
    return;
  }
  for (const a of actions) console.log(`${a.kind.padEnd(12)} ${a.rel}${a.why ? ` (${a.why})` : ''}`);
  if (args.has('--apply')) apply(target, actions);
  else console.log('dry run; add --apply to upload new/changed files');
}

try {
  main();
} catch (err) {
  console.error(`uss-sync: ${err.message}`);
  process.exit(1);
}
