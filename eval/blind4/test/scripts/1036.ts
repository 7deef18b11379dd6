// test/http-client.test.ts
// Exercises src/http/client.ts against an in-process server on 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../src/http/client';

let server: Server;
let baseUrl: string;
let hits: { method?: string; url?: string; auth?: string }[] = [];
let failNext = 0;
let cacheDir: string;

function handler(req: IncomingMessage, res: ServerResponse): void {
  hits.push({ method: req.method, url: req.url, auth: req.headers.authorization });
  if (failNext > 0) {
    failNext--;
    res.writeHead(503).end();
    return;
  }
  if (req.url === '/slow') {
    setTimeout(() => res.writeHead(200).end('{}'), 500);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(JSON.stringify({ ok: true, path: req.url }));
}

beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cacheDir = mkdtempSync(path.join(os.tmpdir(), 'http-client-test-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(cacheDir, { recursive: true, force: true });
});

beforeEach(() => {
  hits = [];
  failNext = 0;
});

describe('HttpClient', () => {
  it('sends the bearer token', async () => {
    const c = new HttpClient({ baseUrl, token: 'test-token', cacheDir });
    await c.get('/items');
    expect(hits[0].auth).toBe('Bearer test-token');
  });

  it('retries on 503', async () => {
    failNext = 2;
    const c = new HttpClient({ baseUrl, retries: 3, backoffMs: 1, cacheDir });
    const body = await c.get<{ ok: boolean }>('/retry');
    expect(body.ok).toBe(true);
    expect(hits).toHaveLength(3);
  });

  it('times out slow responses', async () => {
    const c = new HttpClient({ baseUrl, timeoutMs: 50, cacheDir });
    await expect(c.get('/slow')).rejects.toThrow(/timeout/i);
  });

  it('stores etags in the cache dir', async () => {
    const c = new HttpClient({ baseUrl, cacheDir });
    await c.get('/cached');
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
  });
});
