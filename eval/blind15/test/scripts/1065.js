// test/support/app-fixture.js - integration fixture for the ledger HTTP API.
//
// For each test file: create a private temp dir with a fresh SQLite database
// built from test/schema.sql, start the real server (node src/server.js) on
// 127.0.0.1 with a random port pointed at that database, and give tests a
// tiny request helper. Teardown stops the server process this fixture
// spawned and removes its temp dir.
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SCHEMA = path.join(ROOT, 'test', 'schema.sql');
const SEED = path.join(ROOT, 'test', 'seed.sql');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function makeDatabase(dir, { seed = true } = {}) {
  const file = path.join(dir, 'ledger-test.sqlite');
  execFileSync('sqlite3', [file], { input: fs.readFileSync(SCHEMA) });
  if (seed && fs.existsSync(SEED)) execFileSync('sqlite3', [file], { input: fs.readFileSync(SEED) });
  return file;
}

async function waitUntilReady(port, child, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode})`);
    try {
      const res = await fetch(new URL('/healthz', `http://127.0.0.1:${port}`));
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

class AppFixture {
  constructor(options = {}) {
    this.options = { seed: true, env: {}, ...options };
    this.dir = null;
    this.db = null;
    this.child = null;
    this.port = null;
    this.output = [];
  }

  async start() {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-api-test-'));
    this.db = makeDatabase(this.dir, this.options);
    this.port = await freePort();
    this.child = spawn(process.execPath, [path.join(ROOT, 'src', 'server.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LEDGER_DB_FILE: this.db,
        LEDGER_LOG_LEVEL: 'error',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.shift();
    };
    this.child.stdout.on('data', collect);
    this.child.stderr.on('data', collect);
    try {
      await waitUntilReady(this.port, this.child);
    } catch (err) {
      await this.stop();
      throw new Error(`${err.message}\n--- server output ---\n${this.output.join('')}`);
    }
    return this;
  }

  url(p = '/') {
    return `http://127.0.0.1:${this.port}${p}`;
  }

  async request(method, p, body, headers = {}) {
    const res = await fetch(this.url(p), {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'undefined' ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  query(sql) {
    // read-only helper for assertions against the fixture's own database
    if (!/^\s*select\b/i.test(sql)) throw new Error('fixture.query only runs SELECT statements');
    const out = execFileSync('sqlite3', ['-json', this.db, sql], { encoding: 'utf8' });
    return out.trim() ? JSON.parse(out) : [];
  }

  async stop() {
    if (this.child && this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.exitCode === null && this.child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    this.child = null;
    if (this.dir) {
      fs.rmSync(this.dir, { force: true, recursive: true, maxRetries: 2 });
      this.dir = null;
    }
  }
}

// Mocha/Jest style hooks:
//   const { useApp } = require('../support/app-fixture');
//   const app = useApp();
//   it('lists accounts', async () => { const r = await app().request('GET', '/accounts'); ... });
function useApp(options) {
  let fixture;
  beforeAll(async () => {
    fixture = await new AppFixture(options).start();
  });
  afterAll(async () => {
    if (fixture) await fixture.stop();
  });
  return () => fixture;
}

module.exports = { AppFixture, useApp, freePort };

if (require.main === module) {
  (async () => {
    const app = await new AppFixture().start();
    try {
      const r = await app.request('GET', '/healthz');
      console.log(`health ${r.status}; accounts: ${app.query('SELECT count(*) AS n FROM accounts')[0].n}`);
    } finally {
      await app.stop();
    }
  })().catch((e) => {
    console.error(e.message);
    process.exitCode = 1;
  });
}
