#!/usr/bin/env -S npx tsx
// Microsoft 365 licence assignment report via Microsoft Graph (read-only).
//
//   npx tsx tools/m365-licences.ts [--unused-days 60] [--sku ENTERPRISEPACK]
//
// Client-credentials token from login.microsoftonline.com with the app
// registration in .env (tenant/client id/secret); the app only has
// User.Read.All, AuditLog.Read.All and Organization.Read.All. Writes
// reports/m365-licences-<date>.csv listing licensed users, their last sign-in
// and whether the seat looks unused. Licence removal is done by IT by hand.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GRAPH = 'https://graph.microsoft.com/v1.0'; // Microsoft Graph

interface Sku {
  skuId: string;
  skuPartNumber: string;
  consumedUnits: number;
  prepaidUnits: { enabled: number };
}

interface User {
  id: string;
  displayName: string;
  userPrincipalName: string;
  accountEnabled: boolean;
  assignedLicenses: Array<{ skuId: string }>;
  signInActivity?: { lastSignInDateTime?: string | null };
}

type Settings = { tenant: string; clientId: string; secret: string };

function settings(): Settings {
  const env: Record<string, string> = {};
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    for (const l of readFileSync(file, 'utf8').split('\n')) {
      const m = /^(M365_[A-Z_]+)=(.*)$/.exec(l.trim());
      if (m) env[m[1]] = m[2];
    }
  }
  const pick = (k: string) => process.env[k] ?? env[k] ?? (() => { throw new Error(`${k} missing`); })();
  return { tenant: pick('M365_TENANT_ID'), clientId: pick('M365_CLIENT_ID'), secret: pick('M365_CLIENT_SECRET') };
}

// never print the client secret; only its first characters and length
const masked = (s: string) => `${s.slice(0, 4)}…(${s.length})`;

