#!/usr/bin/env -S npx tsx
// Google Drive ownership audit for departing staff (read-only).
//
//   npx tsx tools/drive-audit.ts --user leaver@corp.example.com [--shared-outside]
//
// Uses a service account with domain-wide delegation (GOOGLE_SA_FILE in .env)
// impersonating the user being audited, with the drive.metadata.readonly scope.
// Produces reports/drive-<user>-<date>.csv listing files the user owns, who
// they are shared with and whether any share is outside our domains. The actual
// ownership transfer is done by IT in the admin console to the manager's account.
import { createSign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const REPORTS = path.join(ROOT, 'reports');
const SCOPE = 'https://www.googleapis.com/auth/drive.metadata.readonly';
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const DRIVE = 'https://www.googleapis.com/drive/v3';

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

interface Permission {
  type: 'user' | 'group' | 'domain' | 'anyone';
  role: string;
  emailAddress?: string;
  domain?: string;
}

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime: string;
  size?: string;
  webViewLink?: string;
  permissions?: Permission[];
}

interface Options {
  user: string;
  sharedOutside: boolean;
  internalDomains: string[];
}

function loadEnv(): Record<string, string> {
  const file = path.join(ROOT, '.env');
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^"|"$/g, '');
  }
  return out;
}

function parseArgs(argv: string[], env: Record<string, string>): Options {
  const opts: Options = {
    user: '',
    sharedOutside: false,
    internalDomains: (env.INTERNAL_DOMAINS || 'corp.example.com').split(',').map((d) => d.trim()),
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--user') opts.user = argv[++i] ?? '';
    else if (argv[i] === '--shared-outside') opts.sharedOutside = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  const domain = opts.user.split('@')[1];
  if (!domain || !opts.internalDomains.includes(domain)) {
    throw new Error('--user must be an address in one of INTERNAL_DOMAINS');
  }
  return opts;
}

const b64url = (buf: Buffer | string): string => Buffer.from(buf).toString('base64url');

function signedAssertion(sa: ServiceAccount, subject: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({ iss: sa.client_email, sub: subject, scope: SCOPE, aud: TOKEN_URL, iat: now, exp: now + 3600 }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${b64url(signer.sign(sa.private_key))}`;
}

async function accessToken(sa: ServiceAccount, subject: string): Promise<string> {
  const res = await fetch(TOKEN_URL, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: signedAssertion(sa, subject),
    }),
  });
  const json = (await res.json()) as { access_token?: string; error_description?: string };
  if (!res.ok || !json.access_token) throw new Error(`token exchange failed: ${json.error_description ?? res.status}`);
  return json.access_token;
}

async function* ownedFiles(token: string): AsyncGenerator<DriveFile> {
  let pageToken: string | undefined;
  do {
    const url = new URL(`${DRIVE}/files`);
    url.searchParams.set('q', "'me' in owners and trashed = false");
    url.searchParams.set('pageSize', '1000');
    url.searchParams.set('fields', 'nextPageToken, files(id,name,mimeType,modifiedTime,size,webViewLink,permissions(type,role,emailAddress,domain))');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    let res: Response | undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      if (res.status !== 429 && res.status < 500) break;
      await new Promise((r) => setTimeout(r, 2 ** attempt * 500));
    }
    if (!res || !res.ok) throw new Error(`Drive list failed: ${res?.status}`);
    const page = (await res.json()) as { files: DriveFile[]; nextPageToken?: string };
    yield* page.files;
    pageToken = page.nextPageToken;
  } while (pageToken);
}

function outsideShares(file: DriveFile, internal: string[]): string[] {
  const out: string[] = [];
  for (const p of file.permissions ?? []) {
    if (p.type === 'anyone') out.push('anyone-with-link');
    else if (p.type === 'domain' && p.domain && !internal.includes(p.domain)) out.push(`domain:${p.domain}`);
    else if (p.emailAddress) {
      const d = p.emailAddress.split('@')[1];
      if (d && !internal.includes(d)) out.push(`${p.role}:${p.emailAddress}`);
    }
  }
  return out;
}

const csv = (v: unknown): string => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
};

async function main(): Promise<void> {
  const env = loadEnv();
  const opts = parseArgs(process.argv.slice(2), env);
  if (!env.GOOGLE_SA_FILE) throw new Error('GOOGLE_SA_FILE missing in .env');
  const saPath = path.isAbsolute(env.GOOGLE_SA_FILE) ? env.GOOGLE_SA_FILE : path.join(ROOT, env.GOOGLE_SA_FILE);
  const sa = JSON.parse(readFileSync(saPath, 'utf8')) as ServiceAccount;
  const token = await accessToken(sa, opts.user);

  const rows: string[] = ['name,type,modified,size_mb,outside_shares,link'];
  let total = 0;
  let outside = 0;
  let bytes = 0;
  for await (const f of ownedFiles(token)) {
    total++;
    bytes += Number(f.size ?? 0);
    const shares = outsideShares(f, opts.internalDomains);
    if (shares.length) outside++;
    if (opts.sharedOutside && !shares.length) continue;
    rows.push(
      [f.name, f.mimeType.replace('application/vnd.google-apps.', 'g:'), f.modifiedTime.slice(0, 10),
        f.size ? (Number(f.size) / 1e6).toFixed(1) : '', shares.join(' '), f.webViewLink]
        .map(csv)
        .join(','),
    );
  }
  mkdirSync(REPORTS, { recursive: true });
  const file = path.join(REPORTS, `drive-${opts.user.split('@')[0]}-${new Date().toISOString().slice(0, 10)}.csv`);
  writeFileSync(file, rows.join('\n') + '\n');
  console.log(`${opts.user}: ${total} files owned (${(bytes / 1e9).toFixed(2)} GB), ${outside} shared outside`);
  console.log(`report: ${path.relative(ROOT, file)}`);
  console.log('next step: IT transfers ownership to the manager in the admin console');
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
