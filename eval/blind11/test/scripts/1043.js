#!/usr/bin/env node
// scripts/clean-next.js - remove Next.js build output (.next, out, .vercel/output)
// for each app under apps/. Callback style so it runs on old Node in CI images.
'use strict';

const fs = require('fs');
const path = require('path');

const REPO = path.resolve(__dirname, '..');
const APPS = path.join(REPO, 'apps');
const OUTPUTS = ['.next', 'out', path.join('.vercel', 'output')];
const dry = process.argv.slice(2).includes('--dry-run');

function listApps(cb) {
  fs.readdir(APPS, { withFileTypes: true }, (err, entries) => {
    if (err) return cb(err);
    cb(null, entries.filter((e) => e.isDirectory()).map((e) => path.join(APPS, e.name)));
  });
}

function safeToDelete(target, cb) {
  fs.lstat(target, (err, st) => {
    if (err) return cb(null, false);
    if (st.isSymbolicLink()) return cb(null, false);
    fs.realpath(target, (err2, real) => {
      if (err2) return cb(null, false);
      const rel = path.relative(APPS, real);
      cb(null, !rel.startsWith('..') && !path.isAbsolute(rel) && rel.split(path.sep).length >= 2);
    });
  });
}

function removeOne(target, cb) {
  safeToDelete(target, (err, ok) => {
    if (err || !ok) return cb(null, false);
    if (dry) {
      console.log(`would remove ${path.relative(REPO, target)}`);
      return cb(null, true);
    }
    fs.rm(target, { recursive: true, force: true }, (rmErr) => {
      if (rmErr) return cb(rmErr);
      console.log(`removed ${path.relative(REPO, target)}`);
      cb(null, true);
    });
  });
}

function series(items, fn, done) {
  let i = 0;
  let count = 0;
  (function next(err, removed) {
    if (err) return done(err);
    if (removed) count++;
    if (i >= items.length) return done(null, count);
    fn(items[i++], next);
  })();
}

if (!fs.existsSync(APPS)) {
  console.log('no apps/ directory; nothing to clean');
  process.exit(0);
}

listApps((err, apps) => {
  if (err) {
    console.error(`cannot read ${APPS}: ${err.message}`);
    process.exit(1);
  }
  const targets = [];
  for (const app of apps) {
    for (const out of OUTPUTS) targets.push(path.join(app, out));
  }
  series(targets, removeOne, (err2, count) => {
    if (err2) {
      console.error(err2.message);
      process.exit(1);
    }
    console.log(`${dry ? 'would remove' : 'removed'} ${count} output dir(s) in ${apps.length} app(s)`);
  });
});
