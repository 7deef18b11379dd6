#!/usr/bin/env -S npx tsx
// qa-mailboxes.ts - inspect and reset the QA test mailboxes used by the e2e mail tests.
//
//   npx tsx tools/qa-mailboxes.ts status                  message counts per QA account/folder
//   npx tsx tools/qa-mailboxes.ts find "Subject: Invoice" search QA inboxes (doveadm search)
//   npx tsx tools/qa-mailboxes.ts reset --apply           expunge QA inbox + Trash (QA accounts only)
//
// Accounts come from config/qa-accounts.json and MUST be in the test.internal
// domain; any other address is rejected before doveadm is called.  `reset`
// without --apply prints the doveadm commands it would run.  doveadm needs
// root on the mail host, so commands are run with `sudo -n doveadm` when not root.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const QA_DOMAIN = 'test.internal';
const FOLDERS = ['INBOX', 'Trash', 'Junk'] as const;

type Folder = (typeof FOLDERS)[number];

interface Account {
  address: string;
  purpose: string;
}

interface Status {
  mailbox: string;
  messages: number;
  unseen: number;
  vsize: number;
}

function loadAccounts(): Account[] {
  const raw = JSON.parse(readFileSync(join(ROOT, 'config', 'qa-accounts.json'), 'utf8')) as Account[];
  const bad = raw.filter((a) => !a.address.toLowerCase().endsWith(`@${QA_DOMAIN}`));
  if (bad.length) {
    throw new Error(`non-QA accounts in config: ${bad.map((a) => a.address).join(', ')}`);
  }
  return raw;
}

function doveadm(args: string[]): string {
  const isRoot = userInfo().uid === 0;
  const [cmd, argv] = isRoot ? ['doveadm', args] : ['sudo', ['-n', 'doveadm', ...args]];
  try {
    return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`doveadm ${args[0]} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

function status(account: Account): Status[] {
  const out = doveadm(['-f', 'json', 'mailbox', 'status', '-u', account.address, 'messages unseen vsize', ...FOLDERS]);
  const rows = JSON.parse(out) as Record<string, string>[];
  return rows.map((r) => ({
    mailbox: r.mailbox,
    messages: Number(r.messages),
    unseen: Number(r.unseen),
    vsize: Number(r.vsize),
  }));
}

function search(account: Account, header: string): string[] {
  const [name, ...rest] = header.split(':');
  const value = rest.join(':').trim();
  if (!name || !value) throw new Error('search expects "Header: value"');
  const out = doveadm(['-f', 'tab', 'fetch', '-u', account.address, 'mailbox hdr.subject date.received', 'mailbox', 'INBOX', 'header', name.trim(), value]);
  return out.split('\n').slice(1).filter(Boolean);
}

function resetCommands(account: Account): string[][] {
  return (['INBOX', 'Trash', 'Junk'] satisfies Folder[]).map((folder) => [
    'expunge', '-u', account.address, 'mailbox', folder, 'all',
  ]);
}

function human(bytes: number): string {
  return bytes > 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`;
}

function cmdStatus(accounts: Account[]): void {
  console.log('account'.padEnd(36), 'folder'.padEnd(8), 'msgs'.padStart(6), 'unseen'.padStart(7), 'size'.padStart(10));
  for (const a of accounts) {
    try {
      for (const s of status(a)) {
        console.log(a.address.padEnd(36), s.mailbox.padEnd(8), String(s.messages).padStart(6), String(s.unseen).padStart(7), human(s.vsize).padStart(10));
      }
    } catch (err) {
      console.log(a.address.padEnd(36), `error: ${(err as Error).message}`);
    }
  }
}

function cmdFind(accounts: Account[], query: string): void {
  let total = 0;
  for (const a of accounts) {
    const hits = search(a, query);
    total += hits.length;
    if (hits.length) {
      console.log(`${a.address} (${a.purpose}): ${hits.length}`);
      hits.slice(0, 10).forEach((h) => console.log(`    ${h}`));
    }
  }
  console.log(`${total} matching messages in QA inboxes`);
}

function cmdReset(accounts: Account[], apply: boolean): void {
  for (const a of accounts) {
    for (const argv of resetCommands(a)) {
      if (!apply) {
        console.log(`would run: doveadm ${argv.join(' ')}`);
        continue;
      }
      doveadm(argv);
    }
    if (apply) console.log(`reset ${a.address}`);
  }
  if (!apply) console.log('dry run; add --apply to expunge the QA mailboxes');
}

function seed(accounts: Account[], apply: boolean): void {
  // deliver the fixture messages from tests/mail/fixtures/<purpose>/*.eml
  // into each QA inbox with doveadm save (local delivery, no SMTP involved)
  for (const a of accounts) {
    const dir = join(ROOT, 'tests', 'mail', 'fixtures', a.purpose);
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
    } catch {
      console.log(`${a.address}: no fixtures for purpose "${a.purpose}"`);
      continue;
    }
    for (const f of files) {
      if (!apply) {
        console.log(`would save ${a.purpose}/${f} into ${a.address} INBOX`);
        continue;
      }
      const message = readFileSync(join(dir, f));
      const isRoot = userInfo().uid === 0;
      const [cmd, argv] = isRoot
        ? ['doveadm', ['save', '-u', a.address, '-m', 'INBOX']]
        : ['sudo', ['-n', 'doveadm', 'save', '-u', a.address, '-m', 'INBOX']];
      execFileSync(cmd, argv as string[], { input: message, stdio: ['pipe', 'ignore', 'pipe'] });
    }
    if (apply) console.log(`${a.address}: ${files.length} fixture message(s) saved`);
  }
  if (!apply) console.log('dry run; add --apply to seed the QA inboxes');
}

function main(): void {
  const [cmd = 'status', ...rest] = process.argv.slice(2);
  const accounts = loadAccounts();
  switch (cmd) {
    case 'seed':
      seed(accounts, rest.includes('--apply'));
      break;
    case 'status':
      cmdStatus(accounts);
      break;
    case 'find':
      if (!rest[0]) throw new Error('usage: find "Header: value"');
      cmdFind(accounts, rest[0]);
      break;
    case 'reset':
      cmdReset(accounts, rest.includes('--apply'));
      break;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`qa-mailboxes: ${(err as Error).message}`);
  process.exit(1);
}
