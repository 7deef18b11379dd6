// e2e/fixtures/mock-backend.ts
//
// Playwright fixture that gives every test worker its own in-process mock of
// the TrailMix REST API on 127.0.0.1 (random port), seeded from JSON files in
// e2e/fixtures/data/. Tests can register per-test overrides with
// `mockApi.on('GET', '/trips', handler)`, inspect received requests, and the
// server is closed when the worker finishes. A temp directory for uploaded
// files is created per worker and removed on teardown.
import { test as base, expect } from '@playwright/test';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handler = (req: RecordedRequest) => { status?: number; body?: unknown; headers?: Record<string, string> };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: number;
}

const DATA_DIR = path.resolve(__dirname, 'data');

export class MockApi {
  private server: Server | null = null;
  private routes = new Map<string, Handler>();
  private seed = new Map<string, unknown>();
  readonly requests: RecordedRequest[] = [];
  uploadDir = '';
  baseUrl = '';

  async start(): Promise<void> {
    await this.loadSeed();
    this.uploadDir = await mkdtemp(path.join(tmpdir(), 'trailmix-mock-uploads-'));
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    if (this.server) {
      await new Promise<void>((resolve) => this.server!.close(() => resolve()));
      this.server = null;
    }
    if (this.uploadDir) await rm(this.uploadDir, { recursive: true, force: true });
  }

  on(method: Method, route: string, handler: Handler): void {
    this.routes.set(`${method} ${route}`, handler);
  }

  reset(): void {
    this.routes.clear();
    this.requests.length = 0;
  }

  received(method: Method, route: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === route);
  }

  private async loadSeed(): Promise<void> {
    for (const file of await readdir(DATA_DIR)) {
      if (!file.endsWith('.json')) continue;
      const route = '/' + file.replace(/\.json$/, '').replace(/__/g, '/');
      this.seed.set(route, JSON.parse(await readFile(path.join(DATA_DIR, file), 'utf8')));
    }
  }

  private async readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!chunks.length) return undefined;
    const raw = Buffer.concat(chunks);
    const type = req.headers['content-type'] || '';
    if (type.includes('application/json')) return JSON.parse(raw.toString('utf8'));
    if (type.startsWith('image/')) {
      const file = path.join(this.uploadDir, `upload-${Date.now()}`);
      await writeFile(file, raw);
      return { storedAt: file, bytes: raw.length };
    }
    return raw.toString('utf8');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url || '/', this.baseUrl);
    const recorded: RecordedRequest = {
      method: req.method || 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: await this.readBody(req),
      at: Date.now(),
    };
    this.requests.push(recorded);

    const custom = this.routes.get(`${recorded.method} ${recorded.path}`);
    if (custom) {
      const out = custom(recorded);
      this.send(res, out.status ?? 200, out.body ?? {}, out.headers);
      return;
    }
    if (recorded.method === 'GET' && this.seed.has(recorded.path)) {
      this.send(res, 200, this.seed.get(recorded.path));
      return;
    }
    if (recorded.path === '/__health') {
      this.send(res, 200, { ok: true });
      return;
    }
    this.send(res, 404, { error: `no mock for ${recorded.method} ${recorded.path}` });
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      'access-control-allow-origin': '*',
      ...headers,
    });
    res.end(payload);
  }
}

type WorkerFixtures = { mockApi: MockApi };
type TestFixtures = { api: MockApi };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  mockApi: [
    async ({}, use) => {
      const api = new MockApi();
      await api.start();
      await use(api);
      await api.stop();
    },
    { scope: 'worker' },
  ],
  api: async ({ mockApi, page }, use) => {
    mockApi.reset();
    await page.addInitScript((url) => {
      (window as unknown as { __TRAILMIX_API__: string }).__TRAILMIX_API__ = url;
    }, mockApi.baseUrl);
    await use(mockApi);
  },
});

export { expect };

// Example usage kept next to the fixture so the contract stays documented:
//
// test('shows an empty state when there are no trips', async ({ page, api }) => {
//   api.on('GET', '/trips', () => ({ body: [] }));
//   await page.goto('/trips');
//   await expect(page.getByText('No trips yet')).toBeVisible();
//   expect(api.received('GET', '/trips')).toHaveLength(1);
// });

export function expectJsonBody<T>(req: RecordedRequest | undefined): T {
  if (!req) throw new Error('request was not received');
  if (typeof req.body !== 'object' || req.body === null) {
    throw new Error(`expected a JSON body, got ${typeof req.body}`);
  }
  return req.body as T;
}

export async function waitForRequest(
  api: MockApi,
  method: Method,
  route: string,
  timeoutMs = 5000,
): Promise<RecordedRequest> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const hit = api.received(method, route).at(-1);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${method} ${route}`);
}
