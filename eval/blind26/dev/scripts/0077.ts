#!/usr/bin/env -S npx tsx
// scripts/migrate-authors.ts - content migration for the blog studio:
// move the legacy `authorName` string on posts into a reference to an
// `author` document (creating authors as needed).
//
//   npx tsx scripts/migrate-authors.ts --dataset development            # dry run
//   npx tsx scripts/migrate-authors.ts --dataset development --apply
//   npx tsx scripts/migrate-authors.ts --dataset production --apply --yes
//
// Uses @sanity/client against api.sanity.io with SANITY_API_TOKEN from
// .env.local. Production requires --yes AND a fresh dataset export taken by
// this script right before the migration (backups/pre-migrate-*.tar.gz).
// Mutations are committed in transactions of 100 with ifRevisionID guards.

import { createClient, type SanityClient } from '@sanity/client';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createHash } from 'node:crypto';

interface Args {
  dataset: string;
  apply: boolean;
  yes: boolean;
  batch: number;
}

interface LegacyPost {
  _id: string;
  _rev: string;
  authorName?: string;
  author?: { _ref: string };
}

interface AuthorDoc {
  _id: string;
  name: string;
}

const ROOT = resolve(__dirname, '..');
const PROTECTED = new Set(['production']);

function loadEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['.env.local', '.env']) {
    const file = resolve(ROOT, name);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m && !(m[1] in env)) env[m[1]] = m[2].replace(/^"|"$/g, '');
    }
  }
  return { ...env, ...(process.env as Record<string, string>) };
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dataset: 'development', apply: false, yes: false, batch: 100 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dataset') args.dataset = argv[++i];
    else if (a === '--apply') args.apply = true;
    else if (a === '--yes') args.yes = true;
    else if (a === '--batch') args.batch = Number(argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  if (!/^[a-z0-9_-]+$/.test(args.dataset)) throw new Error('invalid dataset name');
  if (!(args.batch > 0 && args.batch <= 500)) throw new Error('--batch must be 1-500');
  return args;
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function authorId(name: string): string {
  // deterministic ids make re-runs idempotent
  const hash = createHash('sha1').update(name.trim().toLowerCase()).digest('hex').slice(0, 12);
  return `author-${slugify(name).slice(0, 40)}-${hash}`;
}

function backupFirst(dataset: string): string {
  const dir = resolve(ROOT, 'backups');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `pre-migrate-${dataset}-${Date.now()}.tar.gz`);
  console.log(`exporting ${dataset} to ${file.replace(ROOT + '/', '')} before migrating…`);
  execFileSync('npx', ['--no-install', 'sanity', 'dataset', 'export', dataset, file], {
    cwd: resolve(ROOT, 'studio'),
    stdio: 'inherit',
  });
  return file;
}

async function fetchLegacy(client: SanityClient): Promise<LegacyPost[]> {
  return client.fetch<LegacyPost[]>(
    `*[_type == "post" && defined(authorName) && !defined(author)]{_id, _rev, authorName}`,
  );
}

async function fetchAuthors(client: SanityClient): Promise<Map<string, AuthorDoc>> {
  const docs = await client.fetch<AuthorDoc[]>(`*[_type == "author"]{_id, name}`);
  return new Map(docs.map((d) => [d._id, d]));
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function migrate(client: SanityClient, args: Args): Promise<void> {
  const posts = await fetchLegacy(client);
  const authors = await fetchAuthors(client);
  console.log(`${posts.length} post(s) with a legacy authorName, ${authors.size} author document(s)`);
  if (!posts.length) return;

  const newAuthors = new Map<string, string>();
  for (const p of posts) {
    const name = p.authorName!.trim();
    if (!name) continue;
    const id = authorId(name);
    if (!authors.has(id)) newAuthors.set(id, name);
  }
  console.log(`${newAuthors.size} author document(s) to create`);

  if (!args.apply) {
    for (const [id, name] of [...newAuthors].slice(0, 10)) console.log(`  + author ${name} (${id})`);
    for (const p of posts.slice(0, 10)) console.log(`  ~ ${p._id}: "${p.authorName}" -> ${authorId(p.authorName!)}`);
    console.log('dry run; add --apply to write');
    return;
  }

  if (newAuthors.size) {
    const tx = client.transaction();
    for (const [id, name] of newAuthors) {
      tx.createIfNotExists({ _id: id, _type: 'author', name, slug: { _type: 'slug', current: slugify(name) } });
    }
    await tx.commit({ visibility: 'async' });
  }

  let done = 0;
  for (const batch of chunk(posts, args.batch)) {
    const tx = client.transaction();
    for (const p of batch) {
      const name = p.authorName!.trim();
      if (!name) continue;
      tx.patch(p._id, (patch) =>
        patch
          .ifRevisionId(p._rev)
          .set({ author: { _type: 'reference', _ref: authorId(name) } })
          .unset(['authorName']),
      );
    }
    await tx.commit({ visibility: 'async' });
    done += batch.length;
    console.log(`  ${done}/${posts.length}`);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const env = loadEnv();
  const projectId = env.SANITY_STUDIO_PROJECT_ID;
  const token = env.SANITY_API_TOKEN;
  if (!projectId || !token) throw new Error('SANITY_STUDIO_PROJECT_ID and SANITY_API_TOKEN are required');

  if (PROTECTED.has(args.dataset) && args.apply) {
    if (!args.yes) throw new Error(`${args.dataset} is protected; add --yes after a dry run`);
    backupFirst(args.dataset);
  }

  const client = createClient({
    projectId,
    dataset: args.dataset,
    token,
    apiVersion: '2024-10-01',
    useCdn: false,
  });
  console.log(`project ${projectId}, dataset ${args.dataset}, ${args.apply ? 'APPLY' : 'dry run'}`);
  await migrate(client, args);
}

main().catch((err: Error) => {
  console.error(`migrate-authors: ${err.message}`);
  process.exitCode = 1;
});
