// End-to-end tests for the upload service, run with vitest.
//
// Starts the compiled server on an ephemeral 127.0.0.1 port with a storage
// directory inside a fresh temp dir, exercises the HTTP API with fetch, and
// removes the temp dir afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SERVER = path.resolve(__dirname, '..', 'dist', 'server.js');

let tmp: string;
let proc: ChildProcess;
let base: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'upload-e2e-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  proc = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STORAGE_DIR: tmp, MAX_UPLOAD_MB: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitReady(base);
}, 20_000);

afterAll(async () => {
  proc?.kill('SIGTERM');
  await rm(tmp, { recursive: true, force: true });
});

async function upload(name: string, body: Buffer | string, type = 'text/plain') {
  const form = new FormData();
  form.append('file', new Blob([body], { type }), name);
  return fetch(`${base}/v1/files`, { method: 'POST', body: form });
}

describe('upload service', () => {
  it('stores an uploaded file and returns its id', async () => {
    const res = await upload('hello.txt', 'hello world');
    expect(res.status).toBe(201);
    const json = (await res.json()) as { id: string; size: number };
    expect(json.size).toBe(11);
    const stored = await readdir(tmp);
    expect(stored).toContain(json.id);
    expect(await readFile(path.join(tmp, json.id), 'utf8')).toBe('hello world');
  });

  it('serves the file back with the original content type', async () => {
    const { id } = (await (await upload('a.json', '{"a":1}', 'application/json')).json()) as { id: string };
    const res = await fetch(`${base}/v1/files/${id}`);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ a: 1 });
  });

  it('rejects files over the size limit', async () => {
    const res = await upload('big.bin', Buffer.alloc(2 * 1024 * 1024), 'application/octet-stream');
    expect(res.status).toBe(413);
  });

  it('rejects path traversal in ids', async () => {
    await writeFile(path.join(tmp, 'inside.txt'), 'fixture');
    const res = await fetch(`${base}/v1/files/..%2Foutside.txt`);
    expect([400, 404]).toContain(res.status);
  });

  it('deletes a file', async () => {
    const { id } = (await (await upload('bye.txt', 'bye')).json()) as { id: string };
    const del = await fetch(`${base}/v1/files/${id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await fetch(`${base}/v1/files/${id}`)).status).toBe(404);
  });
});
