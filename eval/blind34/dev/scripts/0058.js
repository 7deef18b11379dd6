#!/usr/bin/env node
// crawl-docs.js - crawl the locally served documentation site and report
// broken links, missing titles and oversized pages.
//
//   npm run docs:serve &            # serves docs/_site on :4000
//   node tools/crawl-docs.js --start http://localhost:4000/ --max 400
//
// The crawler stays on the start host, which must be localhost or one of our
// *.internal docs hosts, honours robots.txt and a small concurrency limit,
// and writes build/crawl/report.json + build/crawl/pages.jsonl.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'crawl');
const OUR_HOSTS = (h) => h === 'localhost' || h === '127.0.0.1' || h.endsWith('.internal');
const MAX_PAGE_BYTES = 400 * 1024;

function parseArgs(argv) {
  const opts = { start: 'http://localhost:4000/', max: 300, concurrency: 4, external: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === '--start') opts.start = argv[++i];
    else if (flag === '--max') opts.max = Number(argv[++i]);
    else if (flag === '--concurrency') opts.concurrency = Number(argv[++i]);
    else if (flag === '--check-external') opts.external = true;
    else throw new Error(`unknown flag ${flag}`);
  }
  const url = new URL(opts.start);
  if (!OUR_HOSTS(url.hostname)) throw new Error(`${url.hostname} is not one of our docs hosts`);
  return opts;
}

async function robots(origin) {
  const rules = [];
  try {
    const res = await fetch(new URL('/robots.txt', origin));
    if (!res.ok) return rules;
    let applies = false;
    for (const line of (await res.text()).split('\n')) {
      const [k, ...rest] = line.split(':');
      const key = k.trim().toLowerCase();
      const value = rest.join(':').trim();
      if (key === 'user-agent') applies = value === '*';
      else if (applies && key === 'disallow' && value) rules.push(value);
    }
  } catch {
    // no robots.txt on the dev server
  }
  return rules;
}

function extract(html, base) {
  const links = [];
  const re = /<a\s[^>]*href\s*=\s*["']([^"'#]+)(#[^"']*)?["']/gi;
  let m;
  while ((m = re.exec(html))) {
    try {
      links.push(new URL(m[1], base).href);
    } catch {
      links.push(`invalid:${m[1]}`);
    }
  }
  const title = (html.match(/<title>([^<]*)<\/title>/i) ?? [])[1]?.trim() ?? '';
  const h1 = (html.match(/<h1[^>]*>/gi) ?? []).length;
  return { links, title, h1 };
}

class Crawler {
  constructor(opts, disallow) {
    this.opts = opts;
    this.origin = new URL(opts.start).origin;
    this.disallow = disallow;
    this.queue = [opts.start];
    this.seen = new Set([opts.start]);
    this.pages = [];
    this.broken = [];
    this.external = new Set();
    this.referrers = new Map();
  }

  allowed(url) {
    const u = new URL(url);
    return u.origin === this.origin && !this.disallow.some((p) => u.pathname.startsWith(p));
  }

  enqueue(url, from) {
    if (url.startsWith('invalid:')) {
      this.broken.push({ url, from, status: 'invalid' });
      return;
    }
    const clean = url.split('#')[0];
    if (!this.referrers.has(clean)) this.referrers.set(clean, from);
    if (!clean.startsWith(this.origin)) {
      if (/^https?:/.test(clean)) this.external.add(clean);
      return;
    }
    if (this.seen.has(clean) || this.seen.size >= this.opts.max || !this.allowed(clean)) return;
    this.seen.add(clean);
    this.queue.push(clean);
  }

  async visit(url) {
    const started = Date.now();
    let res;
    try {
      res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(15000) });
    } catch (err) {
      this.broken.push({ url, from: this.referrers.get(url), status: err.name });
      return;
    }
    if (!res.ok) {
      this.broken.push({ url, from: this.referrers.get(url), status: res.status });
      return;
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('text/html')) return;
    const html = await res.text();
    const { links, title, h1 } = extract(html, url);
    this.pages.push({ url, title, h1, bytes: html.length, ms: Date.now() - started, links: links.length });
    for (const link of links) this.enqueue(link, url);
  }

  async run() {
    const workers = Array.from({ length: this.opts.concurrency }, async () => {
      while (this.queue.length) {
        const next = this.queue.shift();
        await this.visit(next);
      }
    });
    await Promise.all(workers);
    // second pass: new URLs may have been queued after workers went idle
    if (this.queue.length) await this.run();
  }
}

async function headExternal(urls) {
  const results = [];
  for (const url of urls) {
    try {
      const res = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(8000) });
      if (res.status >= 400) results.push({ url, status: res.status });
    } catch (err) {
      results.push({ url, status: err.name });
    }
  }
  return results;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const disallow = await robots(new URL(opts.start).origin);
  const crawler = new Crawler(opts, disallow);
  await crawler.run();

  const problems = {
    broken: crawler.broken,
    missingTitle: crawler.pages.filter((p) => !p.title).map((p) => p.url),
    multipleH1: crawler.pages.filter((p) => p.h1 > 1).map((p) => p.url),
    oversized: crawler.pages.filter((p) => p.bytes > MAX_PAGE_BYTES).map((p) => `${p.url} (${p.bytes} B)`),
    externalBroken: opts.external ? await headExternal([...crawler.external]) : [],
  };

  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'pages.jsonl'), crawler.pages.map((p) => JSON.stringify(p)).join('\n') + '\n');
  fs.writeFileSync(path.join(OUT, 'report.json'), JSON.stringify(problems, null, 2));

  console.log(`${crawler.pages.length} pages crawled, ${crawler.external.size} external links seen`);
  for (const [kind, list] of Object.entries(problems)) {
    if (list.length) console.log(`${kind}: ${list.length}`);
  }
  process.exitCode = problems.broken.length || problems.missingTitle.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`crawl-docs: ${err.message}`);
  process.exitCode = 2;
});
