#!/usr/bin/env -S npx tsx
// civi-memberships.ts — membership renewal report from CiviCRM's APIv4 REST
// endpoint on the staging copy, for the membership committee.
//
//   npx tsx tools/civi-memberships.ts                   # next 60 days of expiries
//   npx tsx tools/civi-memberships.ts --days 90 --with-contacts
//
// Auth: CIVI_API_KEY (a staging API key of the reporting user) sent as
// "X-Civi-Auth: Bearer …" to CIVI_URL, which must be a *.internal or
// localhost site. Output: reports/civi/memberships-<date>.{csv,md}.
// Contact details are only included with --with-contacts; otherwise the rows
// carry the contact id and initials.
//
// The REST route is /civicrm/ajax/api4/<Entity>/<action> with the parameters
// JSON-encoded in a "params" form field, as documented for APIv4 over HTTP.
// X-Requested-With is required by CiviCRM for AJAX routes.
//
// Statuses counted: New, Current, Grace (the defaults). Test memberships are
// excluded. Exit codes: 0 ok, 1 configuration or API error.
//
// The committee's spreadsheet imports the CSV as-is; keep the column order.
// The markdown file is pasted into the monthly committee notes.

import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "reports", "civi");

interface Membership {
  id: number;
  contact_id: number;
  "contact_id.display_name": string;
  "contact_id.email_primary.email": string | null;
  "membership_type_id:label": string;
  "status_id:label": string;
  end_date: string;
  join_date: string;
  is_pay_later: boolean;
  contribution_recur_id: number | null;
}

interface Api4Response<T> {
  values: T[];
  count: number;
  error_message?: string;
}

type Where = [string, string, unknown];

function settings() {
  const file = path.join(ROOT, ".env");
  const env: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  const url = process.env.CIVI_URL ?? env.CIVI_URL;
  const key = process.env.CIVI_API_KEY ?? env.CIVI_API_KEY;
  if (!url || !key) throw new Error("CIVI_URL and CIVI_API_KEY are required");
  const host = new URL(url).hostname;
  if (host !== "localhost" && !host.endsWith(".internal")) throw new Error(`${host} is not a staging host`);
  return { base: url.replace(/\/$/, ""), key };
}

function api4(base: string, key: string) {
  let calls = 0;
  async function call<T>(entity: string, action: string, params: object): Promise<T[]> {
    const body = new URLSearchParams({ params: JSON.stringify(params) });
    let wait = 500;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await fetch(`${base}/civicrm/ajax/api4/${entity}/${action}`, {
        method: "POST",
        headers: {
          "X-Civi-Auth": `Bearer ${key}`,
          "X-Requested-With": "XMLHttpRequest",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
      });
      calls += 1;
      if (res.status >= 500 && attempt < 4) {
        await new Promise((r) => setTimeout(r, wait));
        wait *= 2;
        continue;
      }
      const data = (await res.json()) as Api4Response<T>;
      if (!res.ok || data.error_message) throw new Error(`${entity}.${action}: ${data.error_message ?? res.status}`);
      return data.values;
    }
    throw new Error(`${entity}.${action}: retries exhausted`);
  }
  return { call, calls: () => calls };
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => `${p[0].toUpperCase()}.`)
    .join("");
}

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const days = Number(argv.includes("--days") ? argv[argv.indexOf("--days") + 1] : 60);
  const withContacts = argv.includes("--with-contacts");
  const { base, key } = settings();
  console.error(`CiviCRM ${base} (key …${key.slice(-4)})`);
  const api = api4(base, key);

  const today = new Date();
  const until = new Date(today.getTime() + days * 86_400_000);
  const where: Where[] = [
    ["end_date", ">=", isoDate(today)],
    ["end_date", "<=", isoDate(until)],
    ["is_test", "=", false],
    ["status_id:name", "IN", ["New", "Current", "Grace"]],
  ];
  const rows = await api.call<Membership>("Membership", "get", {
    select: ["id", "contact_id", "contact_id.display_name", "contact_id.email_primary.email", "membership_type_id:label",
      "status_id:label", "end_date", "join_date", "is_pay_later", "contribution_recur_id"],
    where,
    orderBy: { end_date: "ASC" },
    limit: 0,
  });

  const byType = new Map<string, { total: number; autoRenew: number }>();
  for (const r of rows) {
    const t = byType.get(r["membership_type_id:label"]) ?? { total: 0, autoRenew: 0 };
    t.total += 1;
    if (r.contribution_recur_id) t.autoRenew += 1;
    byType.set(r["membership_type_id:label"], t);
  }

  const header = ["membership_id", "contact_id", withContacts ? "name" : "initials", ...(withContacts ? ["email"] : []),
    "type", "status", "joined", "expires", "auto_renew"];
  const lines = [header.join(",")];
  for (const r of rows) {
    const name = r["contact_id.display_name"] ?? "";
    lines.push([
      r.id, r.contact_id, withContacts ? name : initials(name),
      ...(withContacts ? [r["contact_id.email_primary.email"] ?? ""] : []),
      r["membership_type_id:label"], r["status_id:label"], r.join_date, r.end_date, r.contribution_recur_id ? "yes" : "no",
    ].map(csvCell).join(","));
  }

  const md = [
    `# Membership renewals due in the next ${days} days (${isoDate(today)})`,
    "",
    "| type | expiring | on auto-renew | to contact |",
    "|---|---:|---:|---:|",
    ...[...byType.entries()].map(([t, v]) => `| ${t} | ${v.total} | ${v.autoRenew} | ${v.total - v.autoRenew} |`),
    "",
    `Total: ${rows.length} memberships.`,
    "",
  ].join("\n");

  await mkdir(OUT, { recursive: true });
  const stem = path.join(OUT, `memberships-${isoDate(today)}`);
  await writeFile(`${stem}.csv.tmp`, lines.join("\n") + "\n");
  await rename(`${stem}.csv.tmp`, `${stem}.csv`);
  await writeFile(`${stem}.md`, md);
  console.error(`${rows.length} memberships, ${api.calls()} API calls -> ${path.relative(ROOT, stem)}.{csv,md}`);
}

main().catch((err: Error) => {
  console.error(`civi-memberships: ${err.message}`);
  process.exitCode = 1;
});
