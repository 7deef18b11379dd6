#!/usr/bin/env -S npx tsx
// scripts/product-feed.ts - build public/feed.xml (Google Merchant style RSS)
// from the Storefront API of the store.
//
// Usage
//   npx tsx scripts/product-feed.ts
//   npx tsx scripts/product-feed.ts --currency EUR --country DE
//
// Uses the *public* Storefront access token (SHOPIFY_STOREFRONT_TOKEN, the one
// that ships in the theme anyway) against https://<store>/api/<ver>/graphql.json.
// Only published products are visible to that token. Output is written to
// public/feed.xml atomically (tmp file + rename).

import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const OUT = join(ROOT, 'public', 'feed.xml');
const API_VERSION = '2025-01';

type Money = { currencyCode: string; amount: string };

interface Variant {
  id: string;
  sku: string | null;
  availableForSale: boolean;
  price: Money;
  compareAtPrice: Money | null;
  barcode: string | null;
}

interface Product {
  id: string;
  handle: string;
  title: string;
  description: string;
  vendor: string;
  productType: string;
  featuredImage: { url: string } | null;
  variants: { nodes: Variant[] };
}

const QUERY = `
  query Feed($cursor: String, $country: CountryCode) @inContext(country: $country) {
    products(first: 100, after: $cursor) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id handle title description vendor productType
        featuredImage { url }
        variants(first: 50) {
          nodes { id sku availableForSale barcode price { amount currencyCode } compareAtPrice { amount currencyCode } }
        }
      }
    }
  }
`;

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = join(ROOT, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split(/\n/)) {
      const idx = line.indexOf('=');
      if (idx > 0 && !line.startsWith('#')) out[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

function options() {
  const a = process.argv.slice(2);
  const get = (flag: string, fallback: string) => {
    const i = a.indexOf(flag);
    return i >= 0 ? a[i + 1] : fallback;
  };
  return { currency: get('--currency', 'EUR'), country: get('--country', 'DE'), publicOrigin: get('--origin', '') };
}

async function storefront<T>(store: string, token: string, variables: Record<string, unknown>): Promise<T> {
  const url = `https://${store}/api/${API_VERSION}/graphql.json`;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': token },
      body: JSON.stringify({ query: QUERY, variables }),
    });
    if (res.status >= 500 || res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * attempt));
      continue;
    }
    const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
    return body.data as T;
  }
  throw new Error('Storefront API kept failing');
}

async function allProducts(store: string, token: string, country: string): Promise<Product[]> {
  const products: Product[] = [];
  let cursor: string | null = null;
  do {
    const data: any = await storefront(store, token, { cursor, country });
    products.push(...data.products.nodes);
    const page = data.products.pageInfo;
    cursor = page.hasNextPage ? page.endCursor : null;
  } while (cursor);
  return products;
}

function esc(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

// Storefront ids are global ids ending in ".../ProductVariant/4410";
// merchant feeds want the numeric part only.
//
// The g:id must stay stable between feed runs, otherwise Merchant Center
// treats every run as new products; SKU is preferred, the numeric id is the
// fallback for variants without one.
function gid(id: string): string {
  return id.split('/').pop() ?? id;
}

function item(p: Product, v: Variant, origin: string): string {
  const link = `${origin}/products/${p.handle}?variant=${gid(v.id)}`;
  const onSale = v.compareAtPrice && Number(v.compareAtPrice.amount) > Number(v.price.amount);
  const price = onSale ? v.compareAtPrice! : v.price;
  const lines = [
    `<g:id>${esc(v.sku || gid(v.id))}</g:id>`,
    `<g:item_group_id>${gid(p.id)}</g:item_group_id>`,
    `<title>${esc(p.title)}</title>`,
    `<description>${esc(p.description.slice(0, 4900))}</description>`,
    `<link>${esc(link)}</link>`,
    p.featuredImage ? `<g:image_link>${esc(p.featuredImage.url)}</g:image_link>` : '',
    `<g:availability>${v.availableForSale ? 'in_stock' : 'out_of_stock'}</g:availability>`,
    `<g:price>${price.amount} ${price.currencyCode}</g:price>`,
    onSale ? `<g:sale_price>${v.price.amount} ${v.price.currencyCode}</g:sale_price>` : '',
    `<g:brand>${esc(p.vendor)}</g:brand>`,
    v.barcode ? `<g:gtin>${esc(v.barcode)}</g:gtin>` : '<g:identifier_exists>no</g:identifier_exists>',
    p.productType ? `<g:product_type>${esc(p.productType)}</g:product_type>` : '',
  ].filter(Boolean);
  return `  <item>\n    ${lines.join('\n    ')}\n  </item>`;
}

function feed(products: Product[], origin: string, title: string): { xml: string; count: number } {
  const items: string[] = [];
  for (const p of products) for (const v of p.variants.nodes) items.push(item(p, v, origin));
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
  <title>${esc(title)}</title>
  <link>${esc(origin)}</link>
  <description>Product feed</description>
${items.join('\n')}
</channel>
</rss>
`;
  return { xml, count: items.length };
}

async function main(): Promise<void> {
  const e = env();
  const opts = options();
  const store = e.SHOPIFY_STORE;
  const token = e.SHOPIFY_STOREFRONT_TOKEN;
  if (!store || !/^[a-z0-9-]+\.myshopify\.com$/.test(store)) throw new Error('SHOPIFY_STORE must be <name>.myshopify.com');
  if (!token) throw new Error('SHOPIFY_STOREFRONT_TOKEN missing');
  const origin = opts.publicOrigin || e.PUBLIC_ORIGIN || `https://${store}`;
  const products = await allProducts(store, token, opts.country);
  const { xml, count } = feed(products, origin, e.SHOP_NAME || 'Shop');
  mkdirSync(join(ROOT, 'public'), { recursive: true });
  const tmp = `${OUT}.tmp`;
  writeFileSync(tmp, xml);
  renameSync(tmp, OUT);
  console.log(`${products.length} product(s), ${count} item(s) -> public/feed.xml`);
}

main().catch((err: Error) => {
  console.error(`product-feed: ${err.message}`);
  process.exitCode = 1;
});
