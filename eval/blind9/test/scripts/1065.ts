// node:test suite for the config hot-reloader (src/config/watcher.ts).
// Run: node --import tsx --test tools/watcher.test.ts
// Every test works in a directory from mkdtemp under os.tmpdir(), cleaned in `after`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigWatcher, type ConfigChange } from '../src/config/watcher.js';

let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cfg-watch-'));
});

after(async () => {
  await rm(dir, { force: true, recursive: true });
});

function collect(watcher: ConfigWatcher): ConfigChange[] {
  const seen: ConfigChange[] = [];
  watcher.on('change', (c: ConfigChange) => seen.push(c));
  return seen;
}

async function eventually(pred: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('ConfigWatcher', () => {
  it('loads the initial file', async () => {
    const file = join(dir, 'a.json');
    await writeFile(file, JSON.stringify({ level: 'info' }));
    const w = new ConfigWatcher(file, { debounceMs: 10 });
    await w.start();
    assert.equal(w.current().level, 'info');
    await w.stop();
  });

  it('emits a change with a diff when the file is rewritten', async () => {
    const file = join(dir, 'b.json');
    await writeFile(file, JSON.stringify({ level: 'info', port: 1 }));
    const w = new ConfigWatcher(file, { debounceMs: 10 });
    const seen = collect(w);
    await w.start();
    await writeFile(file, JSON.stringify({ level: 'debug', port: 1 }));
    await eventually(() => seen.length === 1);
    assert.deepEqual(seen[0].changed, ['level']);
    await w.stop();
  });

  it('survives atomic replace via rename', async () => {
    const file = join(dir, 'c.json');
    await writeFile(file, JSON.stringify({ n: 1 }));
    const w = new ConfigWatcher(file, { debounceMs: 10 });
    const seen = collect(w);
    await w.start();
    const tmp = join(dir, 'c.json.tmp');
    await writeFile(tmp, JSON.stringify({ n: 2 }));
    await rename(tmp, file);
    await eventually(() => seen.length >= 1);
    assert.equal(w.current().n, 2);
    await w.stop();
  });

  it('keeps the last good config when the new file is invalid', async () => {
    const file = join(dir, 'd.json');
    await writeFile(file, JSON.stringify({ ok: true }));
    const w = new ConfigWatcher(file, { debounceMs: 10 });
    const errors: Error[] = [];
    w.on('error', (e: Error) => errors.push(e));
    await w.start();
    await writeFile(file, '{ not json');
    await eventually(() => errors.length === 1);
    assert.equal(w.current().ok, true);
    await w.stop();
  });

  it('debounces bursts of writes into one change', async () => {
    const file = join(dir, 'e.json');
    await writeFile(file, JSON.stringify({ v: 0 }));
    const w = new ConfigWatcher(file, { debounceMs: 100 });
    const seen = collect(w);
    await w.start();
    for (let v = 1; v <= 5; v++) await writeFile(file, JSON.stringify({ v }));
    await sleep(300);
    assert.equal(seen.length, 1);
    assert.equal(w.current().v, 5);
    await w.stop();
  });
});
