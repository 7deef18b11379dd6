// test/helpers/https-fixture.js - start a throwaway HTTPS server on 127.0.0.1
// with a freshly generated self-signed certificate, for tests of the client's
// TLS options (custom CA, pinning, SNI). Everything lives in a temp dir that
// is removed in teardown.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

const HOST_RE = /^(localhost|[a-z0-9-]+\.localhost)$/;

function openssl(args, cwd) {
  return execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

function makeCerts(dir, hostname) {
  if (!HOST_RE.test(hostname)) throw new Error(`test certs only for *.localhost, got ${hostname}`);
  openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key'], dir);
  openssl(['req', '-x509', '-new', '-key', 'ca.key', '-days', '1', '-subj', '/CN=test-ca',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-out', 'ca.pem'], dir);
  openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'server.key'], dir);
  openssl(['req', '-new', '-key', 'server.key', '-subj', `/CN=${hostname}`, '-out', 'server.csr'], dir);
  fs.writeFileSync(
    path.join(dir, 'ext.cnf'),
    `subjectAltName=DNS:${hostname},IP:127.0.0.1\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key',
    '-CAcreateserial', '-days', '1', '-extfile', 'ext.cnf', '-out', 'server.pem'], dir);
  const read = (f) => fs.readFileSync(path.join(dir, f));
  return { ca: read('ca.pem'), key: read('server.key'), cert: read('server.pem') };
}

function fingerprint256(pem) {
  const der = Buffer.from(
    pem.toString().replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''),
    'base64',
  );
  return crypto.createHash('sha256').update(der).digest('base64');
}

class HttpsFixture {
  constructor({ hostname = 'localhost', routes = {} } = {}) {
    this.hostname = hostname;
    this.routes = routes;
    this.requests = [];
    this.dir = null;
    this.server = null;
    this.port = null;
    this.ca = null;
    this.pin = null;
  }

  async start() {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'https-fixture-'));
    const { ca, key, cert } = makeCerts(this.dir, this.hostname);
    this.ca = ca;
    this.pin = fingerprint256(cert);
    this.server = https.createServer({ key, cert }, (req, res) => this.handle(req, res));
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', resolve);
    });
    this.port = this.server.address().port;
    return this;
  }

  handle(req, res) {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      this.requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      const route = this.routes[`${req.method} ${req.url}`];
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'no route' }));
        return;
      }
      const [status, payload, headers = {}] = typeof route === 'function' ? route(req, body) : route;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    });
  }

  get url() {
    return `https://${this.hostname}:${this.port}`;
  }

  lastRequest() {
    return this.requests[this.requests.length - 1] || null;
  }

  reset() {
    this.requests.length = 0;
  }

  route(method, urlPath, reply) {
    if (!/^(GET|POST|PUT|PATCH|DELETE)$/.test(method)) throw new Error(`bad method ${method}`);
    this.routes[`${method} ${urlPath}`] = reply;
    return this;
  }

  agentOptions() {
    // what the client under test should be configured with
    return { ca: this.ca, servername: this.hostname, lookup: (h, o, cb) => cb(null, '127.0.0.1', 4) };
  }

  async stop() {
    if (this.server) {
      await new Promise((resolve) => this.server.close(resolve));
      this.server = null;
    }
    if (this.dir) {
      fs.rmSync(this.dir, { recursive: true, force: true });
      this.dir = null;
    }
  }
}

async function withHttpsFixture(opts, fn) {
  const fx = await new HttpsFixture(opts).start();
  try {
    return await fn(fx);
  } finally {
    await fx.stop();
  }
}

module.exports = { HttpsFixture, withHttpsFixture, fingerprint256 };

// Self-test: `node test/helpers/https-fixture.js`
if (require.main === module) {
  withHttpsFixture({ routes: { 'GET /ping': [200, { pong: true }] } }, async (fx) => {
    const res = await new Promise((resolve, reject) => {
      const req = https.request(`${fx.url}/ping`, fx.agentOptions(), (r) => {
        let data = '';
        r.on('data', (c) => (data += c));
        r.on('end', () => resolve({ status: r.statusCode, data }));
      });
      req.on('error', reject);
      req.end();
    });
    console.log(res.status, res.data, `pin=${fx.pin.slice(0, 12)}...`);
    if (res.status !== 200) process.exitCode = 1;
  }).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
