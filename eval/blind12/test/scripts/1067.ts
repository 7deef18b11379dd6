#!/usr/bin/env -S npx tsx
// Dev proxy: serves the built SPA from web/dist and forwards /api/* to the
// backend on 127.0.0.1:8000, so the frontend can be tested against a local
// backend without CORS. Binds to 127.0.0.1 only.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, request, IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STATIC_DIR = join(ROOT, "web", "dist");
const LISTEN = { host: "127.0.0.1", port: Number(process.env.PROXY_PORT ?? 5080) };
const BACKEND = { host: "127.0.0.1", port: Number(process.env.BACKEND_PORT ?? 8000) };

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

function forward(req: IncomingMessage, res: ServerResponse): void {
  const upstream = request(
    {
      host: BACKEND.host,
      port: BACKEND.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: `${BACKEND.host}:${BACKEND.port}`, "x-forwarded-proto": "http" },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on("error", (err) => {
    res.writeHead(502, { "content-type": "text/plain" });
    res.end(`backend unavailable: ${err.message}`);
  });
  req.pipe(upstream);
}

function serveStatic(urlPath: string, res: ServerResponse): void {
  const clean = normalize(decodeURIComponent(urlPath.split("?")[0])).replace(/^(\.\.[/\\])+/, "");
  let file = join(STATIC_DIR, clean);
  if (!file.startsWith(STATIC_DIR + sep) && file !== STATIC_DIR) {
    res.writeHead(403).end();
    return;
  }
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(STATIC_DIR, "index.html");
  res.writeHead(200, { "content-type": MIME[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(res);
}

const server = createServer((req, res) => {
  const started = Date.now();
  res.on("finish", () => {
    const ms = Date.now() - started;
    console.log(`${req.method} ${req.url} -> ${res.statusCode} ${ms}ms`);
  });
  if (req.url === "/__proxy/health") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true, backend: `${BACKEND.host}:${BACKEND.port}`, static: STATIC_DIR }));
    return;
  }
  if (req.url?.startsWith("/api/")) forward(req, res);
  else serveStatic(req.url ?? "/", res);
});

if (!existsSync(join(STATIC_DIR, "index.html"))) {
  console.error("web/dist/index.html missing; run `npm run build -w web` first");
  process.exit(1);
}

server.listen(LISTEN.port, LISTEN.host, () => {
  console.log(`proxy on http://${LISTEN.host}:${LISTEN.port} -> backend ${BACKEND.host}:${BACKEND.port}`);
});

process.on("SIGINT", () => server.close(() => process.exit(0)));
