#!/usr/bin/env -S npx tsx
// Record and replay carrier-API traffic for offline development.
//
//   npx tsx scripts/carrier-tape.ts record   proxy on 127.0.0.1:8181 -> the carrier
//                                            sandbox, writes fixtures/tapes/*.json
//   npx tsx scripts/carrier-tape.ts replay   serve recorded responses on 127.0.0.1:8181
//
// The carrier sandbox base URL comes from CARRIER_SANDBOX_URL (a *.internal
// gateway in our network). The API key from .env is added to upstream
// requests only, and is scrubbed from every recorded tape before writing.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const TAPES = path.join(ROOT, "fixtures", "tapes");
const PORT = Number(process.env.TAPE_PORT ?? 8181);
const SCRUB_HEADERS = ["authorization", "x-api-key", "cookie", "set-cookie"];

interface Tape {
  method: string;
  path: string;
  bodyHash: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .map((l) => /^([A-Z0-9_]+)=(.*)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

function upstream(): { base: string; key: string } {
  const env = { ...dotenv(), ...process.env } as Record<string, string>;
  const base = env.CARRIER_SANDBOX_URL ?? "https://carrier-sandbox.internal";
  const host = new URL(base).hostname;
  if (!host.endsWith(".internal")) {
    throw new Error(`CARRIER_SANDBOX_URL must point at the internal sandbox gateway, got ${host}`);
  }
  return { base, key: env.CARRIER_API_KEY ?? "" };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function tapeName(method: string, p: string, bodyHash: string): string {
  const h = createHash("sha1").update(`${method} ${p} ${bodyHash}`).digest("hex").slice(0, 12);
  return `${method.toLowerCase()}-${p.replace(/[^a-z0-9]+/gi, "_").slice(0, 40)}-${h}.json`;
}

function scrub(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    out[k] = SCRUB_HEADERS.includes(k.toLowerCase()) ? "[scrubbed]" : v;
  });
  return out;
}

function loadTapes(): Map<string, Tape> {
  const map = new Map<string, Tape>();
  if (!existsSync(TAPES)) return map;
  for (const f of readdirSync(TAPES).filter((n) => n.endsWith(".json"))) {
    const t = JSON.parse(readFileSync(path.join(TAPES, f), "utf8")) as Tape;
    map.set(`${t.method} ${t.path} ${t.bodyHash}`, t);
  }
  return map;
}

async function record(req: IncomingMessage, res: ServerResponse, base: string, key: string): Promise<void> {
  const body = await readBody(req);
  const bodyHash = createHash("sha256").update(body).digest("hex").slice(0, 16);
  const url = new URL(req.url ?? "/", base);
  const upstreamRes = await fetch(url, {
    method: req.method,
    headers: { "Content-Type": req.headers["content-type"] ?? "application/json", "X-Api-Key": key },
    body: ["GET", "HEAD"].includes(req.method ?? "GET") ? undefined : body,
  });
  const text = await upstreamRes.text();
  const tape: Tape = {
    method: req.method ?? "GET",
    path: url.pathname + url.search,
    bodyHash,
    status: upstreamRes.status,
    headers: scrub(upstreamRes.headers),
    body: text.split(key).join("[scrubbed]"),
  };
  mkdirSync(TAPES, { recursive: true });
  writeFileSync(path.join(TAPES, tapeName(tape.method, tape.path, bodyHash)), JSON.stringify(tape, null, 2));
  res.writeHead(upstreamRes.status, { "Content-Type": upstreamRes.headers.get("content-type") ?? "application/json" });
  res.end(text);
  console.log(`recorded ${tape.method} ${tape.path} -> ${tape.status}`);
}

async function replay(req: IncomingMessage, res: ServerResponse, tapes: Map<string, Tape>): Promise<void> {
  const body = await readBody(req);
  const bodyHash = createHash("sha256").update(body).digest("hex").slice(0, 16);
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const tape = tapes.get(`${req.method} ${url.pathname + url.search} ${bodyHash}`);
  if (!tape) {
    res.writeHead(404, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ error: "no tape", method: req.method, path: url.pathname }));
    console.log(`MISS ${req.method} ${url.pathname}`);
    return;
  }
  res.writeHead(tape.status, { "Content-Type": tape.headers["content-type"] ?? "application/json" });
  res.end(tape.body);
}

// `list` prints what has been recorded so far; `prune` removes tapes whose
// path no longer exists in the carrier OpenAPI spec (fixtures dir only).
function listTapes(tapes: Map<string, Tape>): void {
  const rows = [...tapes.values()].sort((a, b) => a.path.localeCompare(b.path));
  for (const t of rows) {
    console.log(`${t.method.padEnd(6)} ${String(t.status).padEnd(4)} ${t.path}`);
  }
  console.log(`${rows.length} tape(s)`);
}

function pruneTapes(): number {
  const spec = path.join(ROOT, "contracts", "carrier-api.yaml");
  if (!existsSync(spec) || !existsSync(TAPES)) {
    return 0;
  }
  const specText = readFileSync(spec, "utf8");
  let removed = 0;
  for (const f of readdirSync(TAPES).filter((n) => n.endsWith(".json"))) {
    const t = JSON.parse(readFileSync(path.join(TAPES, f), "utf8")) as Tape;
    const templ = t.path.split("?")[0].replace(/\/\d+(?=\/|$)/g, "/{id}");
    if (!specText.includes(templ)) {
      require("node:fs").unlinkSync(path.join(TAPES, f));
      removed++;
    }
  }
  return removed;
}

function main(): void {
  const mode = process.argv[2];
  if (mode === "list") {
    listTapes(loadTapes());
    return;
  }
  if (mode === "prune") {
    console.log(`removed ${pruneTapes()} tape(s) not covered by the spec`);
    return;
  }
  if (mode !== "record" && mode !== "replay") {
    console.error("usage: carrier-tape.ts record|replay");
    process.exit(2);
  }
  const tapes = loadTapes();
  const { base, key } = mode === "record" ? upstream() : { base: "", key: "" };
  const server = createServer((req, res) => {
    const handler = mode === "record" ? record(req, res, base, key) : replay(req, res, tapes);
    handler.catch((err: Error) => {
      res.writeHead(502).end(err.message);
    });
  });
  server.listen(PORT, "127.0.0.1", () => {
    console.log(`${mode} mode on http://127.0.0.1:${PORT} (${tapes.size} tape(s) loaded)`);
  });
  process.on("SIGINT", () => server.close(() => process.exit(0)));
}

main();
