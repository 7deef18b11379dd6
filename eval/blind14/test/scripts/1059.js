#!/usr/bin/env node
// Tiny plugin loader for the release script: every *.js file in the
// directory named by RELEASE_PLUGINS (default /tmp/release-plugins) is
// evaluated and its exported hook is run.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.RELEASE_PLUGINS || '/tmp/release-plugins';

function loadPlugins() {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const module = { exports: {} };
      const code = fs.readFileSync(path.join(dir, f), 'utf8');
      eval(`(function (module, exports, require) {${code}\n})`)(module, module.exports, require);
      return { name: f, hook: module.exports.beforeRelease };
    });
}

const plugins = loadPlugins();
for (const p of plugins) {
  if (typeof p.hook === 'function') {
    p.hook({ version: process.argv[2] || '0.0.0' });
    console.log(`ran plugin ${p.name}`);
  }
}
console.log(`${plugins.length} plugin(s) loaded from ${dir}`);
