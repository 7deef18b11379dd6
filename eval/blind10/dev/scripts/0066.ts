// Local API stub for offline frontend work. Serves JSON from fixtures/api,
// records unknown requests to fixtures/api/_misses.log and binds to
// 127.0.0.1 only.
import http, { IncomingMessage, ServerResponse } from "node:http";
import { appendFile, readFile, stat } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "fixtures", "api");
const PORT = Number(process.env.STUB_PORT ?? 3999);
const LATENCY_MS = Number(process.env.STUB_LATENCY ?? 0);

type Handler = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

const routes: Route[] = [];

function route(method: string, spec: string, handler: Handler): void {
  const keys: string[] = [];
  const pattern = new RegExp(
    "^" + spec.replace(/:(\w+)/g, (_m, k: string) => {
      keys.push(k);
      return "([^/]+)";
    }) + "$",
  );
  routes.push({ method, pattern, keys, handler });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function fixture(name: string): Promise<unknown | undefined> {
  const file = path.join(FIXTURES, `${name}.json`);
  if (!file.startsWith(FIXTURES + path.sep)) return undefined;
  try {
    await stat(file);
  } catch {
    return undefined;
  }
  return JSON.parse(await readFile(file, "utf8"));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

route("GET", "/api/users", async (_req, res) => {
  send(res, 200, (await fixture("users")) ?? []);
});

route("GET", "/api/users/:id", async (_req, res, { id }) => {
  const users = ((await fixture("users")) ?? []) as { id: string }[];
  const user = users.find((u) => String(u.id) === id);
  if (user) send(res, 200, user);
  else send(res, 404, { error: `user ${id} not found` });
});

route("GET", "/api/projects/:slug/tasks", async (_req, res, { slug }) => {
  const data = await fixture(`tasks-${slug.replace(/[^\w-]/g, "")}`);
  send(res, data ? 200 : 404, data ?? { error: "no fixture" });
});

route("POST", "/api/tasks", async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const task = { id: Date.now(), ...JSON.parse(body || "{}") };
  send(res, 201, task);
});

async function logMiss(req: IncomingMessage): Promise<void> {
  const line = `${new Date().toISOString()} ${req.method} ${req.url}\n`;
  await appendFile(path.join(FIXTURES, "_misses.log"), line);
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${PORT}`);
  if (LATENCY_MS) await sleep(LATENCY_MS);
  for (const r of routes) {
    const m = r.method === req.method ? url.pathname.match(r.pattern) : null;
    if (!m) continue;
    const params = Object.fromEntries(r.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])]));
    try {
      await r.handler(req, res, params);
    } catch (err) {
      send(res, 500, { error: (err as Error).message });
    }
    return;
  }
  await logMiss(req);
  send(res, 404, { error: "no stub for this route" });
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(`API stub on http://127.0.0.1:${PORT} (${routes.length} routes)`);
});
