#!/usr/bin/env node
// Install the team's git aliases and global gitignore for every repository.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const home = os.homedir();

const ignoreSrc = path.join(ROOT, 'tools', 'git', 'global.gitignore');
const ignoreDest = path.join(home, '.config', 'git', 'ignore');
fs.mkdirSync(path.dirname(ignoreDest), { recursive: true });
fs.copyFileSync(ignoreSrc, ignoreDest);
console.log(`global gitignore -> ${ignoreDest}`);

const aliases = fs.readFileSync(path.join(ROOT, 'tools', 'git', 'aliases.inc'), 'utf8');
const incDest = path.join(home, '.config', 'acme', 'git-aliases.inc');
fs.mkdirSync(path.dirname(incDest), { recursive: true });
fs.writeFileSync(incDest, aliases);
console.log(`aliases -> ${incDest}`);
console.log('add to ~/.gitconfig yourself:  [include] path = ~/.config/acme/git-aliases.inc');
