#!/usr/bin/env node
// scripts/check-links.js - broken link check for the docs site build.
//
// Serves ./dist on an ephemeral localhost port with a tiny static server
// (started and closed by this script), runs linkinator recursively against
// it, and writes reports/links.json + reports/links.md.
//
// External links are checked with HEAD only, with a small concurrency and a
// per-host delay so third-party sites are not hammered; --internal-only skips
// them entirely. Known-flaky hosts live in links.skip.json.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const http = require('node:http');
const path = require('node:path');
const { LinkChecker } = require('linkinator');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const REPORTS = path.join(ROOT, 'reports');
const SKIP_FILE = path.join(ROOT, 'links.skip.json');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

function options() {
  const argv = process.argv.slice(2);
  return {
    internalOnly: argv.includes('--internal-only'),
    concurrency: Number(argv[argv.indexOf('--concurrency') + 1]) || 8,
    timeout: 15000,
  };
}

function safeJoin(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const full = path.normalize(path.join(root, decoded));
  if (!full.startsWith(root)) return null;
  return full;
}

async function resolveFile(root, urlPath) {
  let file = safeJoin(root, urlPath);
  if (!file) return null;
  try {
    const st = await fsp.stat(file);
    if (st.isDirectory()) file = path.join(file, 'index.html');
  } catch {
    if (!path.extname(file)) file += '.html';
  }
  try {
    await fsp.access(file);
    return file;
  } catch {
    return null;
  }
}

function startServer(root) {
  const server = http.createServer(async (req, res) => {
    const file = await resolveFile(root, req.url);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream' });
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function loadSkips(internalOnly, origin) {
  const patterns = [];
  if (fs.existsSync(SKIP_FILE)) {
    for (const p of JSON.parse(fs.readFileSync(SKIP_FILE, 'utf8'))) patterns.push(p);
  }
  if (internalOnly) {
    const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns.push(`^(?!${escaped})`);
  }
  return patterns;
}

async function check(origin, opts) {
  const checker = new LinkChecker();
  const perHostLast = new Map();
  let checked = 0;
  checker.on('link', () => {
    checked++;
    if (checked % 200 === 0) process.stdout.write(`  ${checked} links checked\n`);
  });
  const result = await checker.check({
    path: origin,
    recurse: true,
    concurrency: opts.concurrency,
    timeout: opts.timeout,
    linksToSkip: loadSkips(opts.internalOnly, origin),
    retry: true,
    retryErrors: true,
    retryErrorsCount: 2,
    urlRewriteExpressions: [],
    beforeRequest: async (url) => {
      // polite delay per external host
      const host = new URL(url).host;
      const last = perHostLast.get(host) || 0;
      const wait = Math.max(0, last + 250 - Date.now());
      perHostLast.set(host, Date.now() + wait);
      if (wait) await new Promise((r) => setTimeout(r, wait));
    },
  });
  return result;
}

function classify(links, origin) {
  const broken = links.filter((l) => l.state === 'BROKEN');
  const internal = broken.filter((l) => l.url.startsWith(origin));
  const external = broken.filter((l) => !l.url.startsWith(origin));
  const byParent = new Map();
  for (const l of internal) {
    const parent = (l.parent || '').replace(origin, '') || '(root)';
    if (!byParent.has(parent)) byParent.set(parent, []);
    byParent.get(parent).push(`${l.status || 'ERR'} ${l.url.replace(origin, '')}`);
  }
  return { broken, internal, external, byParent };
}

function markdown(c, total, origin) {
  const lines = ['# Link check', '', `${total} links checked, ${c.internal.length} broken internal, ${c.external.length} broken external.`, ''];
  if (c.byParent.size) {
    lines.push('## Internal (must fix)', '');
    for (const [parent, items] of [...c.byParent.entries()].sort()) {
      lines.push(`### ${parent}`, ...items.map((i) => `- ${i}`), '');
    }
  }
  if (c.external.length) {
    lines.push('## External (check manually)', '');
    for (const l of c.external.slice(0, 100)) {
      lines.push(`- ${l.status || 'ERR'} ${l.url} (on ${(l.parent || '').replace(origin, '')})`);
    }
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const opts = options();
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('dist/index.html missing; run npm run build first');
  }
  const server = await startServer(DIST);
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  console.log(`serving dist/ on ${origin}`);
  let exitCode = 0;
  try {
    const result = await check(origin, opts);
    const c = classify(result.links, origin);
    await fsp.mkdir(REPORTS, { recursive: true });
    await fsp.writeFile(path.join(REPORTS, 'links.json'), JSON.stringify(c.broken, null, 2));
    await fsp.writeFile(path.join(REPORTS, 'links.md'), markdown(c, result.links.length, origin));
    console.log(`${result.links.length} links, ${c.internal.length} broken internal, ${c.external.length} broken external`);
    exitCode = c.internal.length ? 1 : 0;
  } finally {
    await new Promise((r) => server.close(r));
  }
  return exitCode;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err) => {
    console.error(`check-links: ${err.message}`);
    process.exitCode = 1;
  });
