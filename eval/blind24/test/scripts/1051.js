#!/usr/bin/env node
/*
 * gen-component.js -- plop-style generator for React components.
 *
 *   node scripts/gen-component.js DatePicker
 *   node scripts/gen-component.js forms/TextField --with-story --with-test
 *   node scripts/gen-component.js DatePicker --print   (show output, write nothing)
 *
 * Templates live in scripts/templates/component/*.hbs and use {{name}},
 * {{kebab}}, {{#if story}}..{{/if}}. Files are created with the 'wx' flag so
 * an existing component is never overwritten, and the barrel file
 * src/components/index.ts is updated in sorted order.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const ROOT = path.join(__dirname, '..');
const TEMPLATE_DIR = path.join(__dirname, 'templates', 'component');
const COMPONENTS = path.join(ROOT, 'src', 'components');
const BARREL = path.join(COMPONENTS, 'index.ts');

const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith('--')));
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));

function fatal(message) {
  process.stderr.write(`gen-component: ${message}\n`);
  process.exit(1);
}

function kebab(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

function parseTarget(raw) {
  const parts = raw.split('/').filter(Boolean);
  const name = parts.pop();
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
    fatal(`component name must be PascalCase, got "${name}"`);
  }
  for (const p of parts) {
    if (!/^[a-z][a-z0-9-]*$/.test(p)) fatal(`folder "${p}" must be kebab-case`);
  }
  return { folder: parts.join('/'), name };
}

const BLOCK_RE = /\{\{#if (\w+)\}\}([\s\S]*?)\{\{\/if\}\}/g;
const VAR_RE = /\{\{\s*(\w+)\s*\}\}/g;

function render(template, ctx, file) {
  const withBlocks = template.replace(BLOCK_RE, (_, key, body) => (ctx[key] ? body : ''));
  return withBlocks.replace(VAR_RE, (_, key) => {
    if (!(key in ctx)) fatal(`${file}: unknown variable {{${key}}}`);
    return String(ctx[key]);
  });
}

function templateFiles(ctx) {
  const all = fs.readdirSync(TEMPLATE_DIR).filter((f) => f.endsWith('.hbs'));
  return all.filter((f) => {
    if (f.includes('.stories.') && !ctx.story) return false;
    if (f.includes('.test.') && !ctx.test) return false;
    return true;
  });
}

function outputName(tpl, ctx) {
  return tpl.replace(/\.hbs$/, '').replace(/Component/g, ctx.name);
}

function updateBarrel(ctx, dryRun) {
  const rel = ctx.folder ? `./${ctx.folder}/${ctx.name}` : `./${ctx.name}`;
  const line = `export { ${ctx.name} } from '${rel}';`;
  const existing = fs.existsSync(BARREL) ? fs.readFileSync(BARREL, 'utf8').split('\n') : [];
  if (existing.includes(line)) return false;
  const exportsOnly = existing.filter((l) => l.startsWith('export '));
  const others = existing.filter((l) => l.trim() && !l.startsWith('export '));
  const next = [...others, ...[...exportsOnly, line].sort((a, b) => a.localeCompare(b))].join('\n') + '\n';
  if (dryRun) {
    process.stdout.write(`--- ${path.relative(ROOT, BARREL)} (would add)\n${line}\n`);
    return true;
  }
  const tmp = `${BARREL}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, next);
  fs.renameSync(tmp, BARREL);
  return true;
}

function ask(question) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  return new Promise((resolve) => rl.question(question, (a) => {
    rl.close();
    resolve(a.trim());
  }));
}

async function resolveName() {
  if (positional[0]) return positional[0];
  if (!process.stdin.isTTY) fatal('component name required');
  const answer = await ask('Component name (e.g. forms/TextField): ');
  if (!answer) fatal('no name given');
  return answer;
}

function checkTemplates() {
  if (!fs.existsSync(TEMPLATE_DIR)) fatal(`missing ${path.relative(ROOT, TEMPLATE_DIR)}`);
  const required = ['Component.tsx.hbs', 'index.ts.hbs'];
  for (const r of required) {
    if (!fs.existsSync(path.join(TEMPLATE_DIR, r))) fatal(`template ${r} is missing`);
  }
}

function cssModuleFor(ctx, dir) {
  // optional CSS module, only if the project uses them
  if (!flags.has('--with-css')) return null;
  const file = path.join(dir, `${ctx.name}.module.css`);
  const body = `.root {\n  display: block;\n}\n`;
  return { file, body };
}

function similarExisting(name) {
  // warn about near-duplicates (Datepicker vs DatePicker) across folders
  const found = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      if (e.name.toLowerCase() === name.toLowerCase()) found.push(path.join(dir, e.name));
      walk(path.join(dir, e.name));
    }
  };
  walk(COMPONENTS);
  return found;
}

async function main() {
  checkTemplates();
  if (positional[0]) {
    const dupes = similarExisting(positional[0].split('/').pop());
    for (const d of dupes) process.stderr.write(`note: similar component exists: ${path.relative(ROOT, d)}\n`);
  }
  const target = parseTarget(await resolveName());
  const ctx = {
    name: target.name,
    kebab: kebab(target.name),
    folder: target.folder,
    story: flags.has('--with-story'),
    test: flags.has('--with-test') || !flags.has('--no-test'),
    year: new Date().getFullYear(),
  };
  const dir = path.join(COMPONENTS, target.folder, target.name);
  if (fs.existsSync(dir)) fatal(`${path.relative(ROOT, dir)} already exists`);
  const outputs = templateFiles(ctx).map((tpl) => ({
    file: path.join(dir, outputName(tpl, ctx)),
    body: render(fs.readFileSync(path.join(TEMPLATE_DIR, tpl), 'utf8'), ctx, tpl),
  }));
  const css = cssModuleFor(ctx, dir);
  if (css) outputs.push(css);
  const dryRun = flags.has('--print');
  if (dryRun) {
    for (const o of outputs) process.stdout.write(`--- ${path.relative(ROOT, o.file)}\n${o.body}\n`);
    updateBarrel(ctx, true);
    return;
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const o of outputs) {
    fs.writeFileSync(o.file, o.body, { flag: 'wx' });
    process.stdout.write(`created ${path.relative(ROOT, o.file)}\n`);
  }
  if (updateBarrel(ctx, false)) process.stdout.write(`updated ${path.relative(ROOT, BARREL)}\n`);
  const prettier = path.join(ROOT, 'node_modules/.bin/prettier');
  if (fs.existsSync(prettier) && !flags.has('--no-format')) {
    const { spawnSync } = require('child_process');
    spawnSync(prettier, ['--write', dir, BARREL], { stdio: 'ignore' });
  }
}

main().catch((err) => fatal(err && err.stack ? err.stack : String(err)));
