// tools/tile-server.ts - tiny local tile server for developing the map front-end.
//
//   tsx tools/tile-server.ts                 serve public/tiles/*.pmtiles on 127.0.0.1:8787
//   tsx tools/tile-server.ts --port 9000
//
// Implements the z/x/y endpoint by reading tiles out of the PMTiles archives
// with the `pmtiles` library (local files only), plus /style.json and /health.
// Binds to loopback only; the dev server proxies /tiles to it. CORS is limited
// to the Vite dev origin. Nothing is written to disk.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { open, type FileHandle } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PMTiles, type Source, type RangeResponse } from 'pmtiles';

const SITE = path.resolve(__dirname, '..');
const TILE_DIR = path.join(SITE, 'public', 'tiles');
const STYLE = path.join(SITE, 'public', 'style.json');
const ALLOWED_ORIGIN = 'http://localhost:5173';

interface Options {
  port: number;
  host: '127.0.0.1';
}

class FileSource implements Source {
  private handle: Promise<FileHandle>;

  constructor(private readonly file: string) {
    this.handle = open(file, 'r');
  }

  getKey(): string {
    return this.file;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const fh = await this.handle;
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, offset);
    const slice = buf.subarray(0, bytesRead);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) as ArrayBuffer };
  }

  async close(): Promise<void> {
    await (await this.handle).close();
  }
}

const archives = new Map<string, { pm: PMTiles; source: FileSource; mtime: number }>();

function archiveFor(name: string) {
  if (!/^[\w-]+$/.test(name)) return null;
  const file = path.join(TILE_DIR, `${name}.pmtiles`);
  if (!existsSync(file)) return null;
  const mtime = statSync(file).mtimeMs;
  const cached = archives.get(name);
  if (cached && cached.mtime === mtime) return cached.pm;
  if (cached) void cached.source.close();
  const source = new FileSource(file);
  const pm = new PMTiles(source);
  archives.set(name, { pm, source, mtime });
  return pm;
}

function parseArgs(argv: readonly string[]): Options {
  const opts: Options = { port: 8787, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') opts.port = Number(argv[++i]);
    else throw new Error(`unsupported option ${argv[i]}`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 1024 || opts.port > 65535) throw new Error('--port must be 1024..65535');
  return opts;
}

function send(res: ServerResponse, status: number, body: Buffer | string, type = 'text/plain', extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Access-Control-Allow-Origin': ALLOWED_ORIGIN,
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(body);
}

const TILE_PATH = /^\/tiles\/([\w-]+)\/(\d{1,2})\/(\d+)\/(\d+)\.(mvt|pbf|png|webp)$/;

async function tile(res: ServerResponse, name: string, z: number, x: number, y: number): Promise<void> {
  const pm = archiveFor(name);
  if (!pm) return send(res, 404, `no archive ${name}`);
  const header = await pm.getHeader();
  if (z < header.minZoom || z > header.maxZoom) return send(res, 204, '');
  const result = await pm.getZxy(z, x, y);
  if (!result) return send(res, 204, '');
  const type = header.tileType === 1 ? 'application/x-protobuf' : header.tileType === 2 ? 'image/png' : 'application/octet-stream';
  const encoding = header.tileCompression === 2 ? { 'Content-Encoding': 'gzip' } : {};
  send(res, 200, Buffer.from(result.data), type, encoding);
}

async function tilejson(res: ServerResponse, name: string, req: IncomingMessage): Promise<void> {
  const pm = archiveFor(name);
  if (!pm) return send(res, 404, `no archive ${name}`);
  const header = await pm.getHeader();
  const metadata = (await pm.getMetadata()) as Record<string, unknown>;
  const base = `http://${req.headers.host}`;
  const json = {
    tilejson: '3.0.0',
    tiles: [`${base}/tiles/${name}/{z}/{x}/{y}.mvt`],
    minzoom: header.minZoom,
    maxzoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    vector_layers: metadata.vector_layers ?? [],
  };
  send(res, 200, JSON.stringify(json), 'application/json');
}

function listArchives(): string[] {
  if (!existsSync(TILE_DIR)) return [];
  return readdirSync(TILE_DIR)
    .filter((f) => f.endsWith('.pmtiles'))
    .map((f) => f.replace(/\.pmtiles$/, ''));
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'OPTIONS') return send(res, 204, '', 'text/plain', { 'Access-Control-Allow-Methods': 'GET' });
  if (req.method !== 'GET') return send(res, 405, 'method not allowed');
  if (url.pathname === '/health') return send(res, 200, JSON.stringify({ ok: true, archives: listArchives() }), 'application/json');
  if (url.pathname === '/style.json') {
    if (!existsSync(STYLE)) return send(res, 404, 'build the style first');
    return send(res, 200, readFileSync(STYLE), 'application/json');
  }
  const tj = /^\/tiles\/([\w-]+)\.json$/.exec(url.pathname);
  if (tj) return tilejson(res, tj[1], req);
  const m = TILE_PATH.exec(url.pathname);
  if (m) return tile(res, m[1], Number(m[2]), Number(m[3]), Number(m[4]));
  return send(res, 404, 'not found');
}

async function describeArchives(): Promise<void> {
  // printed once at startup so it is obvious which zoom ranges are served
  for (const name of listArchives()) {
    const pm = archiveFor(name);
    if (!pm) continue;
    try {
      const h = await pm.getHeader();
      const sizeMb = statSync(path.join(TILE_DIR, `${name}.pmtiles`)).size / 1e6;
      console.log(`  ${name.padEnd(24)} z${h.minZoom}-${h.maxZoom}  ${sizeMb.toFixed(1)} MB`);
    } catch (err) {
      console.log(`  ${name.padEnd(24)} unreadable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2)); // --port only
  void describeArchives();
  const server = createServer((req, res) => {
    const started = Date.now();
    route(req, res)
      .catch((err: unknown) => {
        send(res, 500, err instanceof Error ? err.message : 'error');
      })
      .finally(() => {
        if (process.env.TILE_LOG) console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`);
      });
  });
  server.listen(opts.port, opts.host, () => {
    console.log(`tiles on http://${opts.host}:${opts.port}/ (${listArchives().join(', ') || 'no archives yet'})`);
  });
  const stop = () => {
    server.close(() => {
      Promise.all([...archives.values()].map((a) => a.source.close())).finally(() => process.exit(0));
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
