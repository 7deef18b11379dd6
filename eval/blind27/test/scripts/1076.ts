#!/usr/bin/env -S npx tsx
// Calendar resource (rooms, instruments) audit for Google Workspace - read-only.
//
//   npx tsx tools/resource-audit.ts [--building HQ] [--json]
//
// Lists calendar resources through the Admin SDK Directory API
// (admin.googleapis.com) with an access token minted from the service account
// in .env (GOOGLE_SA_FILE + GOOGLE_ADMIN_SUBJECT, readonly scope), checks each
// resource's calendar for events in the next 30 days via the Calendar API
// (www.googleapis.com) and reports unused or misconfigured resources to
// reports/resources-<date>.md. Nothing is created, changed or deleted.
import { createSign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN_URL = 'https://oauth2.googleapis.com/token'; // JWT bearer exchange
const DIRECTORY = 'https://admin.googleapis.com/admin/directory/v1'; // Admin SDK
const CALENDAR = 'https://www.googleapis.com/calendar/v3';
const SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.resource.calendar.readonly',
  'https://www.googleapis.com/auth/calendar.readonly',
].join(' ');

interface Resource {
  resourceId: string;
  resourceName: string;
  resourceEmail: string;
  resourceCategory?: string;
  buildingId?: string;
  capacity?: number;
  floorName?: string;
}

interface Finding {
  resource: string;
  issue: string;
}

type Env = Record<string, string>;

function readEnv(): Env {
  const out: Env = {};
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = /^\s*(GOOGLE_[A-Z_]+)\s*=\s*(.*?)\s*$/.exec(line);
      if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
    }
  }
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith('GOOGLE_') && v) out[k] = v;
  return out;
}

async function token(env: Env): Promise<string> {
  const saFile = env.GOOGLE_SA_FILE;
  const subject = env.GOOGLE_ADMIN_SUBJECT;
  if (!saFile || !subject) throw new Error('GOOGLE_SA_FILE and GOOGLE_ADMIN_SUBJECT are required');
  const sa = JSON.parse(readFileSync(path.resolve(ROOT, saFile), 'utf8')) as { client_email: string; private_key: string };
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: sa.client_email, sub: subject, scope: SCOPES, aud: TOKEN_URL, iat: now, exp: now + 3600 })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(sa.private_key, 'base64url');
  const res = await fetch(TOKEN_URL, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }),
  });
  const json = (await res.json()) as { access_token?: string; error?: string };
  if (!json.access_token) throw new Error(`token exchange failed: ${json.error ?? res.status}`);
  return json.access_token;
}

class Google {
  constructor(private readonly accessToken: string) {}

  async get<T>(url: string): Promise<T> {
    if (!url.startsWith(DIRECTORY) && !url.startsWith(CALENDAR)) throw new Error(`unexpected URL ${url}`);
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${this.accessToken}` } });
      if (res.status === 429 || res.status >= 500) {
        await new Promise((r) => setTimeout(r, 2 ** attempt * 400));
        continue;
      }
      if (!res.ok) throw new Error(`GET ${url.split('?')[0]}: ${res.status}`);
      return (await res.json()) as T;
    }
    throw new Error('Google API retries exhausted');
  }

  async resources(): Promise<Resource[]> {
    const out: Resource[] = [];
    let pageToken = '';
    do {
      const url = `${DIRECTORY}/customer/my_customer/resources/calendars?maxResults=500${pageToken ? `&pageToken=${pageToken}` : ''}`;
      const page = await this.get<{ items?: Resource[]; nextPageToken?: string }>(url);
      out.push(...(page.items ?? []));
      pageToken = page.nextPageToken ?? '';
    } while (pageToken);
    return out;
  }

  async upcomingEvents(calendarId: string, days: number): Promise<number> {
    const now = new Date();
    const until = new Date(now.getTime() + days * 86_400_000);
    const url = new URL(`${CALENDAR}/calendars/${encodeURIComponent(calendarId)}/events`);
    url.searchParams.set('timeMin', now.toISOString());
    url.searchParams.set('timeMax', until.toISOString());
    url.searchParams.set('singleEvents', 'true');
    url.searchParams.set('maxResults', '250');
    url.searchParams.set('fields', 'items(id)');
    const page = await this.get<{ items?: unknown[] }>(url.toString());
    return page.items?.length ?? 0;
  }
}

function checks(r: Resource, events: number): Finding[] {
  const f: Finding[] = [];
  if (!r.buildingId) f.push({ resource: r.resourceName, issue: 'no building assigned' });
  if (r.resourceCategory === 'CONFERENCE_ROOM' && !r.capacity) f.push({ resource: r.resourceName, issue: 'room without capacity' });
  if (events === 0) f.push({ resource: r.resourceName, issue: 'no bookings in the next 30 days' });
  if (/\b(old|unused|tbd)\b/i.test(r.resourceName)) f.push({ resource: r.resourceName, issue: 'name suggests it is obsolete' });
  return f;
}

function byCategory(resources: Resource[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of resources) {
    const k = r.resourceCategory ?? 'OTHER';
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function capacityTotal(resources: Resource[]): number {
  return resources.reduce((n, r) => n + (r.capacity ?? 0), 0);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const building = argv.includes('--building') ? argv[argv.indexOf('--building') + 1] : undefined;
  const env = readEnv();
  const google = new Google(await token(env));
  let resources = await google.resources();
  if (building) resources = resources.filter((r) => r.buildingId === building);
  console.log(`${resources.length} calendar resource(s)${building ? ` in ${building}` : ''}`);
  for (const [cat, n] of byCategory(resources)) console.log(`  ${cat.padEnd(18)} ${n}`);
  console.log(`  total room capacity: ${capacityTotal(resources)} seats`);

  const findings: Finding[] = [];
  const usage: Array<{ name: string; events: number }> = [];
  for (const r of resources) {
    const events = await google.upcomingEvents(r.resourceEmail, 30).catch(() => -1);
    usage.push({ name: r.resourceName, events });
    findings.push(...checks(r, events));
  }
  const day = new Date().toISOString().slice(0, 10);
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  const md = [
    `# Calendar resources audit ${day}`,
    '',
    `${resources.length} resources, ${findings.length} finding(s).`,
    '',
    '| resource | issue |',
    '|---|---|',
    ...findings.map((x) => `| ${x.resource} | ${x.issue} |`),
    '',
    '## Bookings next 30 days',
    '',
    ...usage.sort((a, b) => b.events - a.events).map((u) => `- ${u.name}: ${u.events < 0 ? 'n/a' : u.events}`),
    '',
    'Changes to resources are made in the admin console after review.',
  ].join('\n');
  const file = path.join(ROOT, 'reports', `resources-${day}.md`);
  writeFileSync(file, md + '\n');
  if (argv.includes('--json')) writeFileSync(file.replace(/\.md$/, '.json'), JSON.stringify({ findings, usage }, null, 2));
  console.log(`written: ${path.relative(ROOT, file)}`);
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
