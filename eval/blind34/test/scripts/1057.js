#!/usr/bin/env node
// docs-crawl.js - Crawlee CheerioCrawler over the locally served developer
// docs, producing a search index and a report of pages without code samples.
//
//   npm run docs:serve          # http://localhost:3300
//   node tools/docs-crawl.js --start http://localhost:3300/ --max-pages 600
//
// The crawler's request queue and dataset live in build/crawlee-storage (set
// through CRAWLEE_STORAGE_DIR before Crawlee is loaded) and are purged at
// start.  Only URLs on the start host are enqueued; the start host itself must
// be localhost or one of our *.internal docs hosts.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const STORAGE = path.join(REPO, 'build', 'crawlee-storage');
process.env.CRAWLEE_STORAGE_DIR = STORAGE;
process.env.CRAWLEE_PURGE_ON_START = 'true';

const { CheerioCrawler, Dataset, log } = require('crawlee');

function args(argv) {
  const out = { start: 'http://localhost:3300/', maxPages: 400 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--start') out.start = argv[++i];
    else if (argv[i] === '--max-pages') out.maxPages = Number(argv[++i]);
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  const host = new URL(out.start).hostname;
  if (!(host === 'localhost' || host === '127.0.0.1' || host.endsWith('.internal'))) {
    throw new Error(`refusing to crawl ${host}`);
  }
  return out;
}

function textOf($, selector) {
  return $(selector)
    .map((_, el) => $(el).text().replace(/\s+/g, ' ').trim())
    .get()
    .filter(Boolean);
}

function section(url) {
  const parts = new URL(url).pathname.split('/').filter(Boolean);
  return parts[0] ?? 'home';
}

async function writeOutputs(items) {
  const out = path.join(REPO, 'build', 'docs-index');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const bySection = new Map();
  for (const it of items) {
    const list = bySection.get(it.section) ?? [];
    list.push({ url: it.url, title: it.title, headings: it.headings.slice(0, 15), summary: it.summary });
    bySection.set(it.section, list);
  }
  for (const [name, list] of bySection) {
    fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify(list));
  }
  const missingSamples = items.filter((i) => i.isReference && i.codeBlocks === 0).map((i) => i.url);
  const longPages = items.filter((i) => i.words > 4000).map((i) => `${i.url} (${i.words} words)`);
  fs.writeFileSync(
    path.join(out, 'report.json'),
    JSON.stringify({ pages: items.length, sections: [...bySection.keys()], missingSamples, longPages }, null, 2),
  );
  return { sections: bySection.size, missingSamples, longPages };
}

const HELP = `docs-crawl.js [--start URL] [--max-pages N]

Crawls the locally served developer docs with Crawlee's CheerioCrawler.

Scope
  * only links on the start URL's hostname are followed
  * images, PDFs and archives are skipped
  * the start host must be localhost, 127.0.0.1 or *.internal

Storage
  CRAWLEE_STORAGE_DIR is set to build/crawlee-storage and purged at start,
  so nothing is written to the user's home directory.

Outputs (build/docs-index/)
  <section>.json   search index entries: url, title, headings, summary
  report.json      page count, sections, reference pages without code
                   samples, pages longer than 4000 words

Exit status 1 when any request failed (broken link or server error).`;

/** Pages that link to a URL which failed, for the broken-link report. */
function brokenLinkSources(items, failedUrls) {
  const failed = new Set(failedUrls);
  const out = [];
  for (const it of items) {
    for (const link of it.links ?? []) {
      if (failed.has(link)) out.push({ page: it.url, link });
    }
  }
  return out;
}

// URLs whose request failed after Crawlee's retries; filled by
// failedRequestHandler and used for the broken-link report at the end.
// Kept module-level because the handler runs inside the crawler.
const failedUrls = [];

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const opts = args(process.argv.slice(2));
  const origin = new URL(opts.start).origin;
  log.setLevel(log.LEVELS.INFO);

  const crawler = new CheerioCrawler({
    maxRequestsPerCrawl: opts.maxPages,
    maxConcurrency: 6,
    requestHandlerTimeoutSecs: 30,
    async requestHandler({ request, $, enqueueLinks }) {
      const headings = textOf($, 'main h1, main h2, main h3');
      const paragraphs = textOf($, 'main p');
      const words = paragraphs.join(' ').split(' ').filter(Boolean).length;
      await Dataset.pushData({
        url: request.loadedUrl ?? request.url,
        title: $('title').text().trim(),
        section: section(request.url),
        headings,
        summary: paragraphs.slice(0, 2).join(' ').slice(0, 280),
        words,
        codeBlocks: $('pre code').length,
        isReference: /\/reference\//.test(request.url),
        links: $('a[href]')
          .map((_, a) => {
            try {
              return new URL($(a).attr('href'), request.url).href.split('#')[0];
            } catch {
              return null;
            }
          })
          .get()
          .filter((u) => u && u.startsWith(origin)),
      });
      await enqueueLinks({
        strategy: 'same-hostname',
        transformRequestFunction: (req) => (req.url.startsWith(origin) && !/\.(png|jpg|svg|pdf|zip)$/i.test(req.url) ? req : false),
      });
    },
    failedRequestHandler({ request }, error) {
      failedUrls.push(request.url);
      log.warning(`failed ${request.url}: ${error.message}`);
    },
  });

  await crawler.run([opts.start]);
  const { items } = await Dataset.getData();
  const summary = await writeOutputs(items);
  console.log(`${items.length} page(s) in ${summary.sections} section(s) -> build/docs-index/`);
  if (summary.missingSamples.length) {
    console.log(`${summary.missingSamples.length} reference page(s) without code samples:`);
    for (const u of summary.missingSamples.slice(0, 20)) console.log(`  ${u}`);
  }
  if (summary.longPages.length) console.log(`${summary.longPages.length} very long page(s); consider splitting`);
  const broken = brokenLinkSources(items, failedUrls);
  if (broken.length) {
    fs.writeFileSync(path.join(REPO, 'build', 'docs-index', 'broken-links.json'), JSON.stringify(broken, null, 2));
    console.log(`${broken.length} link(s) point at failed pages; see build/docs-index/broken-links.json`);
  }
  const stats = crawler.stats.state;
  console.log(`requests: ${stats.requestsFinished} ok, ${stats.requestsFailed} failed`);
  process.exitCode = stats.requestsFailed > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(`docs-crawl: ${err.message}`);
  process.exitCode = 2;
});
