#!/usr/bin/env node
// scripts/dev.js - local theme development: runs `shopify theme dev` and the
// Sass/esbuild watcher side by side, prefixes their output, and shuts both
// down together.
//
//   node scripts/dev.js                     # store from .env, dev theme
//   node scripts/dev.js --store other-dev.myshopify.com --port 9400
//
// Only the two child processes started here are ever signalled. The store
// must be a *.myshopify.com development store; --live is not supported.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '..');
const THEME = path.join(ROOT, 'storefront', 'theme');
const COLORS = { theme: '\x1b[36m', assets: '\x1b[35m', reset: '\x1b[0m' };

function envFile() {
  const out = {};
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return out;
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return out;
}

function options() {
  const env = envFile();
  const argv = process.argv.slice(2);
  const opts = {
    store: env.SHOPIFY_FLAG_STORE || '',
    port: 9292,
    themeEditorSync: false,
    open: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--store') opts.store = argv[++i];
    else if (a === '--port') opts.port = Number(argv[++i]);
    else if (a === '--sync') opts.themeEditorSync = true;
    else if (a === '--open') opts.open = true;
    else if (a === '--live') throw new Error('--live is not supported by the dev runner');
    else throw new Error(`unknown option ${a}`);
  }
  if (!/^[a-z0-9-]+\.myshopify\.com$/.test(opts.store)) {
    throw new Error(`store must be a *.myshopify.com domain (got "${opts.store}")`);
  }
  if (!(opts.port > 1024 && opts.port < 65536)) throw new Error('port must be 1025-65535');
  return opts;
}

const children = new Map();
let shuttingDown = false;

function prefixStream(stream, name, target) {
  const rl = readline.createInterface({ input: stream });
  rl.on('line', (line) => {
    target.write(`${COLORS[name]}[${name}]${COLORS.reset} ${line}\n`);
  });
}

function start(name, cmd, args, extraEnv = {}) {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...extraEnv, FORCE_COLOR: '1' },
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  children.set(name, child);
  prefixStream(child.stdout, name, process.stdout);
  prefixStream(child.stderr, name, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!shuttingDown) {
      console.error(`[dev] ${name} exited (${signal || code}); stopping the rest`);
      shutdown(code || 1);
    }
  });
  return child;
}

function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const [name, child] of children) {
    console.error(`[dev] stopping ${name} (pid ${child.pid})`);
    child.kill('SIGINT');
  }
  const deadline = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code);
  }, 5000);
  deadline.unref();
  const waitAll = setInterval(() => {
    if (children.size === 0) {
      clearInterval(waitAll);
      process.exit(code);
    }
  }, 100);
}

function checkLayout() {
  const required = ['layout/theme.liquid', 'config/settings_schema.json', 'templates'];
  const missing = required.filter((p) => !fs.existsSync(path.join(THEME, p)));
  if (missing.length) throw new Error(`storefront/theme is missing: ${missing.join(', ')}`);
}

function initialBuild() {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build:assets'], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('initial asset build failed'))));
  });
}

const HELP = `
usage: node scripts/dev.js [options]

  --store <name>.myshopify.com   development store (default: SHOPIFY_FLAG_STORE from .env)
  --port <n>                     local preview port (default 9292)
  --sync                         pull changes made in the theme editor back into the repo
  --open                         open the preview in the browser

The runner starts two processes:
  assets  npm run watch:assets   (esbuild + sass into storefront/theme/assets)
  theme   shopify theme dev      (hot reload against a development theme)

Stop with Ctrl-C; both processes are stopped together.
`;

function maybeHelp() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(HELP);
    process.exit(0);
  }
}

function checkNode() {
  const [major] = process.versions.node.split('.').map(Number);
  if (major < 18) throw new Error(`node ${process.versions.node} is too old; the Shopify CLI needs 18+`);
}

function themeArgs(opts) {
  const args = ['theme', 'dev', '--store', opts.store, '--path', THEME, '--port', String(opts.port)];
  if (opts.themeEditorSync) args.push('--theme-editor-sync');
  if (opts.open) args.push('--open');
  return args;
}

function watchConfigChanges() {
  // restarting is the only way the CLI picks up a changed .shopifyignore
  const ignore = path.join(THEME, '.shopifyignore');
  if (!fs.existsSync(ignore)) return;
  fs.watchFile(ignore, { interval: 2000 }, () => {
    console.error('[dev] .shopifyignore changed; restart the dev runner to apply it');
  });
}

async function main() {
  maybeHelp();
  checkNode();
  const opts = options();
  checkLayout();
  console.error(`[dev] store ${opts.store}, http://127.0.0.1:${opts.port}`);
  await initialBuild();
  start('assets', 'npm', ['run', '--silent', 'watch:assets']);
  start('theme', 'shopify', themeArgs(opts));
  watchConfigChanges();
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
}

main().catch((err) => {
  console.error(`[dev] ${err.message}`);
  shutdown(1);
  process.exitCode = 1;
});
