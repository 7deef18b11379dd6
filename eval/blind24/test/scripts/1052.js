#!/usr/bin/env node
/*
 * simple-hooks.js -- install git hooks declared in package.json:
 *
 *   "simple-git-hooks": {
 *     "pre-commit": "npx lint-staged",
 *     "commit-msg": "npx --no -- commitlint --edit \"$1\"",
 *     "preserveUnused": false
 *   }
 *
 * Usage: node scripts/simple-hooks.js [--uninstall] [--dry-run]
 *
 * Writes only <git-dir>/hooks/<name> for the repository containing the cwd.
 * Hooks not created by this script are moved aside to <name>.user and put
 * back by --uninstall. Set SKIP_SIMPLE_GIT_HOOKS=1 to skip (CI does).
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const STAMP = '# simple-hooks.js managed hook';
const VALID = [
  'applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit',
  'prepare-commit-msg', 'commit-msg', 'post-commit', 'pre-rebase', 'post-checkout',
  'post-merge', 'pre-push', 'post-rewrite',
];

const argv = new Set(process.argv.slice(2));
const DRY = argv.has('--dry-run');

function say(msg) {
  process.stdout.write(`[simple-hooks] ${msg}\n`);
}

function gitOutput(args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function locate() {
  let top;
  try {
    top = gitOutput(['rev-parse', '--show-toplevel']);
  } catch {
    say('not in a git repository; nothing to do');
    process.exit(0);
  }
  let hooksPath = '';
  try {
    hooksPath = gitOutput(['config', '--get', 'core.hooksPath']);
  } catch {
    hooksPath = '';
  }
  const gitPathHooks = gitOutput(['rev-parse', '--git-path', 'hooks']);
  const dir = path.resolve(top, gitPathHooks);
  return { top, dir, hooksPath };
}

function readConfig(top) {
  const pkgFile = path.join(top, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
  const cfg = pkg['simple-git-hooks'];
  if (!cfg) {
    say('no "simple-git-hooks" key in package.json');
    process.exit(0);
  }
  const hooks = {};
  for (const [name, cmd] of Object.entries(cfg)) {
    if (name === 'preserveUnused') continue;
    if (!VALID.includes(name)) throw new Error(`"${name}" is not a git hook name`);
    if (typeof cmd !== 'string' || !cmd.trim()) throw new Error(`hook "${name}" needs a command string`);
    if (/\b(curl|wget)\b[^\n]*\|\s*(ba|z)?sh\b/.test(cmd)) {
      throw new Error(`hook "${name}" pipes a download into a shell; refusing`);
    }
    hooks[name] = cmd;
  }
  return { hooks, preserveUnused: Boolean(cfg.preserveUnused) };
}

function body(name, command) {
  return [
    '#!/bin/sh',
    STAMP,
    `# ${name}: edit package.json "simple-git-hooks" and re-run node scripts/simple-hooks.js`,
    '[ "$SKIP_SIMPLE_GIT_HOOKS" = "1" ] && exit 0',
    command,
    '',
  ].join('\n');
}

function managed(file) {
  try {
    return fs.readFileSync(file, 'utf8').includes(STAMP);
  } catch {
    return false;
  }
}

function writeHook(dir, name, command) {
  const file = path.join(dir, name);
  const content = body(name, command);
  if (fs.existsSync(file)) {
    if (fs.readFileSync(file, 'utf8') === content) return 'unchanged';
    if (!managed(file)) {
      const aside = `${file}.user`;
      if (fs.existsSync(aside)) throw new Error(`${name}: ${aside} already exists; resolve manually`);
      if (!DRY) fs.renameSync(file, aside);
      say(`${name}: existing hook moved to ${name}.user`);
    }
  }
  if (!DRY) {
    fs.writeFileSync(file, content, { mode: 0o755 });
    fs.chmodSync(file, 0o755);
  }
  return 'written';
}

function install() {
  if (process.env.SKIP_SIMPLE_GIT_HOOKS === '1' || process.env.CI) {
    say('skipped (CI or SKIP_SIMPLE_GIT_HOOKS=1)');
    return;
  }
  const { top, dir, hooksPath } = locate();
  if (hooksPath) {
    say(`core.hooksPath is set (${hooksPath}); git ignores ${path.relative(top, dir)}. Not installing.`);
    process.exitCode = 1;
    return;
  }
  const { hooks, preserveUnused } = readConfig(top);
  if (!DRY) fs.mkdirSync(dir, { recursive: true });
  for (const [name, cmd] of Object.entries(hooks)) {
    say(`${name}: ${writeHook(dir, name, cmd)}${DRY ? ' (dry run)' : ''}`);
  }
  if (!preserveUnused) {
    for (const name of VALID) {
      const file = path.join(dir, name);
      if (!(name in hooks) && managed(file)) {
        if (!DRY) fs.unlinkSync(file);
        say(`${name}: removed (no longer configured)`);
      }
    }
  }
}

function uninstall() {
  const { dir } = locate();
  for (const name of VALID) {
    const file = path.join(dir, name);
    const aside = `${file}.user`;
    if (managed(file)) {
      if (!DRY) fs.unlinkSync(file);
      say(`${name}: removed`);
    }
    if (fs.existsSync(aside)) {
      if (!DRY) fs.renameSync(aside, file);
      say(`${name}: restored your original hook`);
    }
  }
}

function list() {
  const { dir } = locate();
  for (const name of VALID) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) continue;
    const kind = managed(file) ? 'managed' : 'user';
    say(`${name.padEnd(20)} ${kind}${fs.existsSync(`${file}.user`) ? ' (+ .user kept aside)' : ''}`);
  }
}

// entry point: --uninstall | --list | (default) install
try {
  if (argv.has('--uninstall')) uninstall();
  else if (argv.has('--list')) list();
  else install();
} catch (err) {
  say(`error: ${err.message}`);
  process.exitCode = 1;
}
