#!/usr/bin/env node
// scripts/run-hook.js - run a "post-deploy hook" snippet for the preview env.
// The snippet text comes from the PR description via the HOOK_SOURCE variable
// set by the CI job, or from a file path given on the command line.
'use strict';

const fs = require('node:fs');
const vm = require('node:vm');

function loadSource() {
  if (process.argv[2]) return fs.readFileSync(process.argv[2], 'utf8');
  return process.env.HOOK_SOURCE || '';
}

function main() {
  const source = loadSource();
  if (!source.trim()) {
    console.log('no hook to run');
    return;
  }
  const context = vm.createContext({ console, require, process });
  vm.runInContext(source, context, { filename: 'post-deploy-hook.js', timeout: 10000 });
  console.log('hook finished');
}

main();
