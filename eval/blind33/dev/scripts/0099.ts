#!/usr/bin/env -S npx tsx
/**
 * Create draft invoices in Invoice Ninja from the monthly time export.
 *
 * Input: reports/time/<YYYY-MM>/<client>.csv written by billing/export_time.py
 * (date,project,hours,rate,amount,note). For each client the script groups
 * hours per project into line items and - only with --live - creates a DRAFT
 * invoice through the Invoice Ninja v5 API at https://invoicing.co. Drafts
 * are never emailed; sending stays a manual step in the Invoice Ninja UI.
 *
 *   npx tsx billing/ninja-drafts.ts 2024-05              dry run: print line items
 *   npx tsx billing/ninja-drafts.ts 2024-05 --live       create drafts
 *   npx tsx billing/ninja-drafts.ts 2024-05 --live --client acme
 *
 * The API token is read from billing/.env (NINJA_API_TOKEN) and only sent to
 * invoicing.co in the X-Api-Token header. A ledger file
 * (reports/time/<month>/.drafts.json) prevents creating the same draft twice.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const API = "https://invoicing.co/api/v1";

interface Line {
  date: string;
  project: string;
  hours: number;
  rate: number;
  note: string;
}

interface LineItem {
  product_key: string;
  notes: string;
  quantity: number;
  cost: number;
}

type Ledger = Record<string, { number: string; created: string; total: number }>;

function envFile(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = join(ROOT, "billing", ".env");
  if (!existsSync(file)) return out;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const i = line.indexOf("=");
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1).replace(/^['"]|['"]$/g, "");
  }
  return out;
}

function mask(token: string): string {
  return token.length > 8 ? `${token.slice(0, 4)}…${token.length}` : "****";
}

function parseCsv(text: string): Line[] {
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const cols = header.split(",");
  const idx = (name: string) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`CSV is missing column ${name}`);
    return i;
  };
  const [d, p, h, r, n] = ["date", "project", "hours", "rate", "note"].map(idx);
  return rows.map((row) => {
    const cells = row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"')) ?? [];
    return { date: cells[d], project: cells[p] || "general", hours: Number(cells[h]), rate: Number(cells[r]), note: cells[n] ?? "" };
  });
}

function lineItems(lines: Line[], month: string): LineItem[] {
  const groups = new Map<string, { hours: number; rate: number }>();
  for (const l of lines) {
    const key = `${l.project}@${l.rate}`;
    const g = groups.get(key) ?? { hours: 0, rate: l.rate };
    g.hours += l.hours;
    groups.set(key, g);
  }
  return [...groups.entries()]
    .map(([key, g]) => ({
      product_key: key.split("@")[0],
      notes: `${key.split("@")[0]} — ${month}`,
      quantity: Math.round(g.hours * 100) / 100,
      cost: g.rate,
    }))
    .sort((a, b) => a.product_key.localeCompare(b.product_key));
}

class Ninja {
  constructor(private readonly token: string) {}

  private async request<T>(method: string, route: string, body?: unknown): Promise<T> {
    let delay = 1000;
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${API}${route}`, {
        method,
        headers: {
          "X-Api-Token": this.token,
          "X-Requested-With": "XMLHttpRequest",
          "content-type": "application/json",
          accept: "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 429 && attempt < 4) {
        await new Promise((r) => setTimeout(r, delay));
        delay *= 2;
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as T;
    }
  }

  async clientByNumber(number: string): Promise<string | null> {
    const res = await this.request<{ data: { id: string }[] }>("GET", `/clients?number=${encodeURIComponent(number)}`);
    return res.data[0]?.id ?? null;
  }

  async createDraft(clientId: string, items: LineItem[], month: string): Promise<{ number: string; amount: number }> {
    const res = await this.request<{ data: { number: string; amount: number } }>("POST", "/invoices", {
      client_id: clientId,
      line_items: items,
      public_notes: `Services ${month}`,
      auto_bill_enabled: false,
    });
    return res.data;
  }
}

function readLedger(file: string): Ledger {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Ledger) : {};
}

function writeLedger(file: string, ledger: Ledger): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify(ledger, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

async function main(): Promise<number> {
  const [month, ...flags] = process.argv.slice(2);
  if (!/^\d{4}-\d{2}$/.test(month ?? "")) throw new Error("usage: ninja-drafts.ts YYYY-MM [--live] [--client slug]");
  const live = flags.includes("--live");
  const onlyClient = flags.includes("--client") ? flags[flags.indexOf("--client") + 1] : undefined;
  const dir = join(ROOT, "reports", "time", month);
  if (!existsSync(dir)) throw new Error(`no time export for ${month}; run billing/export_time.py ${month}`);
  const ledgerFile = join(dir, ".drafts.json");
  const ledger = readLedger(ledgerFile);

  let ninja: Ninja | null = null;
  if (live) {
    const token = process.env.NINJA_API_TOKEN ?? envFile().NINJA_API_TOKEN;
    if (!token) throw new Error("--live needs NINJA_API_TOKEN in billing/.env");
    console.log(`Invoice Ninja token ${mask(token)}`);
    ninja = new Ninja(token);
  }

  for (const file of readdirSync(dir).filter((f) => f.endsWith(".csv")).sort()) {
    const client = basename(file, ".csv");
    if (onlyClient && client !== onlyClient) continue;
    const items = lineItems(parseCsv(readFileSync(join(dir, file), "utf8")), month);
    const total = items.reduce((s, i) => s + i.quantity * i.cost, 0);
    console.log(`\n${client}: ${items.length} line item(s), total ${total.toFixed(2)}`);
    items.forEach((i) => console.log(`  ${i.product_key.padEnd(20)} ${i.quantity.toFixed(2).padStart(7)} h x ${i.cost}`));
    if (!ninja) continue;
    if (ledger[client]) {
      console.log(`  draft ${ledger[client].number} already created on ${ledger[client].created}; skipping`);
      continue;
    }
    const clientId = await ninja.clientByNumber(client);
    if (!clientId) {
      console.log(`  no Invoice Ninja client with number "${client}"; skipped`);
      continue;
    }
    const draft = await ninja.createDraft(clientId, items, month);
    ledger[client] = { number: draft.number, created: new Date().toISOString(), total: draft.amount };
    writeLedger(ledgerFile, ledger);
    console.log(`  created draft ${draft.number} (${draft.amount.toFixed(2)})`);
  }
  if (!live) console.log("\ndry run; pass --live to create drafts");
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    process.exitCode = 1;
  },
);
