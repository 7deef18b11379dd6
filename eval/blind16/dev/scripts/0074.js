#!/usr/bin/env node
// Publish the @trailmix/sdk package (dry run by default).
//
//   node tools/publish-sdk.js                    build, test, pack, `npm publish --dry-run`
//   node tools/publish-sdk.js --bump minor       also bump the version in packages/sdk/package.json
//   node tools/publish-sdk.js --publish --otp N  really publish to registry.npmjs.org
//
// The package directory is packages/sdk. `dist/` is removed and rebuilt, the
// tarball produced by `npm pack` is inspected for files that must never ship
// (.env*, *.pem, test fixtures) and the publish is refused if any are present.
// Authentication uses whatever npm is already configured with (npm login /
// NPM_TOKEN in the user's npmrc); the script never reads or prints it.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PKG_DIR = path.join(ROOT, 'packages', 'sdk');
const PKG_JSON = path.join(PKG_DIR, 'package.json');
const FORBIDDEN = [/(^|\/)\.env(\.|$)/, /\.pem$/, /\.p12$/, /(^|\/)__fixtures__\//, /(^|\/)coverage\//];
const MAX_UNPACKED_KB = 800;

function parseArgs(argv) {
  const o = { publish: false, bump: null, otp: null, tag: 'latest' };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--publish') o.publish = true;
    else if (a === '--bump') o.bump = argv[++i];
    else if (a === '--otp') o.otp = argv[++i];
    else if (a === '--tag') o.tag = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.bump && !['patch', 'minor', 'major'].includes(o.bump)) throw new Error('--bump must be patch, minor or major');
  return o;
}

function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { cwd: PKG_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...opts });
}

function readPkg() {
  return JSON.parse(fs.readFileSync(PKG_JSON, 'utf8'));
}

function bump(kind) {
  const pkg = readPkg();
  const [major, minor, patch] = pkg.version.split('-')[0].split('.').map(Number);
  pkg.version =
    kind === 'major' ? `${major + 1}.0.0` : kind === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
  fs.writeFileSync(PKG_JSON, JSON.stringify(pkg, null, 2) + '\n');
  return pkg.version;
}

function gitClean() {
  return execFileSync('git', ['status', '--porcelain', '--', PKG_DIR], { cwd: ROOT, encoding: 'utf8' }).trim() === '';
}

function buildAndTest() {
  fs.rmSync(path.join(PKG_DIR, 'dist'), { recursive: true, force: true });
  execFileSync('pnpm', ['run', 'build'], { cwd: PKG_DIR, stdio: 'inherit' });
  execFileSync('pnpm', ['run', 'test', '--', '--run'], { cwd: PKG_DIR, stdio: 'inherit' });
}

function inspectTarball() {
  const out = run('npm', ['pack', '--dry-run', '--json']);
  const [info] = JSON.parse(out);
  const bad = info.files.map((f) => f.path).filter((p) => FORBIDDEN.some((re) => re.test(p)));
  const unpackedKb = Math.round(info.unpackedSize / 1024);
  return { info, bad, unpackedKb };
}

function checkRegistryVersion(name, version) {
  try {
    const published = run('npm', ['view', `${name}@${version}`, 'version']).trim();
    return published === version;
  } catch {
    return false;
  }
}

function checkExports() {
  // Every path named in "exports"/"main"/"types" must exist in the fresh build.
  const pkg = readPkg();
  const targets = new Set();
  const visit = (node) => {
    if (typeof node === 'string') targets.add(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  visit(pkg.exports);
  for (const key of ['main', 'module', 'types']) if (pkg[key]) targets.add(pkg[key]);
  const missing = [...targets].filter((t) => !t.includes('*') && !fs.existsSync(path.join(PKG_DIR, t)));
  if (missing.length) throw new Error(`package.json points at files the build did not produce:\n  ${missing.join('\n  ')}`);
  return targets.size;
}

function changelogMentions(version) {
  const file = path.join(PKG_DIR, 'CHANGELOG.md');
  if (!fs.existsSync(file)) return false;
  return fs.readFileSync(file, 'utf8').includes(`## ${version}`);
}

function distTags(name) {
  // Show the current dist-tags so a prerelease never lands on "latest" by accident.
  try {
    const tags = JSON.parse(run('npm', ['view', name, 'dist-tags', '--json']));
    return Object.entries(tags)
      .map(([tag, v]) => `${tag}=${v}`)
      .join(', ');
  } catch {
    return '(package not published yet)';
  }
}

function publish(opts) {
  const args = ['publish', '--access', 'public', '--tag', opts.tag, '--provenance'];
  if (!opts.publish) args.push('--dry-run');
  if (opts.otp) args.push('--otp', opts.otp);
  execFileSync('npm', args, { cwd: PKG_DIR, stdio: 'inherit' });
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.publish && !gitClean()) throw new Error('packages/sdk has uncommitted changes; commit before publishing');
  const version = opts.bump ? bump(opts.bump) : readPkg().version;
  const { name } = readPkg();
  console.log(`${name}@${version} (${opts.publish ? 'PUBLISH' : 'dry run'})`);
  console.log(`current dist-tags: ${distTags(name)}`);

  if (checkRegistryVersion(name, version)) {
    throw new Error(`${name}@${version} is already on the registry; bump the version`);
  }
  if (!changelogMentions(version)) {
    console.warn(`warning: packages/sdk/CHANGELOG.md has no "## ${version}" section`);
    if (opts.publish) throw new Error('add a CHANGELOG entry before publishing');
  }
  buildAndTest();
  console.log(`${checkExports()} entry points present in dist/`);
  const { info, bad, unpackedKb } = inspectTarball();
  console.log(`tarball: ${info.filename}, ${info.files.length} files, ${unpackedKb} KB unpacked`);
  if (bad.length) throw new Error(`refusing to publish; forbidden files in tarball:\n  ${bad.join('\n  ')}`);
  if (unpackedKb > MAX_UNPACKED_KB) throw new Error(`package is ${unpackedKb} KB unpacked (limit ${MAX_UNPACKED_KB} KB)`);

  publish(opts);
  if (!opts.publish) {
    console.log('\ndry run only; re-run with --publish (and --otp) to release');
  } else {
    console.log(`\npublished ${name}@${version}; tag it with: git tag sdk-v${version}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`publish-sdk: ${err.message}`);
  process.exit(1);
}
