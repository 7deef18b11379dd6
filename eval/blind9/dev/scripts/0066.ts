#!/usr/bin/env -S npx tsx
// Dev proxy: serve the built frontend from web/dist and forward /api/* to the
// backend on localhost:8080, so the app can be tested without CORS tweaks.
// Listens on 127.0.0.1 only.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

const PORT = Number(process.env.PROXY_PORT ?? 3000);
const BACKEND = new URL(process.env.BACKEND_URL ?? 'http://127.0.0.1:8080');
const STATIC_ROOT = path.resolve(process.cwd(), 'web', 'dist');

if (!['localhost', '127.0.0.1', '::1'].includes(BACKEND.hostname)) {
  console.error(`BACKEND_URL must point at this machine, got ${BACKEND.hostname}`);
  process.exit(2);
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

const proxyApi: Handler = async (req, res) => {
  if (!req.url?.startsWith('/api/')) return false;
  await new Promise<void>((resolve) => {
    const upstream = http.request(
      {
        hostname: BACKEND.hostname,
        port: BACKEND.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: BACKEND.host, 'x-forwarded-proto': 'http' },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('end', resolve);
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`backend unavailable: ${err.message}`);
      resolve();
    });
    req.pipe(upstream);
  });
  return true;
};

const serveStatic: Handler = async (req, res) => {
  const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  let file = path.normalize(path.join(STATIC_ROOT, urlPath));
  if (!file.startsWith(STATIC_ROOT)) {
    res.writeHead(403).end();
    return true;
  }
  try {
    const st = await stat(file);
    if (st.isDirectory()) file = path.join(file, 'index.html');
  } catch {
    // SPA fallback: unknown paths get index.html
    file = path.join(STATIC_ROOT, 'index.html');
  }
  try {
    await stat(file);
  } catch {
    return false;
  }
  res.writeHead(200, {
    'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
  return true;
};

const handlers: Handler[] = [proxyApi, serveStatic];

const server = http.createServer(async (req, res) => {
  const started = performance.now();
  for (const h of handlers) {
    if (await h(req, res)) break;
  }
  if (!res.headersSent) res.writeHead(404).end('not found');
  res.on('finish', () => {
    console.log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
  });
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`dev proxy on http://127.0.0.1:${PORT}  (api -> ${BACKEND.origin}, static -> web/dist)`);
});

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => server.close(() => process.exit(0)));
}