async function token(s: Settings): Promise<string> {
  const res = await fetch(`https://login.microsoftonline.com/${encodeURIComponent(s.tenant)}/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: s.clientId, client_secret: s.secret, grant_type: 'client_credentials', scope: 'https://graph.microsoft.com/.default' }),
  });
  const json = (await res.json()) as { error_description?: string; access_token?: string };
  if (!json.access_token) throw new Error(`token: ${json.error_description ?? res.status}`);
  return json.access_token;
}

class Graph {
  constructor(private readonly bearer: string) {}

  async *pages<T>(url: string): AsyncGenerator<T> {
    let next: string | undefined = url;
    while (next) {
      if (!next.startsWith(GRAPH)) throw new Error(`unexpected URL ${next}`);
      let res: Response | undefined;
      for (let attempt = 0; attempt < 6; attempt++) {
        res = await fetch(next, { headers: { Authorization: `Bearer ${this.bearer}`, ConsistencyLevel: 'eventual' } });
        if (res.status !== 429 && res.status !== 503) break;
        await new Promise((r) => setTimeout(r, Number(res!.headers.get('retry-after') ?? 2 ** attempt) * 1000));
      }
      if (!res || !res.ok) throw new Error(`GET ${next.split('?')[0]}: ${res?.status}`);
      const body = (await res.json()) as { value: T[]; '@odata.nextLink'?: string };
      yield* body.value;
      next = body['@odata.nextLink'];
    }
  }
}

function daysSince(iso?: string | null): number | null {
  return iso ? Math.floor((Date.now() - Date.parse(iso)) / 86_400_000) : null;
}

function csv(rows: Array<Record<string, unknown>>, cols: string[]): string {
  const q = (v: unknown) => {
    const s = v == null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => q(r[c])).join(','))].join('\n') + '\n';
}

interface GroupLicence {
  id: string;
  displayName: string;
  assignedLicenses: Array<{ skuId: string }>;
}

async function groupLicences(graph: Graph, skuName: Map<string, string>): Promise<Array<{ group: string; skus: string }>> {
  // group-based licensing: seats assigned through groups cannot be removed per user
  const out: Array<{ group: string; skus: string }> = [];
  const url = `${GRAPH}/groups?$select=id,displayName,assignedLicenses&$filter=assignedLicenses/$count ne 0&$count=true&$top=999`;
  try {
    for await (const g of graph.pages<GroupLicence>(url)) {
      out.push({ group: g.displayName, skus: g.assignedLicenses.map((l) => skuName.get(l.skuId) ?? l.skuId).join(';') });
    }
  } catch (e) {
    console.warn(`group licences not available: ${(e as Error).message}`);
  }
  return out;
}

function skuSummary(skus: Sku[], rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return skus.map((k) => {
    const assigned = rows.filter((r) => r.sku === k.skuPartNumber);
    const unused = assigned.filter((r) => r.unused).length;
    return {
      sku: k.skuPartNumber,
      purchased: k.prepaidUnits.enabled,
      consumed: k.consumedUnits,
      free: k.prepaidUnits.enabled - k.consumedUnits,
      unusedAssigned: unused,
      reclaimable: unused + Math.max(0, k.prepaidUnits.enabled - k.consumedUnits),
    };
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const unusedDays = Number(argv.includes('--unused-days') ? argv[argv.indexOf('--unused-days') + 1] : 60);
  const onlySku = argv.includes('--sku') ? argv[argv.indexOf('--sku') + 1] : undefined;
  const s = settings();
  console.log(`tenant ${s.tenant}, app ${s.clientId}, secret ${masked(s.secret)}`);
  const graph = new Graph(await token(s));

  const skus: Sku[] = [];
  for await (const sku of graph.pages<Sku>(`${GRAPH}/subscribedSkus`)) skus.push(sku);
  const skuName = new Map(skus.map((k) => [k.skuId, k.skuPartNumber]));
  for (const k of skus) console.log(`  ${k.skuPartNumber.padEnd(28)} ${k.consumedUnits}/${k.prepaidUnits.enabled} used`);

  const rows: Array<Record<string, unknown>> = [];
  const select = 'id,displayName,userPrincipalName,accountEnabled,assignedLicenses,signInActivity';
  for await (const u of graph.pages<User>(`${GRAPH}/users?$select=${select}&$top=999`)) {
    for (const l of u.assignedLicenses) {
      const name = skuName.get(l.skuId) ?? l.skuId;
      if (onlySku && name !== onlySku) continue;
      const idle = daysSince(u.signInActivity?.lastSignInDateTime);
      rows.push({
        user: u.userPrincipalName,
        name: u.displayName,
        enabled: u.accountEnabled,
        sku: name,
        lastSignIn: u.signInActivity?.lastSignInDateTime?.slice(0, 10) ?? 'never',
        idleDays: idle ?? '',
        unused: !u.accountEnabled || idle === null || idle >= unusedDays,
      });
    }
  }
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  const day = new Date().toISOString().slice(0, 10);
  const file = path.join(ROOT, 'reports', `m365-licences-${day}.csv`);
  writeFileSync(file, csv(rows, ['user', 'name', 'enabled', 'sku', 'lastSignIn', 'idleDays', 'unused']));
  const unused = rows.filter((r) => r.unused);
  const bySku = new Map<string, number>();
  for (const r of unused) bySku.set(String(r.sku), (bySku.get(String(r.sku)) ?? 0) + 1);
  console.log(`${rows.length} licence assignment(s); ${unused.length} look unused (>${unusedDays} days or disabled)`);
  for (const [sku, n] of bySku) console.log(`  ${sku}: ${n}`);
  const summary = skuSummary(skus, rows);
  writeFileSync(file.replace(/\.csv$/, '-skus.csv'), csv(summary, ['sku', 'purchased', 'consumed', 'free', 'unusedAssigned', 'reclaimable']));
  const groups = await groupLicences(graph, skuName);
  if (groups.length) console.log(`${groups.length} group(s) assign licences: ${groups.map((g) => g.group).join(', ')}`);
  console.log(`report: ${path.relative(ROOT, file)} (removal is a manual step for IT)`);
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
