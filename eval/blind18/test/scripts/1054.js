#!/usr/bin/env node
// Package (and optionally publish) the team's VS Code extension.
//
//   node scripts/vsix.js              lint, test, `vsce package` into dist/
//   node scripts/vsix.js --publish    ...and `vsce publish` with VSCE_PAT
//   node scripts/vsix.js --install    install the built .vsix into the
//                                     developer's own VS Code (explicit flag)
//
// The .vsix is built from this repository; --install only ever installs the
// file this script just produced and verified.
'use strict';

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const EXT_DIR = path.resolve(__dirname, '..', 'editors', 'vscode');
const DIST = path.join(EXT_DIR, 'dist-vsix');
const pkg = JSON.parse(fs.readFileSync(path.join(EXT_DIR, 'package.json'), 'utf8'));
const argv = new Set(process.argv.slice(2));

function run(cmd, args, opts = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, {
    cwd: EXT_DIR,
    stdio: opts.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: Object.assign({}, process.env, opts.env),
  });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args[0]} failed (${res.status})`);
  }
  return res.stdout || '';
}

function checkManifest() {
  const problems = [];
  for (const field of ['name', 'displayName', 'publisher', 'version', 'engines', 'repository', 'license']) {
    if (!pkg[field]) {
      problems.push(`package.json lacks "${field}"`);
    }
  }
  if (pkg.activationEvents && pkg.activationEvents.includes('*')) {
    problems.push('activationEvents "*" slows down VS Code start-up; use specific events');
  }
  const changelog = path.join(EXT_DIR, 'CHANGELOG.md');
  if (!fs.existsSync(changelog) || !fs.readFileSync(changelog, 'utf8').includes(`## ${pkg.version}`)) {
    problems.push(`CHANGELOG.md has no entry for ${pkg.version}`);
  }
  return problems;
}

function build() {
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
  run('npm', ['ci', '--no-audit', '--no-fund']);
  run('npm', ['run', 'lint']);
  run('npm', ['run', 'compile']);
  // extension tests launch a VS Code test instance via @vscode/test-electron
  run('npm', ['test'], { env: { DISPLAY: process.env.DISPLAY || ':99' } });
}

function packageVsix() {
  const out = path.join(DIST, `${pkg.name}-${pkg.version}.vsix`);
  run('npx', ['--no-install', 'vsce', 'package', '--no-dependencies', '--out', out]);
  if (!fs.existsSync(out)) {
    throw new Error('vsce did not produce a .vsix');
  }
  return out;
}

function listContents(vsix) {
  const listing = run('npx', ['--no-install', 'vsce', 'ls', '--tree'], { capture: true });
  const forbidden = listing.split('\n').filter((l) => /\.(map|env|pem)$|src\/test\//.test(l.trim()));
  if (forbidden.length) {
    throw new Error(`.vsix would contain files that should not ship:\n${forbidden.join('\n')}`);
  }
  const size = fs.statSync(vsix).size;
  console.log(`${path.basename(vsix)}: ${(size / 1024).toFixed(0)} KiB`);
  if (size > 5 * 1024 * 1024) {
    console.warn('warning: extension is larger than 5 MiB; check .vscodeignore');
  }
}

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function writeChecksum(vsix) {
  const line = `${sha256(vsix)}  ${path.basename(vsix)}\n`;
  fs.writeFileSync(`${vsix}.sha256`, line);
  return line.trim();
}

function publish(vsix) {
  if (!process.env.VSCE_PAT) {
    throw new Error('VSCE_PAT is required for --publish');
  }
  // vsce reads VSCE_PAT from the environment; it is not passed on the command line
  run('npx', ['--no-install', 'vsce', 'publish', '--packagePath', vsix]);
  if (process.env.OVSX_PAT) {
    run('npx', ['--no-install', 'ovsx', 'publish', vsix]);
  }
}

function installLocally(vsix, expectedSha) {
  if (sha256(vsix) !== expectedSha) {
    throw new Error('the .vsix changed after it was built; refusing to install');
  }
  run('code', ['--install-extension', vsix, '--force']);
}

// Marketplace rejects versions it has already seen; check before spending
// time on tests. Uses the public extension query endpoint (no auth).
async function versionPublished() {
  const res = await fetch('https://marketplace.visualstudio.com/_apis/public/gallery/extensionquery', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json;api-version=3.0-preview.1',
    },
    body: JSON.stringify({
      filters: [{ criteria: [{ filterType: 7, value: `${pkg.publisher}.${pkg.name}` }] }],
      flags: 0x1,
    }),
  });
  if (!res.ok) {
    return false;
  }
  const data = await res.json();
  const ext = data.results?.[0]?.extensions?.[0];
  return Boolean(ext && ext.versions.some((v) => v.version === pkg.version));
}

function bumpHint() {
  const [maj, min, pat] = pkg.version.split('.').map(Number);
  return `${maj}.${min}.${pat + 1}`;
}

function tagExists() {
  const res = spawnSync('git', ['rev-parse', '-q', '--verify', `refs/tags/vscode-v${pkg.version}`], { cwd: EXT_DIR });
  return res.status === 0;
}

async function main() {
  console.log(`${pkg.publisher}.${pkg.name}@${pkg.version}`);
  if (argv.has('--publish') && (await versionPublished())) {
    throw new Error(`${pkg.version} is already on the marketplace; bump to ${bumpHint()}`);
  }
  const problems = checkManifest();
  if (problems.length) {
    problems.forEach((p) => console.error(`  ${p}`));
    if (argv.has('--publish')) {
      process.exitCode = 1;
      return;
    }
  }
  build();
  const vsix = packageVsix();
  listContents(vsix);
  const checksum = writeChecksum(vsix);
  console.log(`sha256 ${checksum}`);
  if (argv.has('--install')) {
    installLocally(vsix, checksum.split(' ')[0]);
  }
  if (argv.has('--publish')) {
    if (!tagExists()) {
      throw new Error(`tag vscode-v${pkg.version} missing; tag the release commit first`);
    }
    publish(vsix);
    console.log('published to the marketplace');
  } else {
    console.log('packaged only; --publish uploads it');
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
