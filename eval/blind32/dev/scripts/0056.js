#!/usr/bin/env node
// Release dry-run: publish every workspace package to a private, throwaway
// verdaccio and install the result in a scratch app, before the real publish.
//
// - verdaccio is the project's devDependency (node_modules/.bin/verdaccio),
//   started on 127.0.0.1 with storage in a temp dir, and killed at the end
// - npm talks to it through a temporary userconfig file (NPM_CONFIG_USERCONFIG)
//   so the developer's ~/.npmrc is neither read for tokens nor modified
// - `npm adduser` is avoided: verdaccio accepts a generated htpasswd user
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const VERDACCIO = path.join(ROOT, 'node_modules', '.bin', 'verdaccio');
const PORT = Number(process.env.VERDACCIO_PORT || 4874);
const REGISTRY = `http://127.0.0.1:${PORT}/`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'release-dryrun-'));
const userconfig = path.join(work, 'npmrc');
let server = null;

function log(msg) {
  process.stdout.write(`[dry-run] ${msg}\n`);
}

function cleanup() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM'); // the verdaccio we spawned below
  }
  fs.rmSync(work, { recursive: true, force: true });
}

process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });
}

function htpasswdLine(user, password) {
  // verdaccio's htpasswd plugin accepts {SHA} entries
  const digest = crypto.createHash('sha1').update(password).digest('base64');
  return `${user}:{SHA}${digest}:autocreated ${new Date().toISOString()}\n`;
}

function writeServerConfig(user, password) {
  fs.writeFileSync(path.join(work, 'htpasswd'), htpasswdLine(user, password));
  const config = [
    `storage: ${path.join(work, 'storage')}`,
    'auth:',
    '  htpasswd:',
    `    file: ${path.join(work, 'htpasswd')}`,
    '    max_users: -1',
    'uplinks: {}',
    'packages:',
    "  '@acme/*':",
    '    access: $authenticated',
    '    publish: $authenticated',
    "  '**':",
    '    access: $all',
    'server:',
    '  keepAliveTimeout: 60',
    `listen: 127.0.0.1:${PORT}`,
    'log: { type: stdout, format: pretty, level: error }',
  ].join('\n');
  const file = path.join(work, 'config.yaml');
  fs.writeFileSync(file, config + '\n');
  return file;
}

async function startServer(configFile) {
  if (!fs.existsSync(VERDACCIO)) throw new Error('verdaccio is not installed (npm ci)');
  server = spawn(VERDACCIO, ['--config', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (d) => { output += d; });
  server.stderr.on('data', (d) => { output += d; });
  for (let i = 0; i < 60; i++) {
    try {
      const res = await fetch(`${REGISTRY}-/ping`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`verdaccio did not start:\n${output.slice(-2000)}`);
}

async function token(user, password) {
  const res = await fetch(`${REGISTRY}-/user/org.couchdb.user:${user}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: user, password }),
  });
  if (!res.ok) throw new Error(`login to verdaccio failed: ${res.status}`);
  return (await res.json()).token;
}

function writeUserConfig(authToken) {
  const host = REGISTRY.replace(/^http:/, '');
  fs.writeFileSync(userconfig, [
    `registry=${REGISTRY}`,
    `${host}:_authToken=${authToken}`,
    'fund=false',
    'audit=false',
    'update-notifier=false',
  ].join('\n') + '\n', { mode: 0o600 });
}

function npm(args, cwd) {
  return execFileSync('npm', args, {
    cwd,
    env: { ...process.env, NPM_CONFIG_USERCONFIG: userconfig },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}

function workspacePackages() {
  const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const dirs = [];
  for (const pattern of rootPkg.workspaces || []) {
    const base = path.join(ROOT, pattern.replace(/\/\*$/, ''));
    for (const name of fs.readdirSync(base)) {
      const dir = path.join(base, name);
      if (fs.existsSync(path.join(dir, 'package.json'))) dirs.push(dir);
    }
  }
  return dirs
    .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private);
}

function checkPackContents(dir) {
  const out = JSON.parse(npm(['pack', '--dry-run', '--json'], dir))[0];
  const files = out.files.map((f) => f.path);
  const problems = [];
  if (!files.some((f) => f === 'package.json')) problems.push('package.json missing');
  if (files.some((f) => f.startsWith('src/') && f.endsWith('.test.js'))) problems.push('tests are packed');
  if (files.some((f) => f.includes('.env'))) problems.push('.env file would be published');
  return { size: out.size, files: files.length, problems };
}

async function main() {
  const user = 'dryrun';
  const password = crypto.randomBytes(12).toString('hex');
  await startServer(writeServerConfig(user, password));
  writeUserConfig(await token(user, password));
  log(`verdaccio running on ${REGISTRY}`);

  const packages = workspacePackages();
  let failures = 0;
  for (const { dir, pkg } of packages) {
    const check = checkPackContents(dir);
    if (check.problems.length) {
      failures++;
      log(`${pkg.name}: ${check.problems.join(', ')}`);
      continue;
    }
    npm(['publish', '--registry', REGISTRY, '--tag', 'dryrun'], dir);
    log(`published ${pkg.name}@${pkg.version} (${check.files} files, ${check.size} bytes)`);
  }

  const app = path.join(work, 'app');
  fs.mkdirSync(app);
  npm(['init', '-y'], app);
  npm(['install', ...packages.map(({ pkg }) => `${pkg.name}@dryrun`)], app);
  for (const { pkg } of packages) {
    execFileSync(process.execPath, ['-e', `require(${JSON.stringify(pkg.name)})`], { cwd: app });
  }
  log(`installed and required ${packages.length} package(s) in a scratch app`);
  if (failures) {
    log(`${failures} package(s) failed the content check`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
