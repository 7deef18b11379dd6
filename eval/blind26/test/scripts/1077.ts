#!/usr/bin/env -S npx tsx
// scripts/content-audit.ts - read-only quality audit of the Sanity content.
//
// Usage
//   npx tsx scripts/content-audit.ts                    # dataset from .env
//   npx tsx scripts/content-audit.ts --dataset staging
//   npx tsx scripts/content-audit.ts --json > reports/audit.json
//
// Checks (GROQ queries against api.sanity.io with SANITY_READ_TOKEN):
//   - images without alt text
//   - references to documents that no longer exist
//   - published documents with a newer draft older than 30 days (forgotten drafts)
//   - duplicate slugs per document type
//   - posts without an SEO description
// Nothing is written to the dataset; the token only needs read access.

import { createClient, type SanityClient } from '@sanity/client';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const REPORT_DIR = join(ROOT, 'reports');

type Finding = { check: string; id: string; type: string; detail: string };

interface Check {
  name: string;
  run(client: SanityClient): Promise<Finding[]>;
}

function loadEnv(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const f of ['.env.local', '.env']) {
    const p = join(ROOT, f);
    if (!existsSync(p)) continue;
    for (const line of readFileSync(p, 'utf8').split(/\r?\n/)) {
      const m = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
      if (m && !(m[1] in vars)) vars[m[1]] = m[2];
    }
  }
  return Object.assign({}, vars, process.env as Record<string, string>);
}

const missingAlt: Check = {
  name: 'image-alt',
  async run(client) {
    const rows = await client.fetch<{ _id: string; _type: string; path: string }[]>(`
      *[_type in ["post", "page", "product"]]{
        _id, _type,
        "missing": [mainImage, ...body[_type == "image"]][defined(asset) && !defined(alt)]
      }[count(missing) > 0]{ _id, _type, "path": "image" }
    `);
    return rows.map((r) => ({ check: this.name, id: r._id, type: r._type, detail: 'image without alt text' }));
  },
};

const brokenRefs: Check = {
  name: 'broken-reference',
  async run(client) {
    const rows = await client.fetch<{ _id: string; _type: string; refs: string[] }[]>(`
      *[!(_id in path("drafts.**")) && count(*[references(^._id)]) >= 0]{
        _id, _type,
        "refs": array::compact(*[_id in ^.references[]._ref]._id)
      }
    `);
    const ids = new Set(await client.fetch<string[]>(`*[]._id`));
    const out: Finding[] = [];
    for (const r of rows) {
      for (const ref of r.refs || []) {
        if (!ids.has(ref)) out.push({ check: this.name, id: r._id, type: r._type, detail: `missing ${ref}` });
      }
    }
    return out;
  },
};

const staleDrafts: Check = {
  name: 'stale-draft',
  async run(client) {
    const rows = await client.fetch<{ _id: string; _type: string; _updatedAt: string }[]>(`
      *[_id in path("drafts.**") && dateTime(_updatedAt) < dateTime(now()) - 60*60*24*30]{ _id, _type, _updatedAt }
    `);
    return rows.map((r) => ({ check: this.name, id: r._id, type: r._type, detail: `draft untouched since ${r._updatedAt.slice(0, 10)}` }));
  },
};

const duplicateSlugs: Check = {
  name: 'duplicate-slug',
  async run(client) {
    const rows = await client.fetch<{ _id: string; _type: string; slug: string }[]>(`
      *[defined(slug.current) && !(_id in path("drafts.**"))]{ _id, _type, "slug": slug.current }
    `);
    const seen = new Map<string, string>();
    const out: Finding[] = [];
    for (const r of rows) {
      const key = `${r._type}:${r.slug}`;
      if (seen.has(key)) out.push({ check: this.name, id: r._id, type: r._type, detail: `slug "${r.slug}" also used by ${seen.get(key)}` });
      else seen.set(key, r._id);
    }
    return out;
  },
};

const seoDescription: Check = {
  name: 'seo-description',
  async run(client) {
    const rows = await client.fetch<{ _id: string; _type: string; title: string }[]>(`
      *[_type == "post" && !(_id in path("drafts.**")) && (!defined(seo.description) || length(seo.description) < 50)]{ _id, _type, title }
    `);
    return rows.map((r) => ({ check: this.name, id: r._id, type: r._type, detail: `"${r.title}" has no usable SEO description` }));
  },
};

// Order matters only for the console output; each check is independent and
// read-only. Add new checks here and document them in the header above.
//
// Severity: broken references and duplicate slugs fail the run (exit 1);
// the other checks are advisory and only show up in the report.
//
// Runtime is dominated by the reference check on large datasets (it loads
// every document id once).
const CHECKS: Check[] = [missingAlt, brokenRefs, staleDrafts, duplicateSlugs, seoDescription];

function args() {
  const a = process.argv.slice(2);
  const i = a.indexOf('--dataset');
  return { dataset: i >= 0 ? a[i + 1] : undefined, json: a.includes('--json'), only: a.filter((x) => x.startsWith('check=')).map((x) => x.slice(6)) };
}

function markdown(findings: Finding[], dataset: string): string {
  const byCheck = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!byCheck.has(f.check)) byCheck.set(f.check, []);
    byCheck.get(f.check)!.push(f);
  }
  const lines = [`# Content audit (${dataset})`, '', `${findings.length} finding(s).`, ''];
  for (const [check, list] of byCheck) {
    lines.push(`## ${check} (${list.length})`, '');
    for (const f of list.slice(0, 200)) lines.push(`- \`${f.id}\` (${f.type}): ${f.detail}`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const opts = args();
  const env = loadEnv();
  const projectId = env['SANITY_STUDIO_PROJECT_ID'];
  const dataset = opts.dataset ?? env.SANITY_STUDIO_DATASET ?? 'production';
  if (!projectId) throw new Error('SANITY_STUDIO_PROJECT_ID missing');
  const client = createClient({
    projectId,
    dataset,
    apiVersion: '2024-10-01',
    token: env.SANITY_READ_TOKEN,
    useCdn: false,
    perspective: 'raw',
  });
  const checks = opts.only.length ? CHECKS.filter((c) => opts.only.includes(c.name)) : CHECKS;
  const findings: Finding[] = [];
  for (const check of checks) {
    const started = Date.now();
    const result = await check.run(client);
    findings.push(...result);
    if (!opts.json) console.error(`${check.name.padEnd(18)} ${String(result.length).padStart(4)} (${Date.now() - started} ms)`);
  }
  if (opts.json) {
    process.stdout.write(JSON.stringify(findings, null, 2) + '\n');
  } else {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `content-audit-${dataset}.md`), markdown(findings, dataset));
    console.error(`report: reports/content-audit-${dataset}.md`);
  }
  process.exitCode = findings.some((f) => f.check === 'broken-reference' || f.check === 'duplicate-slug') ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`content-audit: ${err.message}`);
  process.exitCode = 2;
});
