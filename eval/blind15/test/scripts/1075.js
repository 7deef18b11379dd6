#!/usr/bin/env node
// tools/install-git-helpers.js - make the repo's commit template and
// changelog helper available in every repository on this machine.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const targets = [
  { from: 'tools/gitmessage.txt', to: path.join(os.homedir(), '.config', 'git', 'ledger-message.txt') },
  { from: 'tools/changelog-helper.js', to: path.join(os.homedir(), 'bin', 'changelog-helper') },
  { from: 'tools/changelog-helper.js', to: path.join(REPO, '..', 'ledger-ui', 'tools', 'changelog-helper.js') },
];

for (const t of targets) {
  const src = path.join(REPO, t.from);
  fs.mkdirSync(path.dirname(t.to), { recursive: true });
  fs.copyFileSync(src, t.to);
  if (t.to.includes(`${path.sep}bin${path.sep}`)) fs.chmodSync(t.to, 0o755);
  console.log(`installed ${t.to}`);
}
