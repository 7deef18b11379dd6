#!/usr/bin/env node
// fix-modes.js - normalise file modes in the repository.
//
// Rules (applied only to files tracked by git, inside the repository):
//   bin/*, scripts/*.sh, scripts/*.mjs with a shebang  -> 0755
//   .env, .env.*, config/*.key, config/*.pem            -> 0600
//   everything else                                      -> drop group/other write
//
// `git update-index --chmod=+x` is run for scripts that git records as 100644 so
// the fix survives a fresh clone.  --check exits 1 when something would change
// (used by the pre-push CI job); --fix applies.
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = fs.realpathSync(
  execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim(),
);

const EXEC_PATTERNS = [/^bin\/[^/]+$/, /^scripts\/[^/]+\.(sh|mjs|cjs|js)$/];
const PRIVATE_PATTERNS = [/^\.env$/, /^\.env\.[^/]+$/, /^config\/[^/]+\.(key|pem)$/];
const SKIP_PREFIXES = ['node_modules/', 'vendor/', 'third_party/'];

function parseArgs() {
  const argv = process.argv.slice(2);
  const mode = argv.includes('--fix') ? 'fix' : 'check';
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const paths = argv.filter((a) => !a.startsWith('-'));
  return { mode, verbose, paths };
}

function assertInside(p) {
  const abs = path.resolve(ROOT, p);
  let real;
  try {
    real = fs.realpathSync(abs);
  } catch {
    real = abs;
  }
  const rel = path.relative(ROOT, real);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new Error(`refusing ${p}: resolves outside ${ROOT}`);
  }
  return rel;
}

function trackedFiles(limitTo) {
  const args = ['ls-files', '-s', '-z'];
  if (limitTo.length) args.push('--', ...limitTo);
  const out = execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, rel] = line.split('\t');
      const [indexMode] = meta.split(' ');
      return { rel, indexMode };
    })
    .filter(({ rel }) => !SKIP_PREFIXES.some((p) => rel.startsWith(p)));
}

function hasShebang(abs) {
  const fd = fs.openSync(abs, 'r');
  try {
    const buf = Buffer.alloc(2);
    fs.readSync(fd, buf, 0, 2, 0);
    return buf.toString() === '#!';
  } finally {
    fs.closeSync(fd);
  }
}

function desiredMode(rel, abs, current) {
  if (PRIVATE_PATTERNS.some((re) => re.test(rel))) {
    return { mode: 0o600, why: 'private' };
  }
  if (EXEC_PATTERNS.some((re) => re.test(rel)) && hasShebang(abs)) {
    return { mode: (current | 0o755) & ~0o022, why: 'executable script' };
  }
  return { mode: current & ~0o022, why: 'no group/other write' };
}

function plan(files) {
  const changes = [];
  const indexFixes = [];
  for (const { rel, indexMode } of files) {
    const abs = path.join(ROOT, rel);
    let st;
    try {
      st = fs.lstatSync(abs);
    } catch {
      continue;
    }
    if (!st.isFile()) continue;
    const current = st.mode & 0o777;
    const { mode, why } = desiredMode(rel, abs, current);
    if (mode !== current) changes.push({ rel, abs, from: current, to: mode, why });
    if ((mode & 0o100) && indexMode === '100644') indexFixes.push(rel);
  }
  return { changes, indexFixes };
}

function octal(n) {
  return n.toString(8).padStart(4, '0');
}

function checkGitConfig() {
  const res = spawnSync('git', ['config', '--get', 'core.fileMode'], { cwd: ROOT, encoding: 'utf8' });
  if (res.stdout.trim() === 'false') {
    console.warn('note: core.fileMode=false in this clone; git ignores mode changes here');
  }
}

function writeReport(changes, indexFixes) {
  const out = path.join(ROOT, 'build', 'file-modes.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        generated: new Date().toISOString(),
        changes: changes.map(({ rel, from, to, why }) => ({ rel, from: octal(from), to: octal(to), why })),
        indexFixes,
      },
      null,
      2,
    ),
  );
  return path.relative(ROOT, out);
}

// Untracked files are not changed, but secrets among them are worth a warning:
// a freshly created .env.local with 0644 is the usual suspect.
function warnUntrackedSecrets() {
  const out = execFileSync('git', ['ls-files', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const ignoredOut = execFileSync('git', ['ls-files', '--others', '--ignored', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const candidates = [...out.split('\0'), ...ignoredOut.split('\0')].filter(
    (rel) => rel && !SKIP_PREFIXES.some((p) => rel.startsWith(p)) && PRIVATE_PATTERNS.some((re) => re.test(rel)),
  );
  for (const rel of candidates) {
    const st = fs.statSync(path.join(ROOT, rel));
    if (st.mode & 0o077) {
      console.warn(`warning: ${rel} is ${octal(st.mode & 0o777)}; consider chmod 600 (not tracked, not changed)`);
    }
  }
}

function main() {
  const { mode, verbose, paths } = parseArgs();
  warnUntrackedSecrets();
  const limit = paths.map(assertInside);
  checkGitConfig();
  const files = trackedFiles(limit);
  const { changes, indexFixes } = plan(files);

  for (const c of changes) {
    if (verbose || mode === 'check') {
      console.log(`${octal(c.from)} -> ${octal(c.to)}  ${c.rel}  (${c.why})`);
    }
    if (mode === 'fix') fs.chmodSync(c.abs, c.to);
  }
  for (const rel of indexFixes) {
    console.log(`git index: +x ${rel}`);
    if (mode === 'fix') {
      execFileSync('git', ['update-index', '--chmod=+x', '--', rel], { cwd: ROOT });
    }
  }
  const report = writeReport(changes, indexFixes);
  const n = changes.length + indexFixes.length;
  console.log(`${files.length} tracked file(s) scanned, ${n} change(s) ${mode === 'fix' ? 'applied' : 'needed'}`);
  console.log(`report: ${report}`);
  if (mode === 'check' && n > 0) {
    console.log('run `node tools/fix-modes.js --fix` to apply');
    process.exitCode = 1;
  }
}

try {
  main();
} catch (err) {
  console.error(`fix-modes: ${err.message}`);
  process.exitCode = 2;
}
