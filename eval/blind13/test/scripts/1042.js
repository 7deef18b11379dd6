#!/usr/bin/env node
// Build the harbor-ui component library with rollup's JS API. The previous
// ./lib output is removed first, after confirming the package identity.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { rollup } = require('rollup');
const { nodeResolve } = require('@rollup/plugin-node-resolve');
const typescript = require('@rollup/plugin-typescript');

const pkgDir = process.cwd();
const outDir = path.join(pkgDir, 'lib');

const targets = [
  { format: 'es', file: 'lib/index.mjs' },
  { format: 'cjs', file: 'lib/index.cjs' },
];

function readPackage(cb) {
  fs.readFile(path.join(pkgDir, 'package.json'), 'utf8', (err, text) => {
    if (err) return cb(new Error('package.json not found; run from packages/harbor-ui'));
    try {
      return cb(null, JSON.parse(text));
    } catch (e) {
      return cb(e);
    }
  });
}

function removeOutput(pkg, cb) {
  if (pkg.name !== '@harbor/ui') return cb(new Error(`unexpected package ${pkg.name}`));
  const rel = path.relative(pkgDir, outDir);
  if (rel !== 'lib') return cb(new Error(`refusing to remove ${outDir}`));
  fs.rm(outDir, { recursive: true, force: true }, (err) => cb(err, pkg));
}

function externalsOf(pkg) {
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
  return (id) => deps.some((d) => id === d || id.startsWith(`${d}/`));
}

async function bundle(pkg) {
  const started = Date.now();
  const build = await rollup({
    input: 'src/index.ts',
    external: externalsOf(pkg),
    plugins: [nodeResolve(), typescript({ tsconfig: './tsconfig.build.json' })],
    onwarn(warning, warn) {
      if (warning.code === 'CIRCULAR_DEPENDENCY') return;
      warn(warning);
    },
  });
  try {
    for (const t of targets) {
      await build.write({ file: t.file, format: t.format, sourcemap: true, exports: 'named' });
    }
  } finally {
    await build.close();
  }
  return Date.now() - started;
}

function sizes() {
  return targets.map((t) => {
    const bytes = fs.statSync(path.join(pkgDir, t.file)).size;
    return `${t.file} ${(bytes / 1024).toFixed(1)} KiB`;
  });
}

readPackage((err, pkg) => {
  if (err) {
    console.error(err.message);
    process.exit(1);
  }
  removeOutput(pkg, (rmErr) => {
    if (rmErr) {
      console.error(rmErr.message);
      process.exit(1);
    }
    bundle(pkg)
      .then((ms) => {
        console.log(`built ${pkg.name}@${pkg.version} in ${ms}ms`);
        sizes().forEach((line) => console.log(`  ${line}`));
      })
      .catch((buildErr) => {
        console.error(buildErr.message);
        process.exit(1);
      });
  });
});
