#!/usr/bin/env node
// svgo-based icon optimiser with a small yargs CLI.
//
//   node tools/icons.js optimize            # rewrite assets/icons/*.svg in place
//   node tools/icons.js check               # exit 1 if any icon is not optimised
//   node tools/icons.js sprite --out public/sprite.svg
'use strict';

const fsp = require('node:fs/promises');
const path = require('node:path');
const yargs = require('yargs/yargs');
const { hideBin } = require('yargs/helpers');
const { optimize } = require('svgo');

const ICON_DIR = path.join(__dirname, '..', 'assets', 'icons');

const SVGO_CONFIG = {
  multipass: true,
  plugins: [
    { name: 'preset-default', params: { overrides: { removeViewBox: false } } },
    'removeDimensions',
    { name: 'removeAttrs', params: { attrs: ['data-name', 'class'] } },
    { name: 'convertColors', params: { currentColor: true } },
  ],
};

async function listIcons() {
  const names = await fsp.readdir(ICON_DIR);
  return names.filter((n) => n.endsWith('.svg')).sort();
}

async function optimiseOne(name) {
  const file = path.join(ICON_DIR, name);
  const original = await fsp.readFile(file, 'utf8');
  const { data } = optimize(original, { path: file, ...SVGO_CONFIG });
  return { name, file, original, optimised: `${data}\n` };
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KiB`;
}

async function cmdOptimize({ dryRun }) {
  const results = await Promise.all((await listIcons()).map(optimiseOne));
  let saved = 0;
  for (const r of results) {
    if (r.original === r.optimised) continue;
    saved += r.original.length - r.optimised.length;
    if (!dryRun) await fsp.writeFile(r.file, r.optimised);
    console.log(`${dryRun ? 'would optimise' : 'optimised'} ${r.name}`);
  }
  console.log(`${results.length} icons, saved ${kb(saved)}`);
}

async function cmdCheck() {
  const results = await Promise.all((await listIcons()).map(optimiseOne));
  const dirty = results.filter((r) => r.original !== r.optimised);
  dirty.forEach((r) => console.error(`not optimised: ${r.name}`));
  if (dirty.length) {
    console.error('run: node tools/icons.js optimize');
    process.exitCode = 1;
  } else {
    console.log(`all ${results.length} icons optimised`);
  }
}

async function cmdSprite({ out }) {
  const symbols = [];
  for (const name of await listIcons()) {
    const { optimised } = await optimiseOne(name);
    const viewBox = (optimised.match(/viewBox="([^"]+)"/) || [])[1] || '0 0 24 24';
    const inner = optimised.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    symbols.push(`<symbol id="icon-${path.basename(name, '.svg')}" viewBox="${viewBox}">${inner}</symbol>`);
  }
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join('')}</svg>\n`;
  const target = path.resolve(out);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  await fsp.writeFile(target, sprite);
  console.log(`sprite with ${symbols.length} symbols -> ${path.relative(process.cwd(), target)} (${kb(sprite.length)})`);
}

yargs(hideBin(process.argv))
  .scriptName('icons')
  .command('optimize', 'optimise icons in place', (y) => y.option('dry-run', { type: 'boolean' }), cmdOptimize)
  .command('check', 'fail if icons are not optimised', {}, cmdCheck)
  .command('sprite', 'build an SVG sprite', (y) => y.option('out', { type: 'string', default: 'public/sprite.svg' }), cmdSprite)
  .demandCommand(1)
  .strict()
  .help()
  .parse();
