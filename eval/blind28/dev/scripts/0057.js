#!/usr/bin/env node
//
// Bot approval: https://en.wikipedia.org/wiki/Wikipedia:Bots/Requests_for_approval
// (the tagging mode is still in trial, which is why it is test-wiki only).
//
// bare-url-report.js - find articles in a category whose references are bare URLs.
//
//   node tools/bare-url-report.js "Category:Software-defined radio" --limit 200
//   node tools/bare-url-report.js "Category:Amateur radio" --tag --apply --site test
//
// Reads page wikitext through the MediaWiki Action API and writes
// build/reports/bare-urls-<slug>.md.  With --tag it adds {{Cleanup bare URLs}}
// to the flagged pages, but ONLY on test.wikipedia.org and ONLY with --apply;
// without --apply it prints the edits it would make.  The bot password for the
// test wiki comes from .env (WIKI_BOT_USER / WIKI_BOT_PASSWORD).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SITES = {
  en: 'https://en.wikipedia.org/w/api.php',
  test: 'https://test.wikipedia.org/w/api.php',
};
const UA = 'BareUrlReport/0.9 (https://en.wikipedia.org/wiki/User:CitationCleanupBot; tooling)';
const BARE_REF = /<ref[^>]*>\s*\[?\s*https?:\/\/[^\s\]<]+\s*\]?\s*<\/ref>/gi;
const TAG = '{{Cleanup bare URLs|date={{subst:CURRENTMONTHNAME}} {{subst:CURRENTYEAR}}}}';

function parseArgs(argv) {
  const opts = { category: null, limit: 100, site: 'en', tag: false, apply: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--limit') opts.limit = Number(argv[++i]);
    else if (a === '--site') opts.site = argv[++i];
    else if (a === '--tag') opts.tag = true;
    else if (a === '--apply') opts.apply = true;
    else if (!opts.category) opts.category = a;
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!opts.category?.startsWith('Category:')) throw new Error('first argument must be "Category:..."');
  if (!SITES[opts.site]) throw new Error(`unknown site ${opts.site}`);
  if (opts.tag && opts.apply && opts.site !== 'test') {
    throw new Error('tag edits are only allowed on --site test');
  }
  return opts;
}

async function loadEnv() {
  try {
    const text = await fs.readFile(path.join(ROOT, '.env'), 'utf8');
    return Object.fromEntries(
      text.split('\n').filter((l) => l.includes('=') && !l.startsWith('#')).map((l) => {
        const i = l.indexOf('=');
        return [l.slice(0, i).trim(), l.slice(i + 1).trim()];
      }),
    );
  } catch {
    return {};
  }
}

class Wiki {
  constructor(api) {
    this.api = api;
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(res) {
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      this.cookies.set(k.trim(), v);
    }
  }

  async call(params, { post = false } = {}) {
    const body = new URLSearchParams({ format: 'json', formatversion: '2', ...params });
    const url = post ? this.api : `${this.api}?${body}`;
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await fetch(url, {
        method: post ? 'POST' : 'GET',
        headers: { 'User-Agent': UA, Cookie: this.cookieHeader() },
        body: post ? body : undefined,
      });
      this.remember(res);
      const data = await res.json();
      if (data.error?.code === 'maxlag' || res.status === 429) {
        await new Promise((r) => setTimeout(r, 5000 * attempt));
        continue;
      }
      if (data.error) throw new Error(`${data.error.code}: ${data.error.info}`);
      return data;
    }
    throw new Error('API kept lagging, giving up');
  }

  async *members(category, limit) {
    let cont = {};
    let n = 0;
    do {
      const data = await this.call({
        action: 'query', list: 'categorymembers', cmtitle: category,
        cmnamespace: '0', cmlimit: '100', ...cont,
      });
      for (const m of data.query.categorymembers) {
        if (n++ >= limit) return;
        yield m.title;
      }
      cont = data.continue ?? null;
    } while (cont);
  }

  async wikitext(title) {
    const data = await this.call({
      action: 'query', prop: 'revisions', titles: title, rvprop: 'content|timestamp', rvslots: 'main',
    });
    const page = data.query.pages[0];
    const rev = page.revisions?.[0];
    return { text: rev?.slots.main.content ?? '', timestamp: rev?.timestamp };
  }

  async login(user, password) {
    const tok = await this.call({ action: 'query', meta: 'tokens', type: 'login' });
    await this.call({ action: 'login', lgname: user, lgpassword: password, lgtoken: tok.query.tokens.logintoken }, { post: true });
    const csrf = await this.call({ action: 'query', meta: 'tokens' });
    this.csrf = csrf.query.tokens.csrftoken;
  }

  async prepend(title, text, basetimestamp) {
    return this.call({
      action: 'edit', title, prependtext: `${text}\n`, summary: 'Tagging bare URL references',
      bot: '1', basetimestamp, token: this.csrf, assert: 'bot',
    }, { post: true });
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const wiki = new Wiki(SITES[opts.site]);
  const flagged = [];
  let scanned = 0;
  for await (const title of wiki.members(opts.category, opts.limit)) {
    scanned++;
    const { text, timestamp } = await wiki.wikitext(title);
    const bare = text.match(BARE_REF) ?? [];
    if (bare.length && !/\{\{\s*Cleanup bare URLs/i.test(text)) flagged.push({ title, count: bare.length, timestamp });
  }
  flagged.sort((a, b) => b.count - a.count);
  const slug = opts.category.replace(/^Category:/, '').replace(/\W+/g, '-').toLowerCase();
  const out = path.join(ROOT, 'build', 'reports', `bare-urls-${slug}.md`);
  await fs.mkdir(path.dirname(out), { recursive: true });
  const lines = [`# Bare URL references in ${opts.category}`, '', `Scanned ${scanned} pages, ${flagged.length} flagged.`, ''];
  for (const f of flagged) lines.push(`- [[${f.title}]] — ${f.count} bare reference(s)`);
  await fs.writeFile(out, lines.join('\n') + '\n');
  console.log(`${flagged.length}/${scanned} pages flagged -> ${path.relative(ROOT, out)}`);

  if (!opts.tag) return;
  if (!opts.apply) {
    for (const f of flagged) console.log(`would tag ${f.title} on ${opts.site}`);
    console.log('dry run; add --apply (test wiki only) to edit');
    return;
  }
  const env = await loadEnv();
  if (!env.WIKI_BOT_USER || !env.WIKI_BOT_PASSWORD) throw new Error('WIKI_BOT_USER/WIKI_BOT_PASSWORD missing');
  await wiki.login(env.WIKI_BOT_USER, env.WIKI_BOT_PASSWORD);
  for (const f of flagged) {
    await wiki.prepend(f.title, TAG, f.timestamp);
    console.log(`tagged ${f.title}`);
    await new Promise((r) => setTimeout(r, 10000)); // bot policy: max 6 edits/min
  }
}

main().catch((err) => {
  console.error(`bare-url-report: ${err.message}`);
  process.exit(1);
});
