#!/usr/bin/env -S npx tsx
/**
 * mfe-proxy.ts -- local reverse proxy that stitches the micro-frontends
 * together on one origin during development.
 *
 *   npx tsx scripts/mfe-proxy.ts                 # uses mfe.routes.json
 *   npx tsx scripts/mfe-proxy.ts --port 8080 --log
 *
 * Routes map path prefixes to local dev servers (e.g. /checkout -> :5174).
 * Targets must be localhost/127.0.0.1 or *.internal dev hosts; the proxy
 * itself listens on 127.0.0.1 only. WebSocket upgrades (HMR) are forwarded.
 */
import http from 'node:http';
import net from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Route {
  prefix: string;
  target: string;
  stripPrefix?: boolean;
}

interface Settings {
  port: number;
  log: boolean;
  routes: Route[];
}

const ROOT = process.cwd();
const ROUTES_FILE = path.join(ROOT, 'mfe.routes.json');
const DEFAULT_ROUTES: Route[] = [
  { prefix: '/checkout', target: 'http://127.0.0.1:5174' },
  { prefix: '/account', target: 'http://127.0.0.1:5175' },
  { prefix: '/', target: 'http://127.0.0.1:5173' },
];

function allowedTarget(raw: string): URL {
  const url = new URL(raw);
  const host = url.hostname;
  const ok = host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.internal');
  if (!ok) throw new Error(`route target ${raw} is not a local or *.internal dev server`);
  if (url.protocol !== 'http:') throw new Error(`route target ${raw} must be http:// (dev servers)`);
  return url;
}

function settings(argv: string[]): Settings {
  const get = (f: string) => {
    const i = argv.indexOf(f);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const routes = existsSync(ROUTES_FILE) ? (JSON.parse(readFileSync(ROUTES_FILE, 'utf8')) as Route[]) : DEFAULT_ROUTES;
  for (const r of routes) {
    if (!r.prefix.startsWith('/')) throw new Error(`route prefix must start with /: ${r.prefix}`);
    allowedTarget(r.target);
  }
  routes.sort((a, b) => b.prefix.length - a.prefix.length);
  return { port: Number(get('--port') ?? 8080), log: argv.includes('--log'), routes };
}

function match(routes: Route[], url: string): { route: Route; path: string } | null {
  for (const route of routes) {
    if (url === route.prefix || url.startsWith(route.prefix.endsWith('/') ? route.prefix : `${route.prefix}/`) || route.prefix === '/') {
      const rest = route.stripPrefix && route.prefix !== '/' ? url.slice(route.prefix.length) || '/' : url;
      return { route, path: rest };
    }
  }
  return null;
}

function forwardHeaders(req: http.IncomingMessage, target: URL): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...req.headers };
  headers.host = target.host;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  delete headers['proxy-connection'];
  return headers;
}

function start(s: Settings): http.Server {
  const server = http.createServer((req, res) => {
    const m = match(s.routes, req.url ?? '/');
    if (!m) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no route');
      return;
    }
    const target = allowedTarget(m.route.target);
    const started = Date.now();
    const upstream = http.request(
      { hostname: target.hostname, port: target.port, path: m.path, method: req.method, headers: forwardHeaders(req, target) },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        if (s.log) up.on('end', () => console.log(`${up.statusCode} ${req.method} ${req.url} -> ${target.port}${m.path} ${Date.now() - started}ms`));
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`upstream ${target.host} unavailable: ${err.message}`);
    });
    req.pipe(upstream);
  });

  // HMR websockets: raw TCP tunnel to the matching dev server
  server.on('upgrade', (req, socket, head) => {
    const m = match(s.routes, req.url ?? '/');
    if (!m) return socket.destroy();
    const target = allowedTarget(m.route.target);
    const conn = net.connect(Number(target.port || 80), target.hostname, () => {
      const lines = [`${req.method} ${m.path} HTTP/${req.httpVersion}`];
      for (const [k, v] of Object.entries(forwardHeaders(req, target))) {
        if (v !== undefined) lines.push(`${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
      }
      conn.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) conn.write(head);
      socket.pipe(conn).pipe(socket);
    });
    conn.on('error', () => socket.destroy());
    socket.on('error', () => conn.destroy());
  });

  server.listen(s.port, '127.0.0.1', () => {
    console.log(`mfe-proxy on http://127.0.0.1:${s.port}`);
    for (const r of s.routes) console.log(`  ${r.prefix.padEnd(14)} -> ${r.target}${r.stripPrefix ? ' (strip)' : ''}`);
  });
  return server;
}

async function checkTargets(routes: Route[]): Promise<void> {
  for (const r of routes) {
    const t = allowedTarget(r.target);
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(Number(t.port || 80), t.hostname);
      sock.setTimeout(500, () => {
        sock.destroy();
        resolve(false);
      });
      sock.once('connect', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (!up) console.warn(`note: nothing listening yet for ${r.prefix} (${r.target})`);
  }
}

function printRoutesTable(routes: Route[]): void {
  // `--routes` prints the effective routing table and exits
  const width = Math.max(...routes.map((r) => r.prefix.length), 6);
  console.log(`${'prefix'.padEnd(width)}  target`);
  for (const r of routes) {
    console.log(`${r.prefix.padEnd(width)}  ${r.target}${r.stripPrefix ? '  (prefix stripped)' : ''}`);
  }
}

function duplicatePrefixes(routes: Route[]): string[] {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const r of routes) {
    if (seen.has(r.prefix)) dupes.push(r.prefix);
    seen.add(r.prefix);
  }
  return dupes;
}

function main(): void {
  const s = settings(process.argv.slice(2));
  const dupes = duplicatePrefixes(s.routes);
  if (dupes.length) throw new Error(`duplicate route prefixes: ${dupes.join(', ')}`);
  if (process.argv.includes('--routes')) {
    printRoutesTable(s.routes);
    return;
  }
  void checkTargets(s.routes);
  const server = start(s);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  main();
} catch (err) {
  console.error(`mfe-proxy: ${(err as Error).message}`);
  process.exitCode = 1;
}
