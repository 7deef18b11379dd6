/**
 * build/release-web.ts — production build of the `lantern` web client with bundle
 * budgets, pre-compression and a manifest for the CDN uploader.
 *
 *   tsx build/release-web.ts             vite build + budgets + gzip/brotli + manifest
 *   tsx build/release-web.ts --analyze   also write dist/stats.html (rollup visualizer)
 *   tsx build/release-web.ts --preview   serve dist/ on 127.0.0.1:4180 afterwards
 *
 * dist/ is this project's output folder and is recreated on every run.
 *
 * Notes:
 *  - Budgets are measured on gzip size because that is what the CDN serves to
 *    browsers that do not advertise brotli; brotli files are written alongside.
 *  - The deploy manifest marks hashed files under assets/ as immutable and
 *    everything else (index.html, manifest.webmanifest) as no-cache.
 *  - Source maps are produced by the vite config into build/sourcemaps/ for the
 *    Sentry upload; any that end up in dist/ are deleted here before deploy.
 *  - ANALYZE=1 makes the vite config add rollup-plugin-visualizer, which writes
 *    dist/stats.html; that file is excluded from the manifest by the uploader.
 *  - Compression uses the highest levels (gzip 9, brotli 11); it is slow but runs
 *    once per release, not on every dev build.
 *  - Files smaller than 1 KiB are not compressed; the overhead is not worth it.
 *  - --preview serves the result on 127.0.0.1 only, never on all interfaces.
 *  - Raise a budget only together with a note in docs/performance.md.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const APP = path.resolve(__dirname, "..");
const DIST = path.join(APP, "dist");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|wasm)$/;

interface Budget {
  pattern: RegExp;
  maxKbGzip: number;
  label: string;
}

const BUDGETS: Budget[] = [
  { pattern: /^assets\/index-[\w-]+\.js$/, maxKbGzip: 180, label: "entry chunk" },
  { pattern: /^assets\/vendor-[\w-]+\.js$/, maxKbGzip: 260, label: "vendor chunk" },
  { pattern: /^assets\/.*\.css$/, maxKbGzip: 60, label: "stylesheets" },
];

interface Asset {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
  hash: string;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full)); // nested asset folders
    else out.push(full);
  }
  return out;
}

function viteBuild(analyze: boolean): void {
  rmSync(DIST, { recursive: true, force: true });
  const env = { ...process.env, NODE_ENV: "production", ANALYZE: analyze ? "1" : "" };
  const res = spawnSync("pnpm", ["exec", "vite", "build", "--mode", "production"], { cwd: APP, stdio: "inherit", env });
  if (res.status !== 0) throw new Error("vite build failed");
}

function compressAll(): Asset[] {
  const assets: Asset[] = [];
  for (const file of walk(DIST)) {
    if (file.endsWith(".gz") || file.endsWith(".br")) continue;
    const rel = path.relative(DIST, file).split(path.sep).join("/");
    const data = readFileSync(file);
    const hash = createHash("sha256").update(data).digest("hex").slice(0, 16);
    let gzip = data.length;
    let brotli = data.length;
    if (COMPRESSIBLE.test(file) && data.length > 1024) {
      const gz = gzipSync(data, { level: 9 });
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(`${file}.gz`, gz);
      writeFileSync(`${file}.br`, br);
      gzip = gz.length;
      brotli = br.length;
    }
    assets.push({ file: rel, bytes: data.length, gzip, brotli, hash });
  }
  return assets.sort((a, b) => b.gzip - a.gzip);
}

function checkBudgets(assets: Asset[]): string[] {
  const failures: string[] = [];
  for (const budget of BUDGETS) {
    const matching = assets.filter((a) => budget.pattern.test(a.file));
    const kb = matching.reduce((n, a) => n + a.gzip, 0) / 1024;
    const status = kb <= budget.maxKbGzip ? "ok  " : "OVER";
    console.log(`${status} ${budget.label.padEnd(14)} ${kb.toFixed(1).padStart(7)} / ${budget.maxKbGzip} KiB gzip`);
    if (kb > budget.maxKbGzip) failures.push(budget.label);
  }
  return failures;
}

function writeManifest(assets: Asset[]): void {
  const manifest = {
    generated: new Date().toISOString(),
    commit: spawnSync("git", ["rev-parse", "HEAD"], { cwd: APP, encoding: "utf8" }).stdout.trim(),
    assets: assets.map((a) => ({
      path: a.file,
      sha256_16: a.hash,
      bytes: a.bytes,
      // hashed asset names can be cached forever; html must revalidate
      cacheControl: a.file.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      encodings: a.gzip < a.bytes ? ["br", "gzip"] : [],
    })),
  };
  writeFileSync(path.join(DIST, "deploy-manifest.json"), JSON.stringify(manifest, null, 2));
}

function topAssets(assets: Asset[], n = 10): void {
  console.log("\nlargest assets (gzip):");
  for (const a of assets.slice(0, n)) {
    console.log(`  ${(a.gzip / 1024).toFixed(1).padStart(8)} KiB  ${a.file}`);
  }
}

function sourceMapsCheck(assets: Asset[]): void {
  // source maps are uploaded separately and must not be served publicly
  const maps = assets.filter((a) => a.file.endsWith(".map"));
  for (const m of maps) rmSync(path.join(DIST, m.file));
  if (maps.length) console.log(`removed ${maps.length} source map(s) from dist/ (kept in build/sourcemaps by the vite config)`);
}

function compareWithPrevious(assets: Asset[]): void {
  // previous manifest is kept by CI as build/previous-manifest.json
  const prevFile = path.join(APP, "build", "previous-manifest.json");
  try {
    const prev = JSON.parse(readFileSync(prevFile, "utf8")) as { assets: { path: string; bytes: number }[] };
    const before = prev.assets.reduce((n, a) => n + a.bytes, 0);
    const after = assets.reduce((n, a) => n + a.bytes, 0);
    console.log(`total size vs previous build: ${(((after - before) / before) * 100).toFixed(1)}%`);
  } catch {
    // no previous manifest on a fresh machine
  }
}

function preview(): void {
  const child = spawn("pnpm", ["exec", "vite", "preview", "--host", "127.0.0.1", "--port", "4180", "--strictPort"], {
    cwd: APP,
    stdio: "inherit",
  });
  process.on("SIGINT", () => child.kill("SIGINT"));
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  viteBuild(args.has("--analyze"));
  let assets = compressAll();
  sourceMapsCheck(assets);
  assets = assets.filter((a) => !a.file.endsWith(".map"));
  const failures = checkBudgets(assets);
  topAssets(assets);
  compareWithPrevious(assets);
  writeManifest(assets);
  const total = assets.reduce((n, a) => n + a.gzip, 0) / 1024;
  console.log(`\n${assets.length} asset(s), ${total.toFixed(0)} KiB gzip total`);
  if (failures.length) {
    console.error(`budget exceeded: ${failures.join(", ")}`);
    process.exitCode = 1;
  }
  if (args.has("--preview") && !failures.length) preview();
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
