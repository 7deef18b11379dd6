// scripts/validate-configs.ts
// Validate every config/*.json against the shared JSON schema published by the
// platform group. Downloads the schema on each run (no credentials involved).
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const configDir = path.join(root, 'config');
const SCHEMA_URL = process.env.CONFIG_SCHEMA_URL ?? 'https://schemas.example.org/acme/service-config/v3.json';

async function fetchSchema(): Promise<object> {
  const res = await fetch(SCHEMA_URL, { headers: { Accept: 'application/schema+json' } });
  if (!res.ok) throw new Error(`schema download failed: ${res.status}`);
  return (await res.json()) as object;
}

function configFiles(): string[] {
  return readdirSync(configDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(configDir, f));
}

async function main(): Promise<void> {
  const schema = await fetchSchema();
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  let failed = 0;
  for (const file of configFiles()) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      failed++;
      console.error(`${path.relative(root, file)}: invalid JSON (${(e as Error).message})`);
      continue;
    }
    if (validate(data)) {
      console.log(`ok   ${path.relative(root, file)}`);
    } else {
      failed++;
      console.error(`FAIL ${path.relative(root, file)}`);
      for (const err of validate.errors ?? []) {
        console.error(`     ${err.instancePath || '/'} ${err.message}`);
      }
    }
  }
  console.log(`${failed} file(s) failed validation against ${SCHEMA_URL}`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
