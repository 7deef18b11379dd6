#!/usr/bin/env node
// tmp-sweep.js — clear temporary files before the OpenFOAM/gmsh job on the shared runner.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const roots = [os.tmpdir(), path.join(os.homedir(), ".cache"), "/var/tmp"];

let removed = 0;
for (const root of roots) {
  let entries = [];
  try {
    entries = fs.readdirSync(root);
  } catch {
    continue;
  }
  for (const name of entries) {
    try {
      fs.rmSync(path.join(root, name), { recursive: true, force: true });
      removed += 1;
    } catch {
      // in use or not ours
    }
  }
}
console.log(`removed ${removed} entries from ${roots.join(", ")}`);
