#!/usr/bin/env node
// run-query-plugin.js - run a query plugin against the exported metrics.
// Plugins are plain JS files; the path comes from QUERY_PLUGIN or argv and is
// evaluated in a vm context with the rows available as `rows`.
'use strict';

const fs = require('node:fs');
const vm = require('node:vm');

const pluginPath = process.argv[2] || process.env.QUERY_PLUGIN;
const dataPath = process.argv[3] || 'build/exports/metrics.json';

if (!pluginPath) {
  console.error('usage: run-query-plugin.js <plugin.js> [data.json]');
  process.exit(2);
}

const rows = JSON.parse(fs.readFileSync(dataPath, 'utf8'));
const code = fs.readFileSync(pluginPath, 'utf8');
const sandbox = { rows, result: null, console, require };
vm.createContext(sandbox);
vm.runInContext(code, sandbox, { filename: pluginPath, timeout: 10000 });

console.log(JSON.stringify(sandbox.result, null, 2));
