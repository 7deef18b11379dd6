#!/usr/bin/env node
// scripts/migrate-eslint-config.js
// Convert the legacy .eslintrc.json to an ESLint 9 flat config (eslint.config.mjs).
// Leaves the old file in place as .eslintrc.json.bak so the change is reviewable.
'use strict';

const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const legacyPath = path.join(root, '.eslintrc.json');
const ignorePath = path.join(root, '.eslintignore');
const outPath = path.join(root, 'eslint.config.mjs');

const PLUGIN_IMPORTS = {
  '@typescript-eslint': ["import tseslint from 'typescript-eslint';", 'tseslint.plugin'],
  react: ["import react from 'eslint-plugin-react';", 'react'],
  'react-hooks': ["import reactHooks from 'eslint-plugin-react-hooks';", 'reactHooks'],
  import: ["import importPlugin from 'eslint-plugin-import';", 'importPlugin'],
};

function readIgnores() {
  if (!fs.existsSync(ignorePath)) return [];
  return fs
    .readFileSync(ignorePath, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

function main() {
  if (!fs.existsSync(legacyPath)) {
    console.error('.eslintrc.json not found; nothing to migrate');
    process.exit(1);
  }
  if (fs.existsSync(outPath)) {
    console.error('eslint.config.mjs already exists; refusing to overwrite');
    process.exit(1);
  }
  const legacy = JSON.parse(fs.readFileSync(legacyPath, 'utf8'));
  const plugins = legacy.plugins || [];
  const imports = ["import js from '@eslint/js';", "import globals from 'globals';"];
  const pluginEntries = [];
  for (const p of plugins) {
    const spec = PLUGIN_IMPORTS[p];
    if (!spec) {
      console.warn(`no mapping for plugin ${p}; add it manually`);
      continue;
    }
    imports.push(spec[0]);
    pluginEntries.push(`      ${JSON.stringify(p)}: ${spec[1]},`);
  }
  const env = legacy.env || {};
  const globalsExpr = Object.keys(env)
    .filter((k) => env[k] && ['browser', 'node', 'jest'].includes(k))
    .map((k) => `...globals.${k}`)
    .join(', ');
  const body = `${imports.join('\n')}

export default [
  { ignores: ${JSON.stringify(readIgnores())} },
  js.configs.recommended,
  {
    languageOptions: { globals: { ${globalsExpr} } },
    plugins: {
${pluginEntries.join('\n')}
    },
    rules: ${JSON.stringify(legacy.rules || {}, null, 2).replace(/\n/g, '\n    ')},
  },
];
`;
  fs.writeFileSync(outPath, body);
  fs.renameSync(legacyPath, legacyPath + '.bak');
  console.log('wrote eslint.config.mjs; old config kept as .eslintrc.json.bak');
}

main();
