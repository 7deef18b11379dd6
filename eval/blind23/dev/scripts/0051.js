#!/usr/bin/env node
// crash-triage.js - symbolize core dumps of the native addon's test binaries.
//
// The addon (src/native) is built with cmake-js into build/Release.  When its
// gtest binaries or `node` running our tests crash, the ctest fixture leaves
// core.<exe>.<pid> files in build/cores/.  This tool:
//   * matches each core to the executable that produced it (ours only),
//   * runs `gdb -batch` with a fixed command list (argv array, no shell),
//   * groups crashes by the top three frames,
//   * writes build/crash-reports/<stamp>.md and .json,
//   * with --issue, opens a GitHub issue via the REST API (GITHUB_TOKEN).
//
// Usage: node tools/crash-triage.js [--since 48h] [--issue] [--keep-cores]
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const crypto = require('node:crypto');
const fs = require('node:fs/promises');
const fss = require('node:fs');
const path = require('node:path');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const CORE_DIR = path.join(ROOT, 'build', 'cores');
const REPORT_DIR = path.join(ROOT, 'build', 'crash-reports');
const OUR_EXECUTABLES = new Map([
  ['addon_tests', path.join(ROOT, 'build', 'Release', 'addon_tests')],
  ['codec_bench', path.join(ROOT, 'build', 'Release', 'codec_bench')],
  ['node', process.execPath],
]);
const GDB_COMMANDS = [
  'set pagination off',
  'set print frame-arguments scalars',
  'info sharedlibrary',
  'thread apply all bt 30',
];
const REPO = 'relay-dev/relay-node';

function parseArgs(argv) {
  const opts = { since: 7 * 24 * 3600 * 1000, issue: false, keepCores: false, timeout: 90_000 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case '--since': {
        const m = /^(\d+)([hd])$/.exec(argv[++i] || '');
        if (!m) throw new Error('--since expects e.g. 12h or 3d');
        opts.since = Number(m[1]) * (m[2] === 'h' ? 3600e3 : 86400e3);
        break;
      }
      case '--issue': opts.issue = true; break;
      case '--keep-cores': opts.keepCores = true; break;
      case '--timeout': opts.timeout = Number(argv[++i]) * 1000; break;
      case '-h':
      case '--help':
        console.log(fss.readFileSync(__filename, 'utf8').split('\n').slice(1, 15).join('\n'));
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${arg}`);
    }
  }
  return opts;
}

function log(...args) {
  console.error('[triage]', ...args);
}

async function findCores(sinceMs) {
  let entries;
  try {
    entries = await fs.readdir(CORE_DIR, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw err;
  }
  const cutoff = Date.now() - sinceMs;
  const cores = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith('core')) continue;
    const full = path.join(CORE_DIR, entry.name);
    const st = await fs.stat(full);
    if (st.mtimeMs < cutoff) continue;
    const exe = await executableFor(full, entry.name);
    if (!exe) {
      log(`skip ${entry.name}: not produced by one of our executables`);
      continue;
    }
    cores.push({ core: full, exe, mtime: st.mtimeMs, size: st.size });
  }
  return cores.sort((a, b) => b.mtime - a.mtime);
}

async function executableFor(corePath, name) {
  const parts = name.split('.');
  if (parts.length >= 3 && OUR_EXECUTABLES.has(parts[1])) {
    return OUR_EXECUTABLES.get(parts[1]);
  }
  try {
    const { stdout } = await execFileP('file', ['-b', corePath]);
    const m = /execfn: '([^']+)'/.exec(stdout);
    if (m && OUR_EXECUTABLES.has(path.basename(m[1]))) {
      return OUR_EXECUTABLES.get(path.basename(m[1]));
    }
  } catch {
    /* `file` missing: fall through */
  }
  return null;
}

async function symbolize({ core, exe }, timeout) {
  const argv = ['-q', '-nx', '-batch'];
  for (const cmd of GDB_COMMANDS) argv.push('-ex', cmd);
  argv.push(exe, core);
  try {
    const { stdout } = await execFileP('gdb', argv, { timeout, maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    return `${err.stdout || ''}\n<gdb failed: ${err.message}>`;
  }
}

function frames(gdbOutput) {
  return gdbOutput
    .split('\n')
    .filter((l) => /^#\d+\s/.test(l))
    .slice(0, 40);
}

function signature(frameLines) {
  const names = frameLines.slice(0, 3).map((l) => {
    const m = /^#\d+\s+(?:0x[0-9a-f]+ in )?([^\s(]+)/.exec(l);
    return m ? m[1] : '?';
  });
  return crypto.createHash('sha1').update(names.join('|')).digest('hex').slice(0, 12);
}

function renderMarkdown(groups, stamp) {
  const lines = [`# Crash triage ${stamp}`, ''];
  const total = groups.reduce((n, g) => n + g.members.length, 0);
  lines.push(`${total} core(s), ${groups.length} signature(s)`, '');
  for (const g of groups) {
    lines.push(`## ${g.sig} - ${path.basename(g.members[0].exe)} x${g.members.length}`, '');
    lines.push('```', ...(g.frames.length ? g.frames.slice(0, 20) : ['<no frames>']), '```', '');
    for (const m of g.members) lines.push(`- \`${path.relative(ROOT, m.core)}\``);
    lines.push('');
  }
  return lines.join('\n');
}

async function openIssue(markdown, stamp) {
  const token = process.env.GITHUB_TOKEN;
  if (!token) {
    log('GITHUB_TOKEN not set; not opening an issue');
    return;
  }
  const body = JSON.stringify({
    title: `Native crash triage ${stamp}`,
    body: markdown.slice(0, 60_000),
    labels: ['crash', 'native'],
  });
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(`https://api.github.com/repos/${REPO}/issues`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/vnd.github+json',
        'Content-Type': 'application/json',
      },
      body,
    }).catch((err) => ({ ok: false, status: 0, statusText: err.message }));
    if (res.ok) {
      const data = await res.json();
      log(`opened ${data.html_url}`);
      return;
    }
    log(`GitHub returned ${res.status} ${res.statusText}; retry ${attempt}/4`);
    await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
  }
  log('could not open the issue; the report is still on disk');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const cores = await findCores(opts.since);
  if (cores.length === 0) {
    log('no cores from our executables');
    return 0;
  }
  const bySig = new Map();
  for (const c of cores) {
    log(`gdb ${path.basename(c.core)} (${(c.size / 1e6).toFixed(1)} MB)`);
    const out = await symbolize(c, opts.timeout);
    const fr = frames(out);
    const sig = signature(fr);
    if (!bySig.has(sig)) bySig.set(sig, { sig, frames: fr, members: [] });
    bySig.get(sig).members.push(c);
  }
  const groups = [...bySig.values()].sort((a, b) => b.members.length - a.members.length);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await fs.mkdir(REPORT_DIR, { recursive: true });
  const md = renderMarkdown(groups, stamp);
  const mdPath = path.join(REPORT_DIR, `${stamp}.md`);
  await fs.writeFile(mdPath, md);
  await fs.writeFile(
    path.join(REPORT_DIR, `${stamp}.json`),
    JSON.stringify(groups.map((g) => ({ ...g, members: g.members.map((m) => path.relative(ROOT, m.core)) })), null, 2),
  );
  log(`report: ${path.relative(ROOT, mdPath)}`);
  if (opts.issue) await openIssue(md, stamp);
  if (!opts.keepCores) {
    for (const c of cores) await fs.rm(c.core, { force: true });
    log(`removed ${cores.length} processed core(s) from build/cores`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    log(err.stack || String(err));
    process.exit(1);
  },
);
