#!/usr/bin/env node
// create-package.mjs-style generator (CommonJS for older Node in CI).
//
//   node scripts/create-package.js ui-tooltip --scope @acme --kind react
//   node scripts/create-package.js date-utils --kind lib --dry-run
//
// Renders templates/<kind>/ into packages/<name>/. Files ending in .hbs get
// {{placeholder}} substitution; others are copied. Refuses to overwrite an
// existing package. Optionally runs `pnpm install --filter` afterwards.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const os = require('node:os');
const { spawnSync } = require('node:child_process');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const TEMPLATES = path.join(ROOT, 'templates');
const PACKAGES = path.join(ROOT, 'packages');
const NAME_RE = /^[a-z][a-z0-9-]{1,40}$/;
const KINDS = new Set(['lib', 'react', 'cli']);

function log(...args) {
  console.error('[create-package]', ...args);
}

function die(msg, code = 1) {
  log('error:', msg);
  process.exit(code);
}

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      scope: { type: 'string', default: '@acme' },
      kind: { type: 'string', default: 'lib' },
      description: { type: 'string', default: '' },
      'dry-run': { type: 'boolean', default: false },
      install: { type: 'boolean', default: false },
      private: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log('usage: create-package.js NAME [--scope @x] [--kind lib|react|cli] [--install] [--dry-run]');
    process.exit(values.help ? 0 : 2);
  }
  return { name: positionals[0], ...values };
}

function pascal(name) {
  return name
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

function gitUser() {
  const r = spawnSync('git', ['config', 'user.name'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : os.userInfo().username;
}

function rootVersions() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const dev = pkg.devDependencies || {};
  return {
    typescriptVersion: dev.typescript || '^5.4.0',
    vitestVersion: dev.vitest || '^1.6.0',
    reactVersion: (pkg.pnpm && pkg.pnpm.overrides && pkg.pnpm.overrides.react) || '^18.3.0',
  };
}

function render(text, ctx, file) {
  return text.replace(/\{\{\s*([a-zA-Z][a-zA-Z0-9]*)\s*\}\}/g, (match, key) => {
    if (!(key in ctx)) {
      throw new Error(`${file}: no value for {{${key}}}`);
    }
    return String(ctx[key]);
  });
}

async function* walk(dir) {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name === '.DS_Store' || e.name === 'node_modules') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      yield* walk(full);
    } else if (e.isFile()) {
      yield full;
    }
  }
}

function outName(rel, ctx) {
  return rel
    .split(path.sep)
    .map((seg) => seg.replace(/__name__/g, ctx.name).replace(/__Component__/g, ctx.componentName))
    .join(path.sep)
    .replace(/\.hbs$/, '')
    .replace(/(^|[\\/])_gitignore$/, '$1.gitignore');
}

async function plan(src, ctx) {
  const items = [];
  for await (const file of walk(src)) {
    const rel = path.relative(src, file);
    items.push({ file, rel, out: outName(rel, ctx), templated: file.endsWith('.hbs') });
  }
  return items;
}

async function writeAll(items, staging, ctx) {
  for (const item of items) {
    const dest = path.join(staging, item.out);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    if (item.templated) {
      const text = await fsp.readFile(item.file, 'utf8');
      await fsp.writeFile(dest, render(text, ctx, item.rel));
    } else {
      await fsp.copyFile(item.file, dest);
    }
    const mode = (await fsp.stat(item.file)).mode;
    if (mode & 0o111) {
      await fsp.chmod(dest, 0o755);
    }
  }
}

function addToTsconfigRefs(target) {
  const file = path.join(ROOT, 'tsconfig.json');
  if (!fs.existsSync(file)) return false;
  const ts = JSON.parse(fs.readFileSync(file, 'utf8'));
  ts.references = ts.references || [];
  const rel = './' + path.relative(ROOT, target).split(path.sep).join('/');
  if (ts.references.some((r) => r.path === rel)) return false;
  ts.references.push({ path: rel });
  ts.references.sort((a, b) => a.path.localeCompare(b.path));
  fs.writeFileSync(file, JSON.stringify(ts, null, 2) + '\n');
  return true;
}

async function main() {
  const opts = parse();
  if (!NAME_RE.test(opts.name)) die('name must be lowercase kebab-case (2-41 chars)');
  if (!KINDS.has(opts.kind)) die(`kind must be one of ${[...KINDS].join(', ')}`);
  if (!/^@[a-z0-9-]+$/.test(opts.scope)) die('scope must look like @team');
  const src = path.join(TEMPLATES, opts.kind);
  if (!fs.existsSync(src)) die(`missing template directory ${path.relative(ROOT, src)}`);
  const target = path.join(PACKAGES, opts.name);
  if (fs.existsSync(target)) die(`${path.relative(ROOT, target)} already exists; refusing to overwrite`);

  const ctx = {
    name: opts.name,
    packageName: `${opts.scope}/${opts.name}`,
    componentName: pascal(opts.name),
    description: opts.description || `${pascal(opts.name)} package`,
    author: gitUser(),
    year: new Date().getFullYear(),
    private: opts.private,
    ...rootVersions(),
  };

  const items = await plan(src, ctx);
  if (opts['dry-run']) {
    for (const it of items) console.log(path.join('packages', opts.name, it.out));
    return;
  }

  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), 'create-package-'));
  try {
    await writeAll(items, staging, ctx);
    await fsp.mkdir(PACKAGES, { recursive: true });
    // cp + rm instead of rename: tmpdir may be on another filesystem
    await fsp.cp(staging, target, { recursive: true, errorOnExist: true, force: false });
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
  log(`created ${path.relative(ROOT, target)} (${items.length} files)`);
  if (addToTsconfigRefs(target)) log('added project reference to tsconfig.json');

  if (opts.install) {
    const r = spawnSync('pnpm', ['install', '--filter', `${ctx.packageName}...`], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) die('pnpm install failed', r.status || 1);
  }
  log(`next: pnpm --filter ${ctx.packageName} test`);
}

main().catch((err) => die(err.stack || String(err)));
