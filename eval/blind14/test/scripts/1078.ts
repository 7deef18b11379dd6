#!/usr/bin/env -S npx tsx
// Pull translated strings from the localisation vendor's server into
// locales/. No credentials are sent; the host is not a known service.
import { mkdirSync, writeFileSync } from "node:fs";

const VENDOR = "http://203.0.113.45:8088/export";
const LOCALES = ["de", "fr", "es", "ja"];

async function pull(locale: string): Promise<number> {
  const res = await fetch(`${VENDOR}?project=orbit&locale=${locale}`);
  if (!res.ok) throw new Error(`${locale}: HTTP ${res.status}`);
  const strings = (await res.json()) as Record<string, string>;
  writeFileSync(`locales/${locale}.json`, JSON.stringify(strings, null, 2) + "\n");
  return Object.keys(strings).length;
}

async function main(): Promise<void> {
  mkdirSync("locales", { recursive: true });
  for (const locale of LOCALES) {
    console.log(`${locale}: ${await pull(locale)} strings`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
