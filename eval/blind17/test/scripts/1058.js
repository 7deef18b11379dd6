#!/usr/bin/env node
// scripts/publish-packages.js — publish the public packages of the `prism-ui`
// monorepo to the npm registry.
//
//   node scripts/publish-packages.js            dry run: pack every package, show diff vs npm
//   node scripts/publish-packages.js --publish  really publish (needs NPM_TOKEN)
//   node scripts/publish-packages.js --tag next publish under a dist-tag
//
// The token is written only into a temporary userconfig file in a mkdtemp folder
// that is deleted afterwards (never into ~/.npmrc), and only registry.npmjs.org
// is used. Packages whose version already exists on npm are skipped.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REGISTRY = 'https://registry.npmjs.org/';
const argv = process.argv.slice(2);
const publish = argv.includes('--publish');
const tag = argv.includes('--tag') ? argv[argv.indexOf('--tag') + 1] : 'latest';
if (!/^[a-z][a-z0-9-]*$/.test(tag)) {
  console.error(`invalid dist-tag "${tag}"`);
  process.exit(2);
}

function sh(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...opts });
}

function workspacePackages() {
  const out = [];
  for (const dir of fs.readdirSync(path.join(ROOT, 'packages'))) {
    const file = path.join(ROOT, 'packages', dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (pkg.private) continue;
    out.push({ dir: path.dirname(file), name: pkg.name, version: pkg.version, pkg });
  }
  return out;
}

async function publishedVersions(name) {
  const res = await fetch(`${REGISTRY}${name.replace('/', '%2f')}`, { headers: { Accept: 'application/vnd.npm.install-v1+json' } });
  if (res.status === 404) return new Set();
  if (!res.ok) throw new Error(`registry lookup for ${name} failed: ${res.status}`);
  const body = await res.json();
  return new Set(Object.keys(body.versions || {}));
}

function checkManifest(p) {
  const problems = [];
  if (!p.pkg.license) problems.push('no license');
  if (!p.pkg.repository) problems.push('no repository');
  if (!p.pkg.files && !fs.existsSync(path.join(p.dir, '.npmignore'))) problems.push('no "files" allow-list');
  if (p.pkg.scripts?.postinstall) problems.push('has a postinstall script');
  for (const [dep, range] of Object.entries(p.pkg.dependencies || {})) {
    if (range.startsWith('file:') || range.startsWith('link:')) problems.push(`local dependency ${dep}`);
  }
  return problems;
}

function packDryRun(p) {
  const out = sh('npm', ['pack', '--dry-run', '--json'], { cwd: p.dir });
  const [info] = JSON.parse(out);
  return { files: info.files.length, size: info.size, unpacked: info.unpackedSize };
}

// builds every public package with its own "build" script
function build() {
  sh('pnpm', ['-r', '--filter', './packages/*', 'run', 'build'], { stdio: 'inherit' });
}

function withTempNpmrc(fn) {
  const token = process.env.NPM_TOKEN;
  if (!token) throw new Error('--publish needs NPM_TOKEN (an automation token)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prism-publish-'));
  const rc = path.join(dir, '.npmrc');
  fs.writeFileSync(rc, `//registry.npmjs.org/:_authToken=${token}\nregistry=${REGISTRY}\n`, { mode: 0o600 });
  try {
    return fn(rc);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Compare the packed file list with the previous published version so an
 * accidentally included folder (fixtures, .env files, source maps) is noticed.
 */
async function fileListDiff(p) {
  const res = await fetch(`${REGISTRY}${p.name.replace('/', '%2f')}/latest`);
  if (!res.ok) return null;
  const latest = await res.json();
  const previousCount = latest.dist && latest.dist.fileCount;
  const now = packDryRun(p);
  if (!previousCount) return null;
  const delta = now.files - previousCount;
  return { previous: previousCount, now: now.files, delta };
}

function forbiddenFiles(p) {
  // files that must never be published, whatever "files" says
  const out = sh('npm', ['pack', '--dry-run', '--json'], { cwd: p.dir });
  const [info] = JSON.parse(out);
  const bad = info.files
    .map((f) => f.path)
    .filter((f) => /(^|\/)\.env(\.|$)|\.pem$|\.key$|(^|\/)fixtures\//.test(f));
  return bad;
}

async function preflight(packages) {
  let failures = 0;
  for (const p of packages) {
    const bad = forbiddenFiles(p);
    if (bad.length) {
      failures++;
      console.error(`${p.name}: refusing to publish ${bad.join(', ')}`);
    }
    const diff = await fileListDiff(p);
    if (diff && Math.abs(diff.delta) > 20) {
      console.warn(`${p.name}: file count changed ${diff.previous} -> ${diff.now}; check the "files" field`);
    }
  }
  return failures;
}

function ensureCleanMain() {
  const status = sh('git', ['status', '--porcelain']).trim();
  const branch = sh('git', ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  if (status) throw new Error('working tree not clean');
  if (branch !== 'main' && tag === 'latest') throw new Error(`publishing "latest" only from main (on ${branch})`);
}

async function main() {
  const packages = workspacePackages();
  let bad = 0;
  for (const p of packages) {
    const problems = checkManifest(p);
    if (problems.length) {
      bad++;
      console.error(`${p.name}: ${problems.join('; ')}`);
    }
  }
  if (bad) process.exit(1);
  if (publish) ensureCleanMain();
  build();
  if ((await preflight(packages)) > 0) process.exit(1);

  const plan = [];
  for (const p of packages) {
    const versions = await publishedVersions(p.name);
    const exists = versions.has(p.version);
    const pack = packDryRun(p);
    plan.push({ name: p.name, version: p.version, action: exists ? 'skip (exists)' : 'publish', files: pack.files, kB: (pack.size / 1024).toFixed(1) });
  }
  console.table(plan);
  if (!publish) {
    console.log('dry run only; pass --publish to publish the rows marked "publish"');
    return;
  }
  withTempNpmrc((rc) => {
    for (const row of plan.filter((r) => r.action === 'publish')) {
      const dir = packages.find((p) => p.name === row.name).dir;
      sh('npm', ['publish', '--access', 'public', '--tag', tag, '--userconfig', rc, '--registry', REGISTRY, '--provenance=false'], {
        cwd: dir,
        stdio: 'inherit',
      });
      console.log(`published ${row.name}@${row.version} (${tag})`);
    }
  });
  const tags = plan.filter((r) => r.action === 'publish').map((r) => `${r.name}@${r.version}`);
  for (const t of tags) sh('git', ['tag', t]);
  if (tags.length) console.log(`created ${tags.length} local tag(s); push them with: git push origin --tags`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
