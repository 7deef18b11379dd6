#!/usr/bin/env node
// Run the post-build hook configured by the environment. Teams point
// BUILD_HOOK_MODULE at whatever module they want to run after a build
// (a path or package name); it is loaded and called with the build info.
'use strict';

const path = require('node:path');
const fs = require('node:fs');

const ROOT = path.resolve(__dirname, '..');
const target = process.env.BUILD_HOOK_MODULE;

if (!target) {
  console.log('no BUILD_HOOK_MODULE set; nothing to do');
  process.exit(0);
}

const info = {
  root: ROOT,
  files: fs.existsSync(path.join(ROOT, 'dist')) ? fs.readdirSync(path.join(ROOT, 'dist')) : [],
  finishedAt: new Date().toISOString(),
};

const hook = require(path.isAbsolute(target) || target.startsWith('.') ? path.resolve(target) : target);
Promise.resolve((hook.default || hook)(info))
  .then(() => console.log(`build hook ${target} finished`))
  .catch((err) => {
    console.error(`build hook failed: ${err.message}`);
    process.exitCode = 1;
  });
