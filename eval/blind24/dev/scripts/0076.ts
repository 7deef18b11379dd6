#!/usr/bin/env -S npx tsx
/**
 * scaffold-route.ts -- generate a new API route module (handler, schema,
 * tests, fixture) in src/routes/<name>/ from templates/route/*.tmpl.
 *
 *   npx tsx scripts/scaffold-route.ts invoices --methods get,post
 *   npx tsx scripts/scaffold-route.ts invoices --dry-run
 *
 * Existing files are never overwritten. The route is registered in
 * src/routes/index.ts between the BEGIN/END GENERATED markers.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Options {
  name: string;
  methods: Method[];
  dryRun: boolean;
  format: boolean;
}

interface TemplateContext {
  name: string;
  pascal: string;
  camel: string;
  methods: Method[];
  methodList: string;
  year: number;
}

const ROOT = path.resolve(__dirname, '..');
const TEMPLATE_DIR = path.join(ROOT, 'templates', 'route');
const ROUTES_DIR = path.join(ROOT, 'src', 'routes');
const INDEX = path.join(ROUTES_DIR, 'index.ts');
const BEGIN = '// BEGIN GENERATED ROUTES';
const END = '// END GENERATED ROUTES';
const ALL_METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

function fail(message: string): never {
  console.error(`scaffold-route: ${message}`);
  process.exit(1);
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { name: '', methods: ['get'], dryRun: false, format: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    switch (arg) {
      case '--methods': {
        const list = (argv[++i] ?? '').split(',').map((m) => m.trim().toLowerCase());
        const bad = list.filter((m) => !ALL_METHODS.includes(m as Method));
        if (bad.length) fail(`unknown method(s): ${bad.join(', ')}`);
        opts.methods = list as Method[];
        break;
      }
      case '--dry-run':
        opts.dryRun = true;
        break;
      case '--no-format':
        opts.format = false;
        break;
      default:
        if (arg.startsWith('-')) fail(`unknown option ${arg}`);
        if (opts.name) fail('only one route name allowed');
        opts.name = arg;
    }
  }
  if (!/^[a-z][a-z0-9-]{1,40}$/.test(opts.name)) fail('route name must be kebab-case');
  return opts;
}

function toPascal(name: string): string {
  return name
    .split('-')
    .map((s) => s[0].toUpperCase() + s.slice(1))
    .join('');
}

function toCamel(name: string): string {
  const p = toPascal(name);
  return p[0].toLowerCase() + p.slice(1);
}

function render(template: string, ctx: TemplateContext, file: string): string {
  // {{key}} substitution plus {{#each methods}}...{{/each}} blocks
  const withLoops = template.replace(/\{\{#each methods\}\}([\s\S]*?)\{\{\/each\}\}/g, (_m, body: string) =>
    ctx.methods.map((method) => body.replace(/\{\{method\}\}/g, method).replace(/\{\{METHOD\}\}/g, method.toUpperCase())).join(''),
  );
  return withLoops.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, key: string) => {
    const value = (ctx as unknown as Record<string, unknown>)[key];
    if (value === undefined) fail(`${file}: unknown placeholder {{${key}}}`);
    return String(value);
  });
}

function outputName(tmpl: string, ctx: TemplateContext): string {
  return tmpl.replace(/\.tmpl$/, '').replace(/__name__/g, ctx.name);
}

function plan(ctx: TemplateContext): Array<{ src: string; dest: string }> {
  if (!existsSync(TEMPLATE_DIR)) fail(`missing ${path.relative(ROOT, TEMPLATE_DIR)}`);
  const targetDir = path.join(ROUTES_DIR, ctx.name);
  return readdirSync(TEMPLATE_DIR)
    .filter((f) => f.endsWith('.tmpl'))
    .sort()
    .map((f) => ({ src: path.join(TEMPLATE_DIR, f), dest: path.join(targetDir, outputName(f, ctx)) }));
}

function registerRoute(ctx: TemplateContext, dryRun: boolean): boolean {
  if (!existsSync(INDEX)) fail(`${path.relative(ROOT, INDEX)} not found`);
  const text = readFileSync(INDEX, 'utf8');
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) fail(`markers ${BEGIN} / ${END} missing in index.ts`);
  const block = text.slice(start + BEGIN.length, end);
  const line = `  { path: '/${ctx.name}', module: () => import('./${ctx.name}/handler') },`;
  if (block.includes(`'/${ctx.name}'`)) return false;
  const lines = block.split('\n').filter((l) => l.trim());
  lines.push(line);
  lines.sort();
  const updated = `${text.slice(0, start + BEGIN.length)}\n${lines.join('\n')}\n${text.slice(end)}`;
  if (dryRun) {
    console.log(`would register ${ctx.name} in src/routes/index.ts`);
    return true;
  }
  const tmp = `${INDEX}.tmp`;
  writeFileSync(tmp, updated);
  renameSync(tmp, INDEX);
  return true;
}

function formatFiles(files: string[]): void {
  const prettier = path.join(ROOT, 'node_modules', '.bin', 'prettier');
  if (!existsSync(prettier)) {
    console.warn('prettier not installed locally; skipping format');
    return;
  }
  execFileSync(prettier, ['--write', ...files], { cwd: ROOT, stdio: 'inherit' });
}

function ensureCleanIndex(): void {
  // index.ts is edited in place; refuse if it already has unrelated edits
  const r = execFileSync('git', ['status', '--porcelain', '--', INDEX], { cwd: ROOT, encoding: 'utf8' });
  if (r.trim()) fail('src/routes/index.ts has uncommitted changes; commit or stash them first');
}

function main(): void {
  const opts = parseOptions(process.argv.slice(2));
  if (!opts.dryRun) ensureCleanIndex();
  const ctx: TemplateContext = {
    name: opts.name,
    pascal: toPascal(opts.name),
    camel: toCamel(opts.name),
    methods: opts.methods,
    methodList: opts.methods.map((m) => `'${m}'`).join(', '),
    year: new Date().getFullYear(),
  };
  const items = plan(ctx);
  const clashes = items.filter((i) => existsSync(i.dest));
  if (clashes.length) {
    fail(`refusing to overwrite: ${clashes.map((c) => path.relative(ROOT, c.dest)).join(', ')}`);
  }
  for (const item of items) {
    const rel = path.relative(ROOT, item.dest);
    if (opts.dryRun) {
      console.log(`would write ${rel}`);
      continue;
    }
    mkdirSync(path.dirname(item.dest), { recursive: true });
    writeFileSync(item.dest, render(readFileSync(item.src, 'utf8'), ctx, path.basename(item.src)), { flag: 'wx' });
    console.log(`wrote ${rel}`);
  }
  const registered = registerRoute(ctx, opts.dryRun);
  if (!opts.dryRun && opts.format) {
    formatFiles([...items.map((i) => i.dest), ...(registered ? [INDEX] : [])]);
  }
  if (!opts.dryRun) {
    console.log(`\nnext: npx vitest run src/routes/${ctx.name}`);
  }
}

main();
