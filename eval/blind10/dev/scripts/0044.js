#!/usr/bin/env node
// Scaffold a new React component (component, test, story, index) from the
// templates in tools/templates. Writes only under src/components.
'use strict';

const { Command } = require('commander');
const fs = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TEMPLATES = path.join(ROOT, 'tools', 'templates', 'component');
const TARGET_BASE = path.join(ROOT, 'src', 'components');

const toPascal = (s) =>
  s
    .replace(/[-_\s]+(.)?/g, (_, c) => (c ? c.toUpperCase() : ''))
    .replace(/^(.)/, (c) => c.toUpperCase());

const toKebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[_\s]+/g, '-').toLowerCase();

function render(template, vars) {
  return template.replace(/{{\s*(\w+)\s*}}/g, (m, key) => {
    if (!(key in vars)) throw new Error(`unknown template variable ${key}`);
    return vars[key];
  });
}

async function exists(p) {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

async function scaffold(rawName, opts) {
  const name = toPascal(rawName);
  if (!/^[A-Z][A-Za-z0-9]+$/.test(name)) {
    throw new Error(`invalid component name "${rawName}"`);
  }
  const dir = path.join(TARGET_BASE, opts.dir || '', name);
  if (!dir.startsWith(TARGET_BASE + path.sep)) {
    throw new Error('target must stay inside src/components');
  }
  if ((await exists(dir)) && !opts.force) {
    throw new Error(`${path.relative(ROOT, dir)} exists (use --force)`);
  }
  const vars = { name, kebab: toKebab(name), year: String(new Date().getFullYear()) };
  const files = await fs.readdir(TEMPLATES);
  const written = [];
  await fs.mkdir(dir, { recursive: true });
  for (const file of files) {
    if (!opts.story && file.includes('stories')) continue;
    const template = await fs.readFile(path.join(TEMPLATES, file), 'utf8');
    const outName = file.replace('__name__', name).replace(/\.tpl$/, '');
    const outPath = path.join(dir, outName);
    if (opts.dryRun) {
      written.push(`(dry) ${path.relative(ROOT, outPath)}`);
      continue;
    }
    await fs.writeFile(outPath, render(template, vars), 'utf8');
    written.push(path.relative(ROOT, outPath));
  }
  return written;
}

async function updateBarrel(name, subdir) {
  const barrel = path.join(TARGET_BASE, 'index.ts');
  const rel = ['.', subdir, name].filter(Boolean).join('/');
  const line = `export * from '${rel}';\n`;
  const current = (await exists(barrel)) ? await fs.readFile(barrel, 'utf8') : '';
  if (current.includes(line)) return false;
  const lines = (current + line).split('\n').filter(Boolean).sort();
  await fs.writeFile(barrel, lines.join('\n') + '\n');
  return true;
}

const program = new Command();
program
  .name('new-component')
  .argument('<name>', 'component name, e.g. date-picker')
  .option('-d, --dir <subdir>', 'sub-directory inside src/components')
  .option('--no-story', 'skip the storybook file')
  .option('-f, --force', 'overwrite existing files')
  .option('-n, --dry-run', 'print files without writing')
  .action(async (name, opts) => {
    try {
      const files = await scaffold(name, opts);
      files.forEach((f) => console.log(`created ${f}`));
      if (!opts.dryRun && (await updateBarrel(toPascal(name), opts.dir))) {
        console.log('updated src/components/index.ts');
      }
    } catch (err) {
      console.error(`error: ${err.message}`);
      process.exitCode = 1;
    }
  });

program.parseAsync(process.argv);
