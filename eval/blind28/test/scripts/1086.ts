#!/usr/bin/env -S npx tsx
// Requires tsx and Node >= 20.
//
//
// History
//   2024-04  diff and save
//   2024-05  --parse rendering
//   2024-06  maxlag handling
//
//
// Bot policy reminders (test.wikipedia.org):
//   * edits go to the bot's own user sandbox only
//   * bot flag + minor flag, edit summary explains the generator
//   * assert=user makes the API refuse the edit if the login was lost
//   * basetimestamp avoids overwriting a concurrent manual edit
//
// The bot password is created on Special:BotPasswords of the test wiki with
// the grants "basic" and "editpage"; its name becomes the part after "@" in
// WIKI_BOT_USER (e.g. DocsBot@preview).
//
// --parse uses action=parse to render the wikitext exactly as the wiki would
// (templates included) and writes out/wiki/<name>.html for a quick look.
//
// Diff: a simple line-set diff (lines only in the sandbox "-", lines only in the
// new text "+"); good enough to review generated reading lists.
//
// Exit status: 0 ok (including dry runs), 1 on errors.
//
// Examples:
//   node tools/zotero2wiki.js --collection 7QX2ABCD
//   npx tsx tools/sandbox-preview.ts out/wiki/further-reading.wiki
//   npx tsx tools/sandbox-preview.ts out/wiki/further-reading.wiki --apply
//
// Owner: docs team.
//
// Cookies are kept in memory only; nothing is written to disk except the
// optional rendered HTML under out/wiki.
//
// maxlag / 429 responses are retried three times with growing delays.
//
// sandbox-preview.ts - preview bot edits on the bot's own sandbox page of test.wikipedia.org.
//
//   npx tsx tools/sandbox-preview.ts out/wiki/further-reading.wiki            diff against the sandbox
//   npx tsx tools/sandbox-preview.ts out/wiki/further-reading.wiki --apply    save it to the sandbox
//   npx tsx tools/sandbox-preview.ts --parse out/wiki/further-reading.wiki    render HTML via action=parse
//
// Target page is fixed to "User:<bot user>/sandbox" on test.wikipedia.org, the
// documented place for bot trials.  Login uses a bot password (Special:BotPasswords)
// from .env: WIKI_BOT_USER (e.g. DocsBot@preview) and WIKI_BOT_PASSWORD; they
// are sent only to the test wiki's API.  Edits are marked bot and minor and
// need --apply; without it the script only shows the diff.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const API = 'https://test.wikipedia.org/w/api.php';
const UA = 'DocsBot-sandbox-preview/0.3 (https://test.wikipedia.org/wiki/User:DocsBot)';

interface Credentials {
  user: string;
  password: string;
}

function credentials(): Credentials {
  const file = join(REPO, '.env');
  const raw = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const get = (k: string) => new RegExp(`^${k}=(.*)$`, 'm').exec(raw)?.[1]?.trim() ?? process.env[k] ?? '';
  const user = get('WIKI_BOT_USER');
  const password = get('WIKI_BOT_PASSWORD');
  if (!user || !password) throw new Error('WIKI_BOT_USER / WIKI_BOT_PASSWORD missing in .env');
  return { user, password };
}

class TestWiki {
  private cookies = new Map<string, string>();
  private csrf = '';

  private jar(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }

  async api(params: Record<string, string>, post = false): Promise<any> {
    const body = new URLSearchParams({ ...params, format: 'json', formatversion: '2' });
    const headers: Record<string, string> = {
      'User-Agent': UA,
      Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const res = await fetch(post ? API : `${API}?${body}`, { method: post ? 'POST' : 'GET', headers, body: post ? body : undefined });
      this.jar(res);
      const data = await res.json();
      if (res.status === 429 || data.error?.code === 'maxlag') {
        await new Promise((r) => setTimeout(r, 3000 * attempt));
        continue;
      }
      if (data.error) throw new Error(`API error ${data.error.code}: ${data.error.info}`);
      return data;
    }
    throw new Error('API busy, try later');
  }

  async login(c: Credentials): Promise<void> {
    const t = await this.api({ action: 'query', meta: 'tokens', type: 'login' });
    const r = await this.api({ action: 'login', lgname: c.user, lgpassword: c.password, lgtoken: t.query.tokens.logintoken }, true);
    if (r.login?.result !== 'Success') throw new Error(`login failed: ${r.login?.reason ?? r.login?.result}`);
    this.csrf = (await this.api({ action: 'query', meta: 'tokens' })).query.tokens.csrftoken;
  }

  async current(title: string): Promise<{ text: string; ts?: string }> {
    const d = await this.api({ action: 'query', prop: 'revisions', titles: title, rvprop: 'content|timestamp', rvslots: 'main' });
    const rev = d.query.pages[0].revisions?.[0];
    return { text: rev?.slots.main.content ?? '', ts: rev?.timestamp };
  }

  async save(title: string, text: string, basetimestamp?: string): Promise<number> {
    const params: Record<string, string> = {
      action: 'edit', title, text, summary: 'Preview of generated further-reading section',
      bot: '1', minor: '1', token: this.csrf, assert: 'user',
    };
    if (basetimestamp) params.basetimestamp = basetimestamp;
    const r = await this.api(params, true);
    return r.edit?.newrevid ?? 0;
  }

  async parse(text: string): Promise<string> {
    const r = await this.api({ action: 'parse', text, contentmodel: 'wikitext', disablelimitreport: '1' }, true);
    return r.parse.text;
  }
}

function lineDiff(a: string, b: string): string[] {
  const A = a.split('\n');
  const B = b.split('\n');
  const setA = new Set(A);
  const setB = new Set(B);
  return [...A.filter((l) => !setB.has(l)).map((l) => `- ${l}`), ...B.filter((l) => !setA.has(l)).map((l) => `+ ${l}`)];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('-'));
  if (!file) throw new Error('usage: sandbox-preview.ts <file.wiki> [--apply] [--parse]');
  const text = readFileSync(file, 'utf8');
  const wiki = new TestWiki();
  if (args.includes('--parse')) {
    const html = await wiki.parse(text);
    const out = join(REPO, 'out', 'wiki', `${basename(file, '.wiki')}.html`);
    mkdirSync(join(REPO, 'out', 'wiki'), { recursive: true });
    writeFileSync(out, `<!doctype html><meta charset="utf-8">${html}`);
    console.log(`rendered HTML written to ${out}`);
    return;
  }
  const creds = credentials();
  const botUser = creds.user.split('@')[0];
  const title = `User:${botUser}/sandbox`;
  await wiki.login(creds);
  const { text: old, ts } = await wiki.current(title);
  const diff = lineDiff(old, text);
  console.log(`${title}: ${diff.length} changed line(s)`);
  diff.slice(0, 60).forEach((l) => console.log(`  ${l}`));
  if (!args.includes('--apply')) {
    console.log('dry run; add --apply to save to the sandbox on test.wikipedia.org');
    return;
  }
  if (!diff.length) {
    console.log('nothing to save');
    return;
  }
  const rev = await wiki.save(title, text, ts);
  console.log(`saved revision ${rev}: https://test.wikipedia.org/w/index.php?oldid=${rev}`);
}

main().catch((err: unknown) => {
  console.error(`sandbox-preview: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
