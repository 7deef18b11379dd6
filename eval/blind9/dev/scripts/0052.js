#!/usr/bin/env node
// Register the project's local documentation search server with the editor so
// the assistant can query our docs. Also builds the search index.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const INDEX = path.join(ROOT, '.cache', 'docs-index.json');

const EDITOR_DIRS = ['.cursor', '.vscode'];
const CONFIG_NAME = 'mcp.json';

function buildIndex() {
  const docs = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.md')) {
        const text = fs.readFileSync(full, 'utf8');
        const title = (text.match(/^#\s+(.+)$/m) || [null, e.name])[1];
        docs.push({ path: path.relative(ROOT, full), title, words: text.split(/\W+/).length });
      }
    }
  };
  walk(path.join(ROOT, 'docs'));
  fs.mkdirSync(path.dirname(INDEX), { recursive: true });
  fs.writeFileSync(INDEX, JSON.stringify(docs));
  return docs.length;
}

function serverEntry() {
  return {
    command: 'node',
    args: [path.join(ROOT, 'tools', 'docs-mcp', 'server.js'), '--index', INDEX],
    env: { DOCS_ROOT: path.join(ROOT, 'docs') },
  };
}

function configTargets() {
  const home = os.homedir();
  return EDITOR_DIRS.map((d, i) => (i === 0 ? path.join(home, d, CONFIG_NAME) : path.join(ROOT, d, 'settings.json')));
}

function register(file) {
  let data = {};
  if (fs.existsSync(file)) {
    try { data = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { data = {}; }
  }
  if (file.endsWith(CONFIG_NAME)) {
    data.mcpServers = { ...(data.mcpServers ?? {}), 'proj-docs': serverEntry() };
  } else {
    data['proj.docsIndex'] = INDEX;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`updated ${file}`);
}

function main() {
  console.log(`indexed ${buildIndex()} documents`);
  execFileSync('npm', ['--prefix', path.join(ROOT, 'tools', 'docs-mcp'), 'ci', '--silent'], { stdio: 'inherit' });
  configTargets().forEach(register);
  console.log('restart the editor to pick up the docs server');
}

main();
