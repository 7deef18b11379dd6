// tools/ledger-dash.ts - local read-only dashboard for the hledger books.
//
//   tsx tools/ledger-dash.ts            serve on 127.0.0.1:5055
//
// Runs a few hledger queries on request (balance sheet, monthly expenses,
// net worth over time) and renders them as a small HTML page. Binds to
// loopback only and requires a random access token printed at startup (kept
// in memory), because the books are private. hledger is called with argv
// arrays and a fixed set of report names; no user input reaches the command
// line except a validated YYYY or YYYY-MM period.

import { execFile } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BOOKS_DIR = path.resolve(__dirname, '..');
const JOURNAL = path.join(BOOKS_DIR, 'journal', 'all.journal');
const PORT = Number(process.env.DASH_PORT ?? 5055);
const TOKEN = randomBytes(18).toString('base64url');

type ReportName = 'balancesheet' | 'expenses' | 'networth' | 'income';

const REPORTS: Record<ReportName, (period: string) => string[]> = {
  balancesheet: () => ['balancesheet', '--depth', '2', '-V'],
  expenses: (p) => ['balance', 'expenses', '--depth', '2', '-M', '-p', p, '-S'],
  networth: (p) => ['balance', 'assets', 'liabilities', '-M', '--historical', '-V', '-p', p, '--depth', '1'],
  income: (p) => ['incomestatement', '-M', '-p', p, '--depth', '2'],
};

const cache = new Map<string, { at: number; text: string }>();
const CACHE_MS = 60_000;

function validPeriod(p: string | null): string {
  if (!p) return String(new Date().getFullYear());
  if (!/^\d{4}(-(0[1-9]|1[0-2]))?$/.test(p)) throw new Error('period must be YYYY or YYYY-MM');
  return p;
}

async function report(name: ReportName, period: string): Promise<string> {
  const key = `${name}:${period}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.text;
  const { stdout } = await run('hledger', ['-f', JOURNAL, ...REPORTS[name](period)], {
    maxBuffer: 16 * 1024 * 1024,
    timeout: 30_000,
  });
  cache.set(key, { at: Date.now(), text: stdout });
  return stdout;
}

function authorised(req: IncomingMessage, url: URL): boolean {
  const given = url.searchParams.get('token') ?? String(req.headers['x-dash-token'] ?? '');
  const a = Buffer.from(given);
  const b = Buffer.from(TOKEN);
  return a.length === b.length && timingSafeEqual(a, b);
}

function escape(s: string): string {
  return s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

function page(period: string, sections: [string, string][]): string {
  const nav = (Object.keys(REPORTS) as ReportName[]).map((r) => `<a href="#${r}">${r}</a>`).join(' · ');
  const body = sections.map(([title, text]) => `<h2 id="${title}">${title}</h2><pre>${escape(text)}</pre>`).join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Books ${period}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:14px system-ui;margin:2em;max-width:70em}pre{background:#f6f6f6;padding:1em;overflow:auto}</style>
<h1>Books ${escape(period)}</h1><p>${nav}</p>${body}`;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${PORT}`);
  if (url.pathname === '/health') return send(res, 200, 'text/plain', 'ok');
  if (!authorised(req, url)) return send(res, 401, 'text/plain', 'token required');
  let period: string;
  try {
    period = validPeriod(url.searchParams.get('period'));
  } catch (err) {
    return send(res, 400, 'text/plain', (err as Error).message);
  }
  if (url.pathname === '/') {
    const names = Object.keys(REPORTS) as ReportName[];
    const texts = await Promise.all(names.map((n) => report(n, period).catch((e: Error) => `error: ${e.message}`)));
    return send(res, 200, 'text/html; charset=utf-8', page(period, names.map((n, i) => [n, texts[i]])));
  }
  if (await extraRoutes(url, res, period)) return;
  const m = /^\/report\/(\w+)$/.exec(url.pathname);
  if (m && m[1] in REPORTS) {
    return send(res, 200, 'text/plain; charset=utf-8', await report(m[1] as ReportName, period));
  }
  return send(res, 404, 'text/plain', 'not found');
}

// ---------------------------------------------------------------------------
// CSV export and payee ranking, both computed from `hledger register -O csv`.
// They are served under /export/register.csv and /report-payees, and share the
// same token check and period validation as the HTML page.
// ---------------------------------------------------------------------------

interface Posting {
  date: string;
  description: string;
  account: string;
  amount: number;
}

function parseRegisterCsv(text: string): Posting[] {
  const rows = text.trim().split('\n').slice(1);
  return rows.map((line) => {
    const cells = line.split('","').map((c) => c.replace(/^"|"$/g, ''));
    return {
      date: cells[1],
      description: cells[3],
      account: cells[4],
      amount: Number((cells[5] ?? '0').replace(/[^\d.-]/g, '')),
    };
  });
}

async function registerCsv(period: string): Promise<string> {
  const { stdout } = await run('hledger', ['-f', JOURNAL, 'register', 'expenses', '-p', period, '-O', 'csv'], {
    maxBuffer: 32 * 1024 * 1024,
  });
  return stdout;
}

async function topPayees(period: string, limit = 15): Promise<string> {
  const postings = parseRegisterCsv(await registerCsv(period));
  const totals = new Map<string, number>();
  for (const p of postings) totals.set(p.description, (totals.get(p.description) ?? 0) + p.amount);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([payee, total]) => `${total.toFixed(2).padStart(12)}  ${payee}`)
    .join('\n');
}

async function extraRoutes(url: URL, res: ServerResponse, period: string): Promise<boolean> {
  if (url.pathname === '/export/register.csv') {
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="register-${period}.csv"`,
      'Cache-Control': 'no-store',
    });
    res.end(await registerCsv(period));
    return true;
  }
  if (url.pathname === '/report-payees') {
    send(res, 200, 'text/plain; charset=utf-8', await topPayees(period));
    return true;
  }
  return false;
}

async function preflight(): Promise<void> {
  if (!existsSync(JOURNAL)) throw new Error(`journal not found: ${path.relative(BOOKS_DIR, JOURNAL)}`);
  const { stdout } = await run('hledger', ['--version']);
  console.log(stdout.trim());
  await run('hledger', ['-f', JOURNAL, 'check']);
}

async function main(): Promise<void> {
  await preflight();
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, 'text/plain', err instanceof Error ? err.message : 'error'));
  });
  server.listen(PORT, '127.0.0.1', () => {
    console.log(`dashboard: http://127.0.0.1:${PORT}/?token=${TOKEN}`);
    console.log('the token changes on every start; Ctrl-C to stop');
  });
  const stop = () => server.close(() => process.exit());
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`ledger-dash: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
