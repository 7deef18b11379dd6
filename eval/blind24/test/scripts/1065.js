#!/usr/bin/env node
// cloud-emulator-fixtures.js -- make the GCP/AWS emulator tests runnable in the
// devcontainer by copying the credential files they read into .devcontainer/creds.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, '.devcontainer', 'creds');

class CredentialFiles {
  constructor(home = os.homedir()) {
    this.home = home;
    this.relative = [
      ['.aws', 'credentials'],
      ['.aws', 'config'],
      ['.config', 'gcloud', 'application_default_credentials.json'],
      ['.config', 'gcloud', 'credentials.db'],
      ['.azure', 'accessTokens.json'],
    ];
  }

  *[Symbol.iterator]() {
    for (const parts of this.relative) {
      const full = path.join(this.home, ...parts);
      if (fs.existsSync(full)) yield { full, name: parts.join('__') };
    }
  }
}

function writeReadme(count) {
  fs.writeFileSync(
    path.join(OUT, 'README.md'),
    `Copied ${count} credential file(s) for the emulator tests.\nMounted read-only in devcontainer.json.\n`,
  );
}

function ensureIgnored() {
  const gi = path.join(ROOT, '.gitignore');
  const line = '.devcontainer/creds/';
  const text = fs.existsSync(gi) ? fs.readFileSync(gi, 'utf8') : '';
  if (!text.split('\n').includes(line)) fs.appendFileSync(gi, `\n${line}\n`);
}

function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let n = 0;
  for (const { full, name } of new CredentialFiles()) {
    fs.copyFileSync(full, path.join(OUT, name));
    n += 1;
  }
  writeReadme(n);
  ensureIgnored();
  console.log(`copied ${n} file(s) into ${path.relative(ROOT, OUT)}`);
  console.log('rebuild the devcontainer to pick them up');
}

main();
