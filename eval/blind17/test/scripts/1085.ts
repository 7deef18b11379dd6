/**
 * scripts/sentry-release.ts — create a Sentry release for the `atrium` web app,
 * upload its source maps, and then delete the maps from the deploy folder so they
 * are never served publicly.
 *
 *   tsx scripts/sentry-release.ts                 dry run: list the files
 *   tsx scripts/sentry-release.ts --upload        create release + upload + finalize
 *
 * SENTRY_AUTH_TOKEN is sent only in the Authorization header to https://sentry.io.
 * Org/project slugs are constants; the release name is atrium@<version>+<sha>.
 *
 * Notes:
 *  - Vite must build with `build.sourcemap = "hidden"` so the bundles do not
 *    reference the maps; the script still strips any sourceMappingURL comment.
 *  - Artifact names use the "~/assets/..." prefix, which Sentry matches against
 *    any host, so the same release works for preview and production domains.
 *  - Uploads run four at a time; Sentry rate-limits larger bursts for this org.
 *  - A 409 on release creation means the release already exists (re-run after a
 *    failed upload) and is treated as success.
 *  - The maps are removed from dist/ only after the release is finalized, so a
 *    failed run can simply be repeated.
 *  - Commit association needs the GitHub integration installed for the org; when
 *    it is missing the step only logs a warning.
 *  - The dry run lists the first 15 files so the prefix mapping can be checked.
 *  - Release names include the short SHA so two builds of one version differ.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";

const APP = path.resolve(__dirname, "..");
const DIST = path.join(APP, "dist");
const SENTRY = "https://sentry.io/api/0";
const ORG = "atrium-labs";
const PROJECT = "atrium-web";
const URL_PREFIX = "~/assets";

interface MapFile {
  abs: string;
  name: string;
  bytes: number;
}

function token(): string {
  const t = process.env.SENTRY_AUTH_TOKEN;
  if (!t) throw new Error("SENTRY_AUTH_TOKEN is not set (Settings > Auth Tokens, scope project:releases)");
  return t;
}

function releaseName(): string {
  const pkg = JSON.parse(readFileSync(path.join(APP, "package.json"), "utf8")) as { version: string };
  const sha = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: APP, encoding: "utf8" }).trim();
  return `atrium@${pkg.version}+${sha}`;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full)); // chunks may be nested
    else out.push(full);
  }
  return out;
}

function artifacts(): MapFile[] {
  const files = walk(path.join(DIST, "assets")).filter((f) => f.endsWith(".js") || f.endsWith(".js.map"));
  return files.map((abs) => ({
    abs,
    name: `${URL_PREFIX}/${path.relative(path.join(DIST, "assets"), abs).split(path.sep).join("/")}`,
    bytes: statSync(abs).size,
  }));
}

async function sentry<T>(method: string, route: string, body?: BodyInit, json = true): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token()}` };
  if (json && body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${SENTRY}${route}`, { method, headers, body });
  if (res.status === 409) return {} as T; // already exists
  if (!res.ok) throw new Error(`sentry ${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function createRelease(name: string): Promise<void> {
  await sentry("POST", `/organizations/${ORG}/releases/`, JSON.stringify({ version: name, projects: [PROJECT] }));
  console.log(`release ${name}`);
}

async function uploadFile(release: string, f: MapFile): Promise<void> {
  const form = new FormData();
  form.append("name", f.name);
  form.append("file", new Blob([readFileSync(f.abs)]), path.basename(f.abs));
  await sentry(
    "POST",
    `/projects/${ORG}/${PROJECT}/releases/${encodeURIComponent(release)}/files/`,
    form,
    false,
  );
}

async function setCommits(release: string): Promise<void> {
  const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd: APP, encoding: "utf8" }).trim();
  await sentry(
    "POST",
    `/organizations/${ORG}/releases/${encodeURIComponent(release)}/commits/`,
    JSON.stringify({ commits: [{ id: sha, repository: "atrium-labs/atrium" }] }),
  ).catch((err: Error) => console.warn(`could not associate commits: ${err.message}`));
}

async function finalize(release: string): Promise<void> {
  await sentry(
    "PUT",
    `/organizations/${ORG}/releases/${encodeURIComponent(release)}/`,
    JSON.stringify({ dateReleased: new Date().toISOString() }),
  );
}

function stripMaps(files: MapFile[]): number {
  let removed = 0;
  for (const f of files.filter((x) => x.abs.endsWith(".map"))) {
    unlinkSync(f.abs);
    removed++;
  }
  // drop the sourceMappingURL comments so browsers do not 404 on them
  for (const f of files.filter((x) => x.abs.endsWith(".js"))) {
    const text = readFileSync(f.abs, "utf8");
    const cleaned = text.replace(/\n\/\/# sourceMappingURL=.*$/m, "");
    if (cleaned !== text) require("node:fs").writeFileSync(f.abs, cleaned);
  }
  return removed;
}

function checkDist(): void {
  if (!existsSync(path.join(DIST, "index.html"))) {
    throw new Error("dist/index.html missing; run pnpm build first");
  }
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]);
    }
  });
  await Promise.all(lanes);
}

async function main(): Promise<void> {
  const upload = process.argv.includes("--upload");
  checkDist();
  const files = artifacts();
  const maps = files.filter((f) => f.name.endsWith(".map"));
  if (!maps.length) throw new Error("no source maps in dist/assets; build with build.sourcemap=hidden");
  const release = releaseName();
  const total = files.reduce((n, f) => n + f.bytes, 0) / 1048576;
  console.log(`${files.length} file(s), ${maps.length} map(s), ${total.toFixed(1)} MiB for ${release}`);
  if (!upload) {
    for (const f of files.slice(0, 15)) console.log(`  ${f.name}`);
    console.log("dry run; pass --upload");
    return;
  }
  await createRelease(release);
  let done = 0;
  await pool(files, 4, async (f) => {
    await uploadFile(release, f);
    done++;
    if (done % 10 === 0 || done === files.length) process.stdout.write(`\r  uploaded ${done}/${files.length}`);
  });
  process.stdout.write("\n");
  await setCommits(release);
  await finalize(release);
  console.log(`finalized; removed ${stripMaps(files)} map(s) from dist/`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
