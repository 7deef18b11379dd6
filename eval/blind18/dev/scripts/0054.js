#!/usr/bin/env node
// Publish helper for @acme/ui-kit.
//
//   node scripts/publish.mjs                 build, pack, inspect the tarball (no upload)
//   node scripts/publish.mjs --publish       ...then `npm publish --provenance`
//   node scripts/publish.mjs --publish --tag next
//
// npm reads NODE_AUTH_TOKEN through the project's .npmrc line
// `//registry.npmjs.org/:_authToken=${NODE_AUTH_TOKEN}`; this script never
// prints or writes the token. It refuses to publish from a dirty tree, a
// version that already exists on the registry, or a tarball with stray files.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(PKG_DIR, 'package.json'), 'utf8'));
const REGISTRY = 'https://registry.npmjs.org';
const args = process.argv.slice(2);
const PUBLISH = args.includes('--publish');
const TAG = args.includes('--tag') ? args[args.indexOf('--tag') + 1] : pkg.version.includes('-') ? 'next' : 'latest';
const MAX_SIZE_KB = 900;
const FORBIDDEN = [/^package\/\.env/, /\.map$/, /^package\/src\/.*\.test\./, /^package\/coverage\//, /\.pem$/];
const REQUIRED = ['package/package.json', 'package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts'];

function run(cmd, argv, opts = {}) {
  console.log(`$ ${cmd} ${argv.join(' ')}`);
  const res = spawnSync(cmd, argv, { cwd: PKG_DIR, stdio: opts.capture ? 'pipe' : 'inherit', encoding: 'utf8', env: { ...process.env, ...(opts.env || {}) } });
  if (res.status !== 0 && !opts.allowFail) {
    if (opts.capture) process.stderr.write(res.stderr || '');
    throw new Error(`${cmd} exited with ${res.status}`);
  }
  return res;
}

function fail(msg) {
  console.error(`publish: ${msg}`);
  process.exit(1);
}

function checkGit() {
  const status = run('git', ['status', '--porcelain'], { capture: true }).stdout.trim();
  if (status) fail('working tree is dirty');
  const branch = run('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { capture: true }).stdout.trim();
  if (PUBLISH && branch !== 'main' && !branch.startsWith('release/')) fail(`publishing from ${branch} is not allowed`);
  const tags = run('git', ['tag', '--points-at', 'HEAD'], { capture: true }).stdout.split('\n');
  if (PUBLISH && !tags.includes(`v${pkg.version}`)) fail(`HEAD is not tagged v${pkg.version}`);
}

async function versionExists() {
  // public metadata endpoint; no auth needed
  const url = `${REGISTRY}/${pkg.name.replace('/', '%2F')}`;
  const res = await fetch(url, { headers: { Accept: 'application/vnd.npm.install-v1+json' } });
  if (res.status === 404) return false;
  if (!res.ok) throw new Error(`registry returned ${res.status}`);
  const meta = await res.json();
  return Boolean(meta.versions && meta.versions[pkg.version]);
}

function build() {
  rmSync(path.join(PKG_DIR, 'dist'), { recursive: true, force: true });
  run('npm', ['run', 'build']);
  run('npm', ['test', '--', '--run']);
  for (const f of ['dist/index.js', 'dist/index.d.ts']) {
    if (!existsSync(path.join(PKG_DIR, f))) fail(`${f} missing after build`);
  }
}

function pack(workDir) {
  const res = run('npm', ['pack', '--json', '--pack-destination', workDir], { capture: true });
  const [info] = JSON.parse(res.stdout);
  return { file: path.join(workDir, info.filename), files: info.files.map((f) => 'package/' + f.path), size: info.size };
}

function inspect(tarball) {
  const problems = [];
  for (const req of REQUIRED) if (!tarball.files.includes(req)) problems.push(`missing ${req}`);
  for (const f of tarball.files) if (FORBIDDEN.some((re) => re.test(f))) problems.push(`should not ship ${f}`);
  const kb = Math.round(statSync(tarball.file).size / 1024);
  if (kb > MAX_SIZE_KB) problems.push(`tarball is ${kb} KiB (limit ${MAX_SIZE_KB})`);
  console.log(`tarball: ${path.basename(tarball.file)}, ${tarball.files.length} files, ${kb} KiB`);
  return problems;
}

function smokeTest(tarball, workDir) {
  // install the packed tarball into a scratch project and import it
  const app = path.join(workDir, 'smoke');
  mkdirSync(app, { recursive: true });
  spawnSync('npm', ['init', '-y'], { cwd: app, stdio: 'ignore' });
  const inst = spawnSync('npm', ['install', '--no-audit', '--no-fund', tarball.file, 'react@18', 'react-dom@18'], { cwd: app, stdio: 'inherit' });
  if (inst.status !== 0) fail('smoke install failed');
  const check = spawnSync(process.execPath, ['--input-type=module', '-e', `import * as m from '${pkg.name}'; if (!m.Button) process.exit(3);`], { cwd: app, stdio: 'inherit' });
  if (check.status !== 0) fail('smoke import failed');
  console.log('smoke test ok');
}

function checkChangelog() {
  const file = path.join(PKG_DIR, 'CHANGELOG.md');
  if (!existsSync(file)) {
    fail('CHANGELOG.md is missing');
  }
  const text = readFileSync(file, 'utf8');
  const heading = new RegExp(`^## \\[?${pkg.version.replace(/\./g, '\\.')}\\]?`, 'm');
  if (!heading.test(text)) {
    fail(`CHANGELOG.md has no section for ${pkg.version}`);
  }
}

async function previousExports() {
  // compare the export list with the currently published "latest" to catch
  // accidental removals (a breaking change in a minor release)
  const res = await fetch(`${REGISTRY}/${pkg.name.replace('/', '%2F')}/latest`);
  if (!res.ok) {
    return null;
  }
  const meta = await res.json();
  return {
    version: meta.version,
    exports: Object.keys(meta.exports || {}),
  };
}

function currentExports() {
  return Object.keys(pkg.exports || {});
}

async function checkExports() {
  const prev = await previousExports();
  if (!prev) {
    console.log('no published version to compare exports with');
    return;
  }
  const now = new Set(currentExports());
  const removed = prev.exports.filter((e) => !now.has(e));
  if (!removed.length) {
    console.log(`exports compatible with ${prev.version}`);
    return;
  }
  const [prevMajor] = prev.version.split('.');
  const [curMajor] = pkg.version.split('.');
  if (prevMajor === curMajor) {
    fail(`exports removed without a major bump: ${removed.join(', ')}`);
  }
  console.log(`exports removed in this major: ${removed.join(', ')}`);
}

function sizeReport(tarball) {
  const byDir = new Map();
  for (const f of tarball.files) {
    const top = f.split('/').slice(0, 3).join('/');
    byDir.set(top, (byDir.get(top) || 0) + 1);
  }
  console.log('files by directory:');
  for (const [dir, n] of [...byDir].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${String(n).padStart(4)}  ${dir}`);
  }
}

function publish(tarball) {
  const argv = ['publish', tarball.file, '--access', 'public', '--tag', TAG, '--registry', REGISTRY];
  if (process.env.GITHUB_ACTIONS) argv.push('--provenance');
  run('npm', argv);
}

async function main() {
  console.log(`${pkg.name}@${pkg.version} (dist-tag ${TAG})`);
  checkGit();
  checkChangelog();
  await checkExports();
  if (await versionExists()) fail(`${pkg.version} is already on the registry; bump the version`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ui-kit-publish-'));
  try {
    build();
    const tarball = pack(workDir);
    const problems = inspect(tarball);
    sizeReport(tarball);
    if (problems.length) fail(problems.join('\n  '));
    smokeTest(tarball, workDir);
    if (!PUBLISH) {
      console.log('dry run ok; re-run with --publish to release');
      return;
    }
    if (!process.env.NODE_AUTH_TOKEN && !process.env.GITHUB_ACTIONS) fail('NODE_AUTH_TOKEN is not set');
    publish(tarball);
    console.log(`published ${pkg.name}@${pkg.version}: https://www.npmjs.com/package/${pkg.name}/v/${pkg.version}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((err) => fail(err.message));
