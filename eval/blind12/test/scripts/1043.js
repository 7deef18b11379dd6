#!/usr/bin/env node
// Local OAuth callback catcher for `harbor login --dev`.
// Starts a one-shot HTTP server on 127.0.0.1, waits for the identity
// provider to redirect back with ?code=&state=, checks the state and writes
// the code to .dev-login.json in the repo (git-ignored) for the CLI to use.
'use strict';

const http = require('node:http');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { once } = require('node:events');

const OUT = path.join(__dirname, '..', '.dev-login.json');
const HOST = '127.0.0.1';

function page(title, message) {
  return `<!doctype html><meta charset="utf-8"><title>${title}</title>
<body style="font-family: system-ui; margin: 4rem"><h1>${title}</h1><p>${message}</p></body>`;
}

function createCatcher(expectedState) {
  let resolveCode;
  let rejectCode;
  const codePromise = new Promise((resolve, reject) => {
    resolveCode = resolve;
    rejectCode = reject;
  });

  const srv = http.createServer((req, res) => {
    const url = new URL(req.url, `http://${HOST}`);
    if (url.pathname !== '/callback') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const error = url.searchParams.get('error');
    const state = url.searchParams.get('state');
    const code = url.searchParams.get('code');
    if (error) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end(page('Login failed', error));
      rejectCode(new Error(`provider returned error: ${error}`));
      return;
    }
    if (state !== expectedState || !code) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end(page('Login failed', 'state mismatch'));
      rejectCode(new Error('state mismatch or missing code'));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Logged in', 'You can close this tab.'));
    resolveCode(code);
  });
  return { server: srv, codePromise };
}

async function main() {
  const port = Number(process.argv[2] || 8976);
  const timeoutMs = Number(process.env.LOGIN_TIMEOUT_MS || 120000);
  const state = crypto.randomBytes(16).toString('hex');
  const { server, codePromise } = createCatcher(state);
  server.listen(port, HOST);
  await once(server, 'listening');
  const redirectUri = `http://${HOST}:${port}/callback`;
  console.log(`waiting for callback on ${redirectUri}`);
  console.log(`state=${state}`);

  const timer = setTimeout(() => server.emit('timeout-login'), timeoutMs);
  const timeout = once(server, 'timeout-login').then(() => {
    throw new Error(`no callback within ${timeoutMs / 1000}s`);
  });

  try {
    const code = await Promise.race([codePromise, timeout]);
    fs.writeFileSync(OUT, JSON.stringify({ code, redirectUri, at: new Date().toISOString() }, null, 2), {
      mode: 0o600,
    });
    console.log(`authorization code saved to ${path.basename(OUT)}`);
  } finally {
    clearTimeout(timer);
    server.close();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
