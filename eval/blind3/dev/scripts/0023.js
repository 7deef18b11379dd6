#!/usr/bin/env node
// tmp_build.js - clean dist and bundle with esbuild
const { rmSync, mkdirSync } = require('fs');
const { execFileSync } = require('child_process');

rmSync('./dist', { recursive: true, force: true });
mkdirSync('./dist');
execFileSync('npx', ['esbuild', 'src/index.ts', '--bundle', '--platform=node', '--outfile=dist/index.js', '--sourcemap'], { stdio: 'inherit' });
execFileSync('npx', ['tsc', '--emitDeclarationOnly', '--outDir', 'dist/types'], { stdio: 'inherit' });
console.log('build complete');
