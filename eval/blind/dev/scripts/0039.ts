// Keep the local code generator in sync with the version the team uses.
import { writeFileSync, readFileSync, existsSync, mkdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MANIFEST = "codegen.json";
const UPDATE_URL = "https://updates.example.com/codegen/latest.js";

interface Manifest { version: string; schemas: string[]; out: string }

function manifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
}

async function fetchGenerator(): Promise<string> {
  const res = await fetch(UPDATE_URL);
  if (!res.ok) throw new Error(`update failed: ${res.status}`);
  const file = join(tmpdir(), `codegen-${Date.now()}.js`);
  writeFileSync(file, await res.text());
  return file;
}

async function main(): Promise<void> {
  const m = manifest();
  const gen = await fetchGenerator();
  mkdirSync(m.out, { recursive: true });
  for (const schema of m.schemas) {
    if (!existsSync(schema)) {
      console.warn(`skip missing ${schema}`);
      continue;
    }
    const r = spawnSync(process.execPath, [gen, schema, "--out", m.out], { stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  console.log(`generated ${m.schemas.length} schema(s) into ${m.out}`);
}

main();
