// Mocha specs for the file-based job queue (lib/queue.js).
// Every spec gets its own queue directory under os.tmpdir(), created in
// beforeEach and removed in afterEach; no network, no global state.
//
//   npx mocha tools/queue.spec.js   (via `npm test`)
'use strict';

const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Queue } = require('../lib/queue');

describe('Queue', function () {
  this.timeout(5000);
  let dir;
  let queue;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-spec-'));
    queue = new Queue({ dir, visibilityTimeoutMs: 200 });
  });

  afterEach(async () => {
    await queue.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('enqueues and dequeues in FIFO order', async () => {
    await queue.push({ n: 1 });
    await queue.push({ n: 2 });
    const a = await queue.pop();
    const b = await queue.pop();
    assert.deepStrictEqual([a.body.n, b.body.n], [1, 2]);
  });

  it('persists jobs across instances', async () => {
    await queue.push({ keep: true });
    await queue.close();
    queue = new Queue({ dir, visibilityTimeoutMs: 200 });
    const job = await queue.pop();
    assert.strictEqual(job.body.keep, true);
  });

  it('returns null when empty', async () => {
    assert.strictEqual(await queue.pop(), null);
  });

  it('re-delivers a job that was not acked in time', async () => {
    await queue.push({ retry: 1 });
    const first = await queue.pop();
    await new Promise((r) => setTimeout(r, 300));
    const again = await queue.pop();
    assert.strictEqual(again.id, first.id);
    assert.strictEqual(again.attempts, 2);
  });

  it('ack removes the job file', async () => {
    await queue.push({ done: true });
    const job = await queue.pop();
    await queue.ack(job);
    const left = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    assert.deepStrictEqual(left, []);
  });

  it('moves a job to the dead-letter folder after maxAttempts', async () => {
    queue = new Queue({ dir, visibilityTimeoutMs: 50, maxAttempts: 2 });
    await queue.push({ poison: true });
    for (let i = 0; i < 3; i += 1) {
      await queue.pop();
      await new Promise((r) => setTimeout(r, 80));
    }
    const dead = fs.readdirSync(path.join(dir, 'dead'));
    assert.strictEqual(dead.length, 1);
  });

  it('handles concurrent producers', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => queue.push({ i })));
    const seen = new Set();
    let job;
    // eslint-disable-next-line no-cond-assign
    while ((job = await queue.pop())) {
      seen.add(job.body.i);
      await queue.ack(job);
    }
    assert.strictEqual(seen.size, 50);
  });

  it('rejects bodies that are not JSON-serialisable', async () => {
    const circular = {};
    circular.self = circular;
    await assert.rejects(queue.push(circular), /serialis/);
  });
});
