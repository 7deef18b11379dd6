#!/usr/bin/env node
// Bundle the browser extension: clean dist/, run esbuild, copy static files.
'use strict';

const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const DIST = path.join(__dirname, 'dist');
const STATIC = ['manifest.json', 'icons', 'popup.html'];
const watch = process.argv.includes('--watch');

function copy(src, dest) {
  const st = fs.statSync(src);
  if (st.isDirectory()) {
    fs.mkdirSync(dest, { recursive: true });
    for (const n of fs.readdirSync(src)) copy(path.join(src, n), path.join(dest, n));
  } else {
    fs.copyFileSync(src, dest);
  }
}

async function main() {
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });

  const ctx = await esbuild.context({
    entryPoints: ['src/background.ts', 'src/content.ts', 'src/popup.ts'],
    bundle: true,
    outdir: DIST,
    target: 'chrome120',
    sourcemap: watch ? 'inline' : false,
    minify: !watch,
    logLevel: 'info',
  });

  for (const item of STATIC) copy(path.join(__dirname, 'static', item), path.join(DIST, item));

  if (watch) {
    await ctx.watch();
    console.log('watching...');
  } else {
    await ctx.rebuild();
    await ctx.dispose();
    console.log(`built into ${path.relative(process.cwd(), DIST)}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
