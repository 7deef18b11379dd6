#!/usr/bin/env -S npx tsx
// Mock payment provider for the e2e tests. Listens on 127.0.0.1 only and
// serves canned responses from tests/mocks/payments/*.json. Requests are
// recorded so the tests can assert on them via GET /__requests.
import { readFileSync, readdirSync } from "node:fs";
import { createServer, IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const MOCK_DIR = path.join(ROOT, "tests", "mocks", "payments");
const HOST = "127.0.0.1";
const PORT = Number(process.env.MOCK_PAYMENTS_PORT ?? 4010);

interface Fixture {
  method: string;
  path: string;
  status: number;
  body: unknown;
  delayMs?: number;
}

interface Recorded {
  method: string;
  url: string;
  body: string;
  at: string;
}

const recorded: Recorded[] = [];

function loadFixtures(): Fixture[] {
  return readdirSync(MOCK_DIR)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => {
      const data = JSON.parse(readFileSync(path.join(MOCK_DIR, f), "utf8")) as Fixture | Fixture[];
      return Array.isArray(data) ? data : [data];
    });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function matches(f: Fixture, method: string, url: string): boolean {
  if (f.method !== method) return false;
  const pattern = new RegExp("^" + f.path.replace(/:[a-z]+/gi, "[^/]+") + "$");
  return pattern.test(url.split("?")[0]);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

let fixtures = loadFixtures();

const server = createServer(async (req, res) => {
  const method = req.method ?? "GET";
  const url = req.url ?? "/";
  if (url === "/__requests") return json(res, 200, recorded);
  if (url === "/__reset" && method === "POST") {
    recorded.length = 0;
    fixtures = loadFixtures();
    return json(res, 204, {});
  }
  const body = await readBody(req);
  recorded.push({ method, url, body, at: new Date().toISOString() });
  const fixture = fixtures.find((f) => matches(f, method, url));
  if (!fixture) return json(res, 404, { error: `no fixture for ${method} ${url}` });
  if (fixture.delayMs) await new Promise((r) => setTimeout(r, fixture.delayMs));
  json(res, fixture.status, fixture.body);
});

server.listen(PORT, HOST, () => {
  console.log(`mock payments on http://${HOST}:${PORT} (${fixtures.length} fixtures)`);
});

const shutdown = (): void => {
  server.close(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
