#!/usr/bin/env -S npx tsx
// Dev server with live reload: serves ./public and pushes reload events over SSE.
import { createServer, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { watch } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';

const ROOT = resolve('public');
const PORT = Number(process.env.PORT ?? 5500);
const TYPES: Record<string, string> = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json',
};
const clients = new Set<ServerResponse>();
const RELOAD_SNIPPET = `<script>new EventSource('/__reload').onmessage=()=>location.reload()</script>`;

function safePath(urlPath: string): string | null {
  const p = normalize(join(ROOT, decodeURIComponent(urlPath.split('?')[0])));
  return p.startsWith(ROOT) ? p : null;
}

const server = createServer(async (req, res) => {
  if (req.url === '/__reload') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  let file = safePath(req.url ?? '/');
  if (!file) {
    res.writeHead(403).end();
    return;
  }
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    let body = await readFile(file);
    if (extname(file) === '.html') body = Buffer.from(body.toString().replace('</body>', `${RELOAD_SNIPPET}</body>`));
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});

let timer: NodeJS.Timeout | undefined;
watch(ROOT, { recursive: true }, (_evt, name) => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    console.log(`changed ${name}; reloading ${clients.size} client(s)`);
    for (const c of clients) c.write('data: reload\n\n');
  }, 100);
});

server.listen(PORT, '127.0.0.1', () => console.log(`http://127.0.0.1:${PORT} serving ${ROOT}`));
process.on('SIGINT', () => server.close(() => process.exit(0)));
