/*
 * debug-proxy.js -- preload module that routes this Node process's outbound
 * HTTP(S) through a local intercepting proxy while debugging.
 *
 *   DEBUG_PROXY=http://127.0.0.1:8080 node -r ./scripts/debug-proxy.js server.js
 *   DEBUG_PROXY=http://127.0.0.1:8080 NODE_OPTIONS="-r ./scripts/debug-proxy.js" npm test
 *
 * Safety rules:
 *  - does nothing unless DEBUG_PROXY is set
 *  - the proxy must be on localhost/127.0.0.1/::1 (refuses anything else)
 *  - the proxy's CA is added for this process only (via undici Agent `connect.ca`
 *    and https.globalAgent.options.ca); TLS verification stays on
 *  - hosts in DEBUG_PROXY_BYPASS (comma-separated) go direct
 */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const https = require('https');
const tls = require('tls');

const PROXY = process.env.DEBUG_PROXY;
const LOCAL_PROXY_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function warn(msg) {
  process.stderr.write(`[debug-proxy] ${msg}\n`);
}

function caFile() {
  const explicit = process.env.DEBUG_PROXY_CA;
  if (explicit) return explicit;
  return path.join(os.homedir(), '.mitmproxy', 'mitmproxy-ca-cert.pem');
}

function loadCa(file) {
  if (!fs.existsSync(file)) {
    warn(`CA file ${file} not found; HTTPS through the proxy will fail verification`);
    return null;
  }
  const pem = fs.readFileSync(file, 'utf8');
  if (!pem.includes('BEGIN CERTIFICATE')) {
    warn(`${file} does not look like a PEM certificate; ignoring`);
    return null;
  }
  return pem;
}

function bypassList() {
  const raw = process.env.DEBUG_PROXY_BYPASS || 'localhost,127.0.0.1';
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function shouldBypass(host, list) {
  const h = String(host || '').toLowerCase();
  return list.some((b) => h === b || (b.startsWith('.') && h.endsWith(b)));
}

function installUndici(proxyUrl, ca, bypass) {
  let undici;
  try {
    undici = require('undici');
  } catch {
    warn('undici not installed; global fetch() will not use the proxy (npm i -D undici)');
    return false;
  }
  const { ProxyAgent, Agent, setGlobalDispatcher } = undici;
  const caList = ca ? [...tls.rootCertificates, ca] : undefined;
  const viaProxy = new ProxyAgent({ uri: proxyUrl, requestTls: caList ? { ca: caList } : undefined });
  const direct = new Agent({ connect: caList ? { ca: caList } : undefined });
  // route per request so bypass hosts skip the proxy
  const dispatcher = {
    dispatch(opts, handler) {
      const host = new URL(opts.origin).hostname;
      return (shouldBypass(host, bypass) ? direct : viaProxy).dispatch(opts, handler);
    },
    close() {
      return Promise.all([viaProxy.close(), direct.close()]);
    },
    destroy() {
      return Promise.all([viaProxy.destroy(), direct.destroy()]);
    },
  };
  setGlobalDispatcher(dispatcher);
  return true;
}

function installCoreAgents(proxyUrl, ca, bypass) {
  let HttpsProxyAgent;
  let HttpProxyAgent;
  try {
    ({ HttpsProxyAgent } = require('https-proxy-agent'));
    ({ HttpProxyAgent } = require('http-proxy-agent'));
  } catch {
    warn('https-proxy-agent/http-proxy-agent not installed; http/https modules go direct');
    return false;
  }
  const caList = ca ? [...tls.rootCertificates, ca] : undefined;
  const httpsAgent = new HttpsProxyAgent(proxyUrl, { ca: caList, keepAlive: true });
  const httpAgent = new HttpProxyAgent(proxyUrl, { keepAlive: true });
  const origHttpsRequest = https.request;
  const origHttpRequest = http.request;
  const pick = (agent, orig, defaults) =>
    function patched(input, options, cb) {
      const opts = typeof input === 'string' || input instanceof URL ? { ...options } : { ...input };
      const host = typeof input === 'string' || input instanceof URL ? new URL(input).hostname : opts.hostname || opts.host;
      if (!opts.agent && !shouldBypass(host, bypass)) opts.agent = agent;
      if (typeof input === 'string' || input instanceof URL) return orig.call(defaults, input, opts, cb);
      return orig.call(defaults, opts, typeof options === 'function' ? options : cb);
    };
  https.request = pick(httpsAgent, origHttpsRequest, https);
  http.request = pick(httpAgent, origHttpRequest, http);
  return true;
}

function describeCa(pem) {
  // subject + expiry of the CA we are about to trust for this process, for the log
  if (!pem) return 'none';
  try {
    const { X509Certificate } = require('crypto');
    const cert = new X509Certificate(pem);
    return `${cert.subject.replace(/\n/g, ', ')} (valid to ${cert.validTo})`;
  } catch {
    return 'unparsable certificate';
  }
}

function proxyReachable(url) {
  // quick TCP probe so a stopped mitmproxy gives a clear message, not ECONNREFUSED everywhere
  const net = require('net');
  return new Promise((resolve) => {
    const sock = net.connect({ host: url.hostname, port: Number(url.port || 8080) });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(500, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

function reportOnExit(startedAt) {
  process.once('exit', () => {
    const secs = ((Date.now() - startedAt) / 1000).toFixed(1);
    warn(`process ran ${secs}s with proxy routing enabled`);
  });
}

function main() {
  if (!PROXY) return;
  reportOnExit(Date.now());
  let url;
  try {
    url = new URL(PROXY);
  } catch {
    warn(`DEBUG_PROXY is not a URL: ${PROXY}`);
    return;
  }
  if (!LOCAL_PROXY_HOSTS.has(url.hostname)) {
    warn(`refusing non-local proxy ${url.hostname}; only a proxy on this machine is allowed`);
    return;
  }
  if (process.env.NODE_TLS_REJECT_UNAUTHORIZED === '0') {
    warn('NODE_TLS_REJECT_UNAUTHORIZED=0 is set; unset it, the proxy CA is trusted explicitly instead');
  }
  const ca = loadCa(caFile());
  warn(`extra CA for this process: ${describeCa(ca)}`);
  proxyReachable(url).then((ok) => {
    if (!ok) warn(`nothing is listening on ${url.host}; start mitmproxy first`);
  });
  const bypass = bypassList();
  const a = installUndici(url.toString(), ca, bypass);
  const b = installCoreAgents(url.toString(), ca, bypass);
  if (a || b) {
    warn(`routing outbound traffic via ${url.host} (bypass: ${bypass.join(', ')})`);
  }
}

main();
