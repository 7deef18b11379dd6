// tools/import-bank.ts - turn bank CSV exports into beancount entries.
//
//   tsx tools/import-bank.ts                       preview everything in inbox/
//   tsx tools/import-bank.ts --write               append to imports/YYYY-MM.beancount
//   tsx tools/import-bank.ts --write --check       and run bean-check afterwards
//
// Each bank is described by an Importer subclass below; the rules mapping
// payees to accounts are in importers/rules.toml. Existing entries are
// de-duplicated by the `import-id` metadata we attach to every transaction.
// All files stay inside this repository.

import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';

const BOOKS = path.resolve(__dirname, '..');
const INBOX = path.join(BOOKS, 'inbox');
const IMPORTS = path.join(BOOKS, 'imports');
const MAIN = path.join(BOOKS, 'main.beancount');

interface Row {
  date: string;
  payee: string;
  narration: string;
  amount: string;
  currency: string;
}

interface Rule {
  match: string;
  account: string;
  payee?: string;
}

interface Entry {
  id: string;
  date: string;
  text: string;
}

abstract class Importer {
  abstract readonly name: string;
  abstract readonly account: string;
  abstract matches(file: string, header: string): boolean;
  protected abstract parseRow(cells: string[], header: string[]): Row | null;

  protected delimiter = ',';
  protected encoding: BufferEncoding = 'utf8';

  read(file: string): Row[] {
    const text = readFileSync(file, this.encoding).replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    const header = splitCsv(lines[0], this.delimiter);
    return lines
      .slice(1)
      .map((l) => this.parseRow(splitCsv(l, this.delimiter), header))
      .filter((r): r is Row => r !== null);
  }
}

function splitCsv(line: string, delim: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') q = !q;
    else if (c === delim && !q) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

class GiroImporter extends Importer {
  readonly name = 'giro';
  readonly account = 'Assets:Bank:Giro';
  protected override delimiter = ';';
  protected override encoding: BufferEncoding = 'latin1';
  matches(file: string, header: string): boolean {
    return header.includes('Buchungstag') && header.includes('Betrag');
  }
  protected parseRow(cells: string[], header: string[]): Row | null {
    const get = (k: string) => cells[header.indexOf(k)] ?? '';
    const d = get('Buchungstag');
    if (!/^\d{2}\.\d{2}\.\d{4}$/.test(d)) return null;
    const [dd, mm, yyyy] = d.split('.');
    return {
      date: `${yyyy}-${mm}-${dd}`,
      payee: get('Beguenstigter/Zahlungspflichtiger') || get('Auftraggeber'),
      narration: get('Verwendungszweck'),
      amount: get('Betrag').replace(/\./g, '').replace(',', '.'),
      currency: get('Waehrung') || 'EUR',
    };
  }
}

class CardImporter extends Importer {
  readonly name = 'card';
  readonly account = 'Liabilities:CreditCard';
  matches(file: string, header: string): boolean {
    return header.startsWith('Transaction Date,') || path.basename(file).startsWith('card-');
  }
  protected parseRow(cells: string[], header: string[]): Row | null {
    const get = (k: string) => cells[header.indexOf(k)] ?? '';
    if (!get('Transaction Date')) return null;
    return {
      date: get('Transaction Date').slice(0, 10),
      payee: get('Description'),
      narration: get('Category'),
      amount: (-Number(get('Amount'))).toFixed(2),
      currency: 'EUR',
    };
  }
}

const IMPORTERS: Importer[] = [new GiroImporter(), new CardImporter()];

function loadRules(): { re: RegExp; rule: Rule }[] {
  const file = path.join(BOOKS, 'importers', 'rules.toml');
  if (!existsSync(file)) return [];
  const doc = parseToml(readFileSync(file, 'utf8')) as { rule?: Rule[] };
  return (doc.rule ?? []).map((rule) => ({ re: new RegExp(rule.match, 'i'), rule }));
}

function existingIds(): Set<string> {
  const ids = new Set<string>();
  if (!existsSync(IMPORTS)) return ids;
  for (const f of readdirSync(IMPORTS).filter((n) => n.endsWith('.beancount'))) {
    for (const m of readFileSync(path.join(IMPORTS, f), 'utf8').matchAll(/import-id: "([0-9a-f]{16})"/g)) ids.add(m[1]);
  }
  return ids;
}

function toEntry(imp: Importer, row: Row, rules: ReturnType<typeof loadRules>): Entry {
  const id = createHash('sha256').update(`${imp.name}|${row.date}|${row.payee}|${row.narration}|${row.amount}`).digest('hex').slice(0, 16);
  const hit = rules.find((r) => r.re.test(`${row.payee} ${row.narration}`));
  const other = hit?.rule.account ?? (Number(row.amount) < 0 ? 'Expenses:Uncategorized' : 'Income:Uncategorized');
  const payee = (hit?.rule.payee ?? row.payee).replace(/"/g, "'");
  const narration = row.narration.replace(/"/g, "'").replace(/\s+/g, ' ').slice(0, 120);
  const text = [
    `${row.date} * "${payee}" "${narration}"`,
    `  import-id: "${id}"`,
    `  ${imp.account.padEnd(36)} ${Number(row.amount).toFixed(2).padStart(10)} ${row.currency}`,
    `  ${other}`,
    '',
  ].join('\n');
  return { id, date: row.date, text };
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  const rules = loadRules();
  const seen = existingIds();
  const fresh: Entry[] = [];
  const used: string[] = [];
  for (const f of existsSync(INBOX) ? readdirSync(INBOX).filter((n) => /\.csv$/i.test(n)).sort() : []) {
    const file = path.join(INBOX, f);
    const header = readFileSync(file, 'latin1').split(/\r?\n/)[0];
    const imp = IMPORTERS.find((i) => i.matches(file, header));
    if (!imp) {
      console.warn(`no importer for ${f}`);
      continue;
    }
    const entries = imp.read(file).map((r) => toEntry(imp, r, rules)).filter((e) => !seen.has(e.id));
    entries.forEach((e) => seen.add(e.id));
    fresh.push(...entries);
    used.push(file);
    console.log(`${f}: ${imp.name}, ${entries.length} new`);
  }
  fresh.sort((a, b) => a.date.localeCompare(b.date));
  if (!args.has('--write')) {
    fresh.slice(0, 10).forEach((e) => console.log(e.text));
    console.log(`${fresh.length} new entries (preview; --write to append)`);
    return;
  }
  mkdirSync(IMPORTS, { recursive: true });
  for (const e of fresh) appendFileSync(path.join(IMPORTS, `${e.date.slice(0, 7)}.beancount`), `${e.text}\n`);
  mkdirSync(path.join(INBOX, 'done'), { recursive: true });
  used.forEach((f) => renameSync(f, path.join(INBOX, 'done', path.basename(f))));
  console.log(`appended ${fresh.length} entries`);
  if (args.has('--check')) {
    const res = spawnSync('bean-check', [MAIN], { stdio: 'inherit' });
    process.exitCode = res.status ?? 1;
  }
}

main();
