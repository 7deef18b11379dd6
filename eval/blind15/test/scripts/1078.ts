// tools/bump-base-images.ts - keep Dockerfile base images current.
//
// Scans Dockerfiles for `FROM <image>:<tag>` lines whose tag is a plain
// semantic version (optionally with a -slim/-alpine suffix), asks Docker
// Hub's documented tags API for newer tags in the same major line and the
// same suffix, rewrites the FROM lines, and opens a PR via the GitHub API.
//
//   npx tsx tools/bump-base-images.ts --dry-run
//   npx tsx tools/bump-base-images.ts --allow-minor
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

interface FromLine {
  file: string;
  line: number;
  image: string;
  tag: string;
  version: [number, number, number];
  suffix: string;
}

interface Update extends FromLine {
  newTag: string;
}

// Docker Hub's public tags endpoint; no credentials are needed or sent.
const HUB = "https://hub.docker.com/v2";
const FROM_RE = /^FROM\s+(?:--platform=\S+\s+)?([a-z0-9][a-z0-9._/-]*):(\d+)\.(\d+)(?:\.(\d+))?(-[a-z0-9.-]+)?(\s+AS\s+\S+)?\s*$/i;
const OFFICIAL_RE = /^[a-z0-9][a-z0-9._-]*$/;

function git(...args: string[]): string {
  return execFileSync("git", args).toString("utf8").trim();
}

function dockerfiles(): string[] {
  return git("ls-files", "*Dockerfile*", "**/*.Dockerfile").split("\n").filter(Boolean);
}

function scan(file: string): FromLine[] {
  const out: FromLine[] = [];
  readFileSync(file, "utf8").split("\n").forEach((text, i) => {
    const m = FROM_RE.exec(text.trim());
    if (!m) return;
    const [, image, maj, min, pat = "0", suffix = ""] = m;
    out.push({
      file,
      line: i,
      image,
      tag: `${maj}.${min}${m[4] ? `.${pat}` : ""}${suffix}`,
      version: [Number(maj), Number(min), Number(pat)],
      suffix,
    });
  });
  return out;
}

function repoPath(image: string): string {
  return OFFICIAL_RE.test(image) ? `library/${image}` : image;
}

async function tagsFor(image: string): Promise<string[]> {
  const tags: string[] = [];
  let url: string | null = `${HUB}/repositories/${repoPath(image)}/tags?page_size=100&ordering=last_updated`;
  let pages = 0;
  while (url && pages < 5) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`hub ${image}: ${res.status}`);
    const data = (await res.json()) as { next: string | null; results: Array<{ name: string }> };
    tags.push(...data.results.map((r) => r.name));
    url = data.next && data.next.startsWith(HUB) ? data.next : null;
    pages++;
  }
  return tags;
}

function best(from: FromLine, tags: string[], allowMinor: boolean): string | null {
  const re = new RegExp(`^(\\d+)\\.(\\d+)\\.(\\d+)${from.suffix.replace(/[.-]/g, "\\$&")}$`);
  let winner: [number, number, number] | null = null;
  for (const t of tags) {
    const m = re.exec(t);
    if (!m) continue;
    const v: [number, number, number] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (v[0] !== from.version[0]) continue;
    if (!allowMinor && v[1] !== from.version[1]) continue;
    const newer = v[1] > from.version[1] || (v[1] === from.version[1] && v[2] > from.version[2]);
    if (!newer) continue;
    if (!winner || v[1] > winner[1] || (v[1] === winner[1] && v[2] > winner[2])) winner = v;
  }
  return winner ? `${winner.join(".")}${from.suffix}` : null;
}

function apply(updates: Update[]): void {
  const byFile = new Map<string, Update[]>();
  for (const u of updates) byFile.set(u.file, [...(byFile.get(u.file) ?? []), u]);
  for (const [file, list] of byFile) {
    const lines = readFileSync(file, "utf8").split("\n");
    for (const u of list) lines[u.line] = lines[u.line].replace(`${u.image}:${u.tag}`, `${u.image}:${u.newTag}`);
    writeFileSync(file, lines.join("\n"));
  }
}

async function openPr(branch: string, body: string): Promise<string> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error("GITHUB_TOKEN is required to open the PR");
  const slug = /github\.com[:/](.+?)(?:\.git)?$/.exec(git("remote", "get-url", "origin"))?.[1];
  if (!slug) throw new Error("origin is not a GitHub remote");
  const res = await fetch(`https://api.github.com/repos/${slug}/pulls`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
    },
    body: JSON.stringify({ title: "chore(docker): bump base images", head: branch, base: "main", body }),
  });
  if (!res.ok) throw new Error(`PR: ${res.status} ${await res.text()}`);
  const pr = (await res.json()) as { html_url: string };
  return pr.html_url;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dryRun = argv.includes("--dry-run");
  const allowMinor = argv.includes("--allow-minor");
  const froms = dockerfiles().flatMap(scan);
  const cache = new Map<string, string[]>();
  const updates: Update[] = [];
  for (const f of froms) {
    if (!cache.has(f.image)) cache.set(f.image, await tagsFor(f.image));
    const newTag = best(f, cache.get(f.image) ?? [], allowMinor);
    if (newTag) updates.push({ ...f, newTag });
  }
  if (!updates.length) {
    console.log(`${froms.length} FROM line(s) checked; all current`);
    return;
  }
  const body = updates.map((u) => `- \`${u.file}\`: \`${u.image}:${u.tag}\` -> \`${u.newTag}\``).join("\n");
  console.log(body);
  if (dryRun) return;
  apply(updates);
  const branch = `deps/base-images-${new Date().toISOString().slice(0, 10)}`;
  git("checkout", "-B", branch);
  git("commit", "-am", "chore(docker): bump base images");
  execFileSync("git", ["push", "-u", "origin", "HEAD"], { stdio: "inherit" });
  console.log(`PR: ${await openPr(branch, body)}`);
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
