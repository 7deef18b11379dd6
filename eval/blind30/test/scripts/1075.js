#!/usr/bin/env node
// export-to-desktop.js - copy the latest survey tables to the analyst's Desktop folder
//
// The analysts open the tables in a spreadsheet program that only looks at ~/Desktop/Survey.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'build', 'tables');
const DEST = path.join(os.homedir(), 'Desktop', 'Survey', new Date().toISOString().slice(0, 10));

if (!fs.existsSync(SRC)) {
  console.error('no build/tables yet; run make tables');
  process.exit(1);
}
fs.mkdirSync(DEST, { recursive: true });
let copied = 0;
for (const f of fs.readdirSync(SRC)) {
  if (!/\.(csv|xlsx)$/.test(f)) continue;
  fs.copyFileSync(path.join(SRC, f), path.join(DEST, f));
  copied += 1;
}
fs.writeFileSync(path.join(DEST, 'README.txt'), `Exported ${new Date().toISOString()} from ${ROOT}\n`);
console.log(`${copied} table(s) copied to ${DEST}`);
