#!/usr/bin/env node
// tools/release.mjs-style CommonJS helper: release the VS Code extension.
//
// Steps (each can be skipped with --skip-<step>):
//   check     clean git tree, on main, CHANGELOG has an entry for the version
//   test      npm test (runs @vscode/test-electron in a temp user-data dir)
//   package   vsce package -> dist/<name>-<version>.vsix
//   publish   only with --publish: vsce publish + ovsx publish using VSCE_PAT/OVSX_PAT
//   tag       only with --publish: git tag v<version> (pushing is left to the human)
//
// Tokens are read from the environment or from .env and passed to vsce/ovsx
// through their documented env variables; they are never logged.
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');
const { execFileSync, spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const VSIX = path.join(DIST, `${pkg.name}-${pkg.version}.vsix`);

const args = process.argv.slice(2);
const has = (flag) => args.includes(flag);
const PUBLISH = has('--publish');
const PRE = has('--pre-release');

function say(msg) {
  process.stdout.write(`release: ${msg}\n`);
}

function die(msg) {
  process.stderr.write(`release: ${msg}\n`);
  process.exit(1);
}

function loadDotEnv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) continue;
    const value = m[2].replace(/^(['"])(.*)\1$/, '$2');
    if (!(m[1] in process.env)) process.env[m[1]] = value;
  }
}

function mask(v) {
  if (!v) return '<missing>';
  return `${v.slice(0, 2)}${'*'.repeat(8)} (${v.length} chars)`;
}

function git(...a) {
  return execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function run(cmd, cmdArgs, opts = {}) {
  say(`$ ${cmd} ${cmdArgs.join(' ')}`);
  const res = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.error) die(`${cmd}: ${res.error.message}`);
  if (res.status !== 0) die(`${cmd} exited with ${res.status}`);
}

function npx(tool, toolArgs, env) {
  run('npx', ['--no-install', tool, ...toolArgs], { env: { ...process.env, ...env } });
}

const steps = {
  check() {
    const dirty = git('status', '--porcelain');
    if (dirty) die(`working tree not clean:\n${dirty}`);
    const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
    if (PUBLISH && branch !== 'main') die(`publish from main, not ${branch}`);
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    if (!changelog.includes(`## ${pkg.version}`) && !changelog.includes(`## [${pkg.version}]`)) {
      die(`CHANGELOG.md has no section for ${pkg.version}`);
    }
    const tags = git('tag', '--list', `v${pkg.version}`);
    if (tags && PUBLISH) die(`tag v${pkg.version} already exists; bump the version`);
    say(`version ${pkg.version} on ${branch}`);
  },

  engines() {
    // @types/vscode must not be newer than engines.vscode, vsce rejects that
    const engine = (pkg.engines && pkg.engines.vscode) || '';
    const types = (pkg.devDependencies && pkg.devDependencies['@types/vscode']) || '';
    const num = (v) => v.replace(/^[^\d]*/, '').split('.').map((x) => parseInt(x, 10) || 0);
    const [ea, eb] = num(engine);
    const [ta, tb] = num(types);
    if (ta > ea || (ta === ea && tb > eb)) {
      die(`@types/vscode ${types} is newer than engines.vscode ${engine}`);
    }
    say(`engines.vscode ${engine}, @types/vscode ${types}`);
  },

  notes() {
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    const lines = changelog.split('\n');
    const start = lines.findIndex((l) => l.startsWith('## ') && l.includes(pkg.version));
    if (start < 0) return;
    let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
    if (end < 0) end = lines.length;
    fs.mkdirSync(DIST, { recursive: true });
    const out = path.join(DIST, 'RELEASE_NOTES.md');
    fs.writeFileSync(out, lines.slice(start, end).join('\n').trim() + '\n');
    say(`release notes -> ${path.relative(ROOT, out)}`);
  },

  test() {
    // the test runner downloads VS Code into .vscode-test/ (project cache)
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-test-user-'));
    try {
      run('npm', ['test'], { env: { ...process.env, VSCODE_TEST_USER_DATA: userData } });
    } finally {
      fs.rmSync(userData, { recursive: true, force: true });
    }
  },

  package() {
    fs.mkdirSync(DIST, { recursive: true });
    fs.rmSync(VSIX, { force: true });
    const pkgArgs = ['package', '--out', VSIX];
    if (PRE) pkgArgs.push('--pre-release');
    npx('vsce', pkgArgs);
    const listing = execFileSync('unzip', ['-Z1', VSIX], { encoding: 'utf8' }).split('\n');
    const suspicious = listing.filter((f) => /(^|\/)(\.env|\.npmrc|id_rsa|.*\.pem)$/.test(f));
    if (suspicious.length) die(`vsix contains files that must not ship: ${suspicious.join(', ')}`);
    say(`${path.relative(ROOT, VSIX)}: ${listing.length - 1} files`);
  },

  publish() {
    if (!PUBLISH) {
      say('dry run: not publishing (pass --publish)');
      return;
    }
    const { VSCE_PAT, OVSX_PAT } = process.env;
    say(`VSCE_PAT ${mask(VSCE_PAT)}, OVSX_PAT ${mask(OVSX_PAT)}`);
    if (!VSCE_PAT) die('VSCE_PAT not set');
    const pubArgs = ['publish', '--packagePath', VSIX];
    if (PRE) pubArgs.push('--pre-release');
    npx('vsce', pubArgs, { VSCE_PAT });
    if (OVSX_PAT) {
      npx('ovsx', ['publish', VSIX], { OVSX_PAT });
    } else {
      say('OVSX_PAT not set; skipping Open VSX');
    }
  },

  tag() {
    if (!PUBLISH) return;
    git('tag', '-a', `v${pkg.version}`, '-m', `release ${pkg.version}`);
    say(`tagged v${pkg.version}; push with: git push origin v${pkg.version}`);
  },
};

function summary(started) {
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const size = fs.existsSync(VSIX) ? `${(fs.statSync(VSIX).size / 1024).toFixed(0)} KiB` : 'n/a';
  say(`done in ${secs}s; vsix ${size}`);
}

function main() {
  loadDotEnv();
  const started = Date.now();
  for (const [name, fn] of Object.entries(steps)) {
    if (has(`--skip-${name}`)) {
      say(`skipping ${name}`);
      continue;
    }
    say(`== ${name}`);
    fn();
  }
  summary(started);
}

process.on('uncaughtException', (err) => die(err.stack || String(err)));
process.on('SIGINT', () => {
  say('interrupted');
  process.exit(130);
});
main();
