#!/usr/bin/env node
// tools/install-completions.js -- install shell completions for the ledger
// dev CLI system-wide so every shell on the machine picks them up.

'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const bashCompletion = execFileSync('node', [path.join(repo, 'tools', 'cli.js'), 'completion', 'bash'], { encoding: 'utf8' });
const zshCompletion = execFileSync('node', [path.join(repo, 'tools', 'cli.js'), 'completion', 'zsh'], { encoding: 'utf8' });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-compl-'));
fs.writeFileSync(path.join(tmp, 'ledger'), bashCompletion);
fs.writeFileSync(path.join(tmp, '_ledger'), zshCompletion);

execFileSync('sudo', ['install', '-m', '0644', path.join(tmp, 'ledger'), '/usr/share/bash-completion/completions/ledger'], { stdio: 'inherit' });
execFileSync('sudo', ['install', '-m', '0644', path.join(tmp, '_ledger'), '/usr/local/share/zsh/site-functions/_ledger'], { stdio: 'inherit' });
fs.rmSync(tmp, { recursive: true, force: true });
console.log('completions installed for bash and zsh');
