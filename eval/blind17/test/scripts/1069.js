#!/usr/bin/env node
// scripts/tray-helper.js — install the small menu-bar helper that shows the state
// of the local dev stack (compose services up/down) while working on `harbourline`.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LABEL = 'com.harbourline.devtray';

function* installSteps() {
  const helperDir = path.join(os.homedir(), '.local', 'share', 'harbourline-tray');
  yield {
    file: path.join(helperDir, 'tray.js'),
    content: fs.readFileSync(path.join(ROOT, 'tools', 'tray', 'tray.js'), 'utf8'),
  };
  yield {
    file: path.join(helperDir, 'config.json'),
    content: JSON.stringify({ compose: path.join(ROOT, 'compose.yaml'), pollSeconds: 10 }, null, 2),
  };
  if (process.platform === 'darwin') {
    yield {
      file: path.join(os.homedir(), 'Library', 'LaunchAgents', `${LABEL}.plist`),
      content: `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>Label</key><string>${LABEL}</string>
  <key>ProgramArguments</key><array><string>${process.execPath}</string><string>${path.join(helperDir, 'tray.js')}</string></array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
</dict></plist>
`,
      after: (file) => execFileSync('launchctl', ['load', '-w', file]),
    };
  }
}

function run(dry) {
  for (const step of installSteps()) {
    if (dry) {
      console.log(`would write ${step.file.replace(os.homedir(), '~')}`);
      continue;
    }
    fs.mkdirSync(path.dirname(step.file), { recursive: true });
    fs.writeFileSync(step.file, step.content);
    console.log(`wrote ${step.file.replace(os.homedir(), '~')}`);
    if (step.after) step.after(step.file);
  }
}

function main() {
  const dry = process.argv.includes('--dry-run');
  if (!fs.existsSync(path.join(ROOT, 'tools', 'tray', 'tray.js'))) {
    console.error('tools/tray/tray.js missing');
    process.exit(1);
  }
  run(dry);
  console.log(dry ? 'dry run' : 'tray helper installed');
}

main();
