// Render PDF previews of the docs into a scratch workspace under the OS temp
// dir, copy the results to build/previews, and clean up only the scratch
// directories this tool created (tracked in a manifest file).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const DOCS = path.join(ROOT, "docs");
const OUT = path.join(ROOT, "build", "previews");
const PREFIX = "docpreview-";
const MANIFEST = path.join(ROOT, "build", ".docpreview-scratch.json");

async function loadManifest(): Promise<string[]> {
  try {
    return JSON.parse(await readFile(MANIFEST, "utf8")) as string[];
  } catch {
    return [];
  }
}

async function saveManifest(dirs: string[]): Promise<void> {
  await mkdir(path.dirname(MANIFEST), { recursive: true });
  await writeFile(MANIFEST, JSON.stringify(dirs, null, 2));
}

function isOurScratch(dir: string): boolean {
  const tmp = os.tmpdir();
  return path.dirname(dir) === tmp && path.basename(dir).startsWith(PREFIX);
}

async function cleanupStale(): Promise<number> {
  const dirs = await loadManifest();
  let removed = 0;
  const kept: string[] = [];
  for (const dir of dirs) {
    if (!isOurScratch(dir)) {
      console.warn(`ignoring unexpected manifest entry ${dir}`);
      continue;
    }
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  await saveManifest(kept);
  return removed;
}

async function render(markdown: string, scratch: string): Promise<string> {
  const name = path.basename(markdown, ".md");
  const pdf = path.join(scratch, `${name}.pdf`);
  await run("pandoc", [markdown, "-o", pdf, "--pdf-engine=wkhtmltopdf", "--metadata", `title=${name}`], {
    cwd: DOCS,
    timeout: 120_000,
  });
  return pdf;
}

async function main(): Promise<void> {
  const stale = await cleanupStale();
  if (stale) console.log(`removed ${stale} stale scratch dir(s)`);
  const scratch = await mkdtemp(path.join(os.tmpdir(), PREFIX));
  await saveManifest([...(await loadManifest()), scratch]);
  const files = (await readdir(DOCS)).filter((f) => f.endsWith(".md")).sort();
  await mkdir(OUT, { recursive: true });
  const results = await Promise.allSettled(files.map((f) => render(path.join(DOCS, f), scratch)));
  let ok = 0;
  for (const [i, r] of results.entries()) {
    if (r.status === "fulfilled") {
      await copyFile(r.value, path.join(OUT, path.basename(r.value)));
      ok++;
    } else {
      console.error(`failed: ${files[i]}: ${(r.reason as Error).message}`);
    }
  }
  if (!process.argv.includes("--keep")) {
    await rm(scratch, { recursive: true, force: true });
    await saveManifest((await loadManifest()).filter((d) => d !== scratch));
  }
  console.log(`${ok}/${files.length} previews in ${path.relative(ROOT, OUT)}`);
  if (ok !== files.length) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
