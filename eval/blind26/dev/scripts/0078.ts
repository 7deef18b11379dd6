#!/usr/bin/env -S npx tsx
// scripts/export-products.ts - export products + variants from the dev store
// via the Shopify Admin GraphQL API into data/products.json (and a CSV for
// the merch team).
//
// Auth: SHOPIFY_ADMIN_TOKEN (custom app, read_products only) and
// SHOPIFY_STORE (<name>.myshopify.com) from .env. The token is only sent to
// https://<store>/admin/api/... . Throttling: respects the GraphQL cost
// extension and backs off when the bucket is low.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const API_VERSION = '2025-01';
const OUT_DIR = resolve(ROOT, 'data');

type Money = { amount: string; currencyCode: string };

interface Variant {
  id: string;
  sku: string | null;
  title: string;
  price: Money;
  inventoryQuantity: number | null;
}

interface Product {
  id: string;
  handle: string;
  title: string;
  status: string;
  vendor: string;
  tags: string[];
  updatedAt: string;
  variants: Variant[];
}

interface Throttle {
  currentlyAvailable: number;
  restoreRate: number;
  maximumAvailable: number;
}

const QUERY = /* GraphQL */ `
  query Products($cursor: String, $query: String) {
    products(first: 50, after: $cursor, query: $query) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id handle title status vendor tags updatedAt
        variants(first: 100) {
          nodes { id sku title inventoryQuantity price }
        }
      }
    }
  }
`;

function env(): Record<string, string> {
  const vars: Record<string, string> = {};
  const file = resolve(ROOT, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const i = line.indexOf('=');
      if (i > 0 && !line.startsWith('#')) vars[line.slice(0, i)] = line.slice(i + 1);
    }
  }
  return { ...vars, ...(process.env as Record<string, string>) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class AdminClient {
  private readonly endpoint: string;

  constructor(private readonly store: string, private readonly token: string) {
    if (!/^[a-z0-9-]+\.myshopify\.com$/.test(store)) {
      throw new Error(`SHOPIFY_STORE must be <name>.myshopify.com, got ${store}`);
    }
    this.endpoint = `https://${store}/admin/api/${API_VERSION}/graphql.json`;
  }

  async query<T>(query: string, variables: Record<string, unknown>, attempt = 1): Promise<T> {
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Shopify-Access-Token': this.token,
      },
      body: JSON.stringify({ query, variables }),
    });
    if (res.status === 429 || res.status >= 500) {
      if (attempt > 5) throw new Error(`Admin API ${res.status} after ${attempt} attempts`);
      const retryAfter = Number(res.headers.get('Retry-After') ?? 2 ** attempt);
      await sleep(retryAfter * 1000);
      return this.query(query, variables, attempt + 1);
    }
    const body = (await res.json()) as any;
    if (body.errors?.length) {
      const throttled = body.errors.some((e: any) => e.extensions?.code === 'THROTTLED');
      if (throttled && attempt <= 5) {
        await sleep(2000 * attempt);
        return this.query(query, variables, attempt + 1);
      }
      throw new Error(body.errors.map((e: any) => e.message).join('; '));
    }
    await this.pace(body.extensions?.cost?.throttleStatus as Throttle | undefined);
    return body.data as T;
  }

  private async pace(t?: Throttle): Promise<void> {
    if (!t) return;
    if (t.currentlyAvailable < t.maximumAvailable * 0.2) {
      const deficit = t.maximumAvailable * 0.5 - t.currentlyAvailable;
      await sleep(Math.ceil(deficit / t.restoreRate) * 1000);
    }
  }
}

function normalise(node: any): Product {
  return {
    id: node.id,
    handle: node.handle,
    title: node.title,
    status: node.status,
    vendor: node.vendor,
    tags: node.tags,
    updatedAt: node.updatedAt,
    variants: node.variants.nodes.map((v: any) => ({
      id: v.id,
      sku: v.sku || null,
      title: v.title,
      price: { amount: String(v.price), currencyCode: 'EUR' },
      inventoryQuantity: v.inventoryQuantity ?? null,
    })),
  };
}

async function fetchAll(client: AdminClient, filter?: string): Promise<Product[]> {
  const products: Product[] = [];
  let cursor: string | null = null;
  do {
    const data: any = await client.query(QUERY, { cursor, query: filter ?? null });
    for (const node of data.products.nodes) products.push(normalise(node));
    cursor = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
    process.stderr.write(`\r${products.length} products`);
  } while (cursor);
  process.stderr.write('\n');
  return products;
}

function csvEscape(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function toCsv(products: Product[]): string {
  const header = ['handle', 'title', 'status', 'vendor', 'variant', 'sku', 'price', 'inventory'];
  const rows = [header.join(',')];
  for (const p of products) {
    for (const v of p.variants) {
      rows.push(
        [p.handle, p.title, p.status, p.vendor, v.title, v.sku, v.price.amount, v.inventoryQuantity]
          .map(csvEscape)
          .join(','),
      );
    }
  }
  return rows.join('\n') + '\n';
}

function lint(products: Product[]): string[] {
  const warnings: string[] = [];
  const skus = new Map<string, string>();
  for (const p of products) {
    if (p.status === 'ACTIVE' && p.variants.every((v) => (v.inventoryQuantity ?? 0) <= 0)) {
      warnings.push(`${p.handle}: active but out of stock`);
    }
    for (const v of p.variants) {
      if (!v.sku) warnings.push(`${p.handle} / ${v.title}: no SKU`);
      else if (skus.has(v.sku)) warnings.push(`duplicate SKU ${v.sku} (${skus.get(v.sku)} and ${p.handle})`);
      else skus.set(v.sku, p.handle);
    }
  }
  return warnings;
}

async function main(): Promise<void> {
  const e = env();
  const store = e.SHOPIFY_STORE;
  const token = e.SHOPIFY_ADMIN_TOKEN;
  if (!store || !token) throw new Error('SHOPIFY_STORE and SHOPIFY_ADMIN_TOKEN must be set');
  const filter = process.argv.includes('--active') ? 'status:active' : undefined;
  const client = new AdminClient(store, token);
  const products = await fetchAll(client, filter);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(resolve(OUT_DIR, 'products.json'), JSON.stringify(products, null, 2));
  writeFileSync(resolve(OUT_DIR, 'products.csv'), toCsv(products));
  const warnings = lint(products);
  for (const w of warnings.slice(0, 30)) console.warn(`warning: ${w}`);
  console.log(`${products.length} products exported from ${store}; ${warnings.length} warning(s)`);
}

main().catch((err: Error) => {
  console.error(`export-products: ${err.message}`);
  process.exitCode = 1;
});
