#!/usr/bin/env -S npx tsx
// Build the quill editor package with tsup: remove ./dist after confirming we are
// in packages/editor, run the build for each format, then check the exports map.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);
const PKG_DIR = process.cwd();
const DIST = path.resolve(PKG_DIR, "dist");

interface Manifest {
  name: string;
  version: string;
  exports?: Record<string, { import?: string; require?: string; types?: string }>;
}

async function* pipeline(manifest: Manifest): AsyncGenerator<string> {
  const rel = path.relative(PKG_DIR, DIST);
  if (rel !== "dist") throw new Error(`dist resolves to ${DIST}; refusing to delete`);
  await rm(DIST, { recursive: true, force: true });
  yield "removed previous dist/";

  const formats = ["esm", "cjs"] as const;
  const runs = formats.map((format) =>
    execFileAsync("pnpm", ["exec", "tsup", "src/index.ts", "--format", format, "--out-dir", "dist", "--sourcemap"], {
      cwd: PKG_DIR,
    }),
  );
  await Promise.all(runs);
  yield `built ${formats.join(" + ")}`;

  await execFileAsync("pnpm", ["exec", "tsc", "--emitDeclarationOnly", "--outDir", "dist"], { cwd: PKG_DIR });
  yield "emitted declarations";

  const missing = Object.entries(manifest.exports ?? {}).flatMap(([key, target]) =>
    Object.values(target)
      .filter((p): p is string => typeof p === "string")
      .filter((p) => !existsSync(path.resolve(PKG_DIR, p)))
      .map((p) => `${key} -> ${p}`),
  );
  if (missing.length) throw new Error(`exports point at missing files:\n  ${missing.join("\n  ")}`);
  yield "exports map verified";

  const budgets: Record<string, number> = { "dist/index.js": 120, "dist/index.cjs": 130 };
  for (const [file, maxKiB] of Object.entries(budgets)) {
    const full = path.resolve(PKG_DIR, file);
    if (!existsSync(full)) continue;
    const kib = (await readFile(full)).length / 1024;
    if (kib > maxKiB) {
      throw new Error(`${file} is ${kib.toFixed(1)} KiB, over the ${maxKiB} KiB budget`);
    }
  }
  yield "size budgets respected";
}

async function loadManifest(): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(PKG_DIR, "package.json"), "utf8")) as Manifest;
  if (manifest.name !== "@quill/editor") {
    throw new Error(`expected @quill/editor, found ${manifest.name}; run from packages/editor`);
  }
  return manifest;
}

async function main(): Promise<void> {
  // always start from the package root, whatever directory the script was launched in
  const manifest = await loadManifest();
  const started = Date.now();
  for await (const message of pipeline(manifest)) {
    console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
  }
  console.log(`${manifest.name}@${manifest.version} ready in dist/`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
