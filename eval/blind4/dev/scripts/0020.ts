// scripts/i18n-build.ts - compile locales/*.yaml into public/locales/*.json
// and report keys missing from non-default locales.
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';

const root = path.resolve(__dirname, '..');
const srcDir = path.join(root, 'locales');
const outDir = path.join(root, 'public', 'locales');
const DEFAULT_LOCALE = 'en';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

async function loadLocale(file: string): Promise<Record<string, string>> {
  const text = await readFile(path.join(srcDir, file), 'utf8');
  const parsed = YAML.parse(text) as Tree | null;
  return flatten(parsed ?? {});
}

async function main(): Promise<void> {
  const files = (await readdir(srcDir)).filter((f) => f.endsWith('.yaml'));
  if (!files.includes(`${DEFAULT_LOCALE}.yaml`)) {
    throw new Error(`missing ${DEFAULT_LOCALE}.yaml in ${srcDir}`);
  }
  await mkdir(outDir, { recursive: true });
  const base = await loadLocale(`${DEFAULT_LOCALE}.yaml`);
  let missingTotal = 0;
  for (const file of files.sort()) {
    const locale = path.basename(file, '.yaml');
    const strings = await loadLocale(file);
    const missing = Object.keys(base).filter((k) => !(k in strings));
    missingTotal += missing.length;
    if (missing.length && locale !== DEFAULT_LOCALE) {
      console.warn(`${locale}: ${missing.length} missing key(s), e.g. ${missing.slice(0, 3).join(', ')}`);
    }
    const merged = { ...base, ...strings };
    await writeFile(path.join(outDir, `${locale}.json`), JSON.stringify(merged, null, 2) + '\n');
    console.log(`wrote public/locales/${locale}.json (${Object.keys(merged).length} keys)`);
  }
  if (process.argv.includes('--strict') && missingTotal > 0) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
