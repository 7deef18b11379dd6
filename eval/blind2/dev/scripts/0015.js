#!/usr/bin/env node
// scripts/build.js - bundle the server with esbuild into ./build
'use strict';

const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');
const outdir = path.join(root, 'build');
const watch = process.argv.includes('--watch');
const pkg = require(path.join(root, 'package.json'));

fs.rmSync(outdir, { recursive: true, force: true });
fs.mkdirSync(outdir, { recursive: true });

const options = {
  entryPoints: [path.join(root, 'src/server.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  minify: !watch,
  external: Object.keys(pkg.dependencies || {}),
  define: {
    'process.env.APP_VERSION': JSON.stringify(pkg.version),
  },
  logLevel: 'info',
};

async function run() {
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    console.log('watching for changes...');
    return;
  }
  const result = await esbuild.build({ ...options, metafile: true });
  fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  for (const asset of ['public', 'views']) {
    const src = path.join(root, asset);
    if (fs.existsSync(src)) fs.cpSync(src, path.join(outdir, asset), { recursive: true });
  }
  const size = fs.statSync(path.join(outdir, 'server.js')).size;
  console.log(`build/server.js ${(size / 1024).toFixed(1)} KiB`);
}

run().catch(() => process.exit(1));
