#!/usr/bin/env node
/**
 * scripts/ext-test.js - run the VS Code extension's integration tests against
 * several VS Code versions.
 *
 *   node scripts/ext-test.js                    stable + the minimum engine version
 *   node scripts/ext-test.js --versions 1.90.0,insiders
 *   node scripts/ext-test.js --clean-cache      remove .vscode-test/ (downloaded builds)
 *
 * VS Code builds are downloaded by @vscode/test-electron from the official
 * update service into .vscode-test/ in this repo (its documented cache). Each
 * run gets a fresh user-data and extensions dir under a temp folder that is
 * removed afterwards, so the developer's own VS Code profile is never used.
 * On Linux without a display we start Xvfb ourselves and stop that PID.
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const EXT_ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(EXT_ROOT, '.vscode-test');
const TESTS = path.join(EXT_ROOT, 'out', 'test', 'suite', 'index.js');

function engineMinimum() {
  const pkg = JSON.parse(fs.readFileSync(path.join(EXT_ROOT, 'package.json'), 'utf8'));
  const m = /(\d+\.\d+\.\d+)/.exec((pkg.engines && pkg.engines.vscode) || '');
  return m ? m[1] : null;
}

function parseArgs(argv) {
  const opts = { versions: ['stable'], cleanCache: false, grep: null };
  const min = engineMinimum();
  if (min) opts.versions.push(min);
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--versions') opts.versions = argv[++i].split(',').map((v) => v.trim());
    else if (argv[i] === '--clean-cache') opts.cleanCache = true;
    else if (argv[i] === '--grep') opts.grep = argv[++i];
    else throw new Error(`unsupported option ${argv[i]}`);
  }
  for (const v of opts.versions) {
    if (!/^(stable|insiders|\d+\.\d+\.\d+)$/.test(v)) throw new Error(`bad version ${v}`);
  }
  return opts;
}

function startXvfb() {
  if (process.platform !== 'linux' || process.env.DISPLAY) return null;
  const display = `:${90 + Math.floor(Math.random() * 9)}`;
  const child = spawn('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  process.env.DISPLAY = display;
  return child;
}

function compile() {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'compile-tests'], { cwd: EXT_ROOT, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('compile-tests failed'))));
  });
}

async function runOne(version, grep) {
  const { runTests, downloadAndUnzipVSCode } = require('@vscode/test-electron');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-test-'));
  const started = Date.now();
  try {
    const executable = await downloadAndUnzipVSCode({ version, cachePath: CACHE });
    const code = await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: EXT_ROOT,
      extensionTestsPath: TESTS,
      extensionTestsEnv: grep ? { MOCHA_GREP: grep } : {},
      launchArgs: [
        path.join(EXT_ROOT, 'test-fixtures', 'workspace'),
        `--user-data-dir=${path.join(tmp, 'user-data')}`,
        `--extensions-dir=${path.join(tmp, 'extensions')}`,
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
      ],
    });
    return { version, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) };
  } catch (err) {
    return { version, ok: false, seconds: Math.round((Date.now() - started) / 1000), error: err.message };
  } finally {
    fs.rmSync(tmp, { force: true, recursive: true });
  }
}

function cleanCache() {
  if (!fs.existsSync(CACHE)) {
    console.log('no .vscode-test cache');
    return;
  }
  let bytes = 0;
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        try {
          bytes += fs.lstatSync(p).size;
        } catch {
          // ignore
        }
      }
    }
  };
  walk(CACHE);
  fs.rmSync(CACHE, { force: true, recursive: true });
  console.log(`removed .vscode-test (${(bytes / 1e6).toFixed(0)} MB)`);
}

function cacheReport() {
  // which VS Code builds are in the cache and how big they are
  if (!fs.existsSync(CACHE)) return;
  const entries = fs.readdirSync(CACHE, { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const e of entries) {
    const dir = path.join(CACHE, e.name);
    let bytes = 0;
    const stack = [dir];
    while (stack.length) {
      const d = stack.pop();
      for (const f of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, f.name);
        if (f.isDirectory()) stack.push(p);
        else bytes += fs.lstatSync(p).size;
      }
    }
    console.log(`  cached ${e.name}: ${(bytes / 1e6).toFixed(0)} MB`);
  }
}

function summary(results) {
  cacheReport();
  console.log('\nversion      result   time');
  for (const r of results) {
    console.log(`${r.version.padEnd(12)} ${r.ok ? 'pass' : 'FAIL'}     ${r.seconds}s${r.error ? `  (${r.error})` : ''}`);
  }
  const junit = path.join(EXT_ROOT, 'out', 'test-matrix.json');
  fs.mkdirSync(path.dirname(junit), { recursive: true });
  fs.writeFileSync(junit, `${JSON.stringify(results, null, 2)}\n`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2)); // versions, grep, cache
  if (opts.cleanCache) {
    cleanCache();
    return;
  }
  if (!fs.existsSync(path.join(EXT_ROOT, 'node_modules', '@vscode', 'test-electron'))) {
    throw new Error('@vscode/test-electron missing; run npm ci');
  }
  await compile();
  const xvfb = startXvfb();
  const stopXvfb = () => {
    if (xvfb && xvfb.exitCode === null) xvfb.kill('SIGTERM');
  };
  process.on('exit', stopXvfb);
  process.on('SIGINT', () => {
    stopXvfb();
    process.exit(130);
  });
  const results = [];
  try {
    for (const v of opts.versions) {
      console.log(`\n=== VS Code ${v}`);
      results.push(await runOne(v, opts.grep));
    }
  } finally {
    stopXvfb();
  }
  summary(results);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}

main().catch((err) => {
  console.error(`ext-test: ${err.message}`);
  process.exit(1);
});
