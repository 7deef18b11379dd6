// Check whether our Dockerfiles pin base images to tags that still exist on
// Docker Hub and whether newer patch versions are available. Read-only: it
// queries hub.docker.com and prints a report.
import { readFile } from "node:fs/promises";
import { glob } from "node:fs/promises";
import path from "node:path";

const HUB = "https://hub.docker.com/v2";
const ROOT = path.resolve(__dirname, "..");

interface BaseImage {
  file: string;
  line: number;
  repo: string;
  tag: string;
}

interface TagInfo {
  name: string;
  last_updated: string;
}

function parseFrom(file: string, text: string): BaseImage[] {
  const found: BaseImage[] = [];
  text.split("\n").forEach((raw, idx) => {
    const m = raw.match(/^\s*FROM\s+(?:--platform=\S+\s+)?([\w./-]+):([\w.-]+)/i);
    if (!m || m[1].includes(".")) return; // skip private registries
    const repo = m[1].includes("/") ? m[1] : `library/${m[1]}`;
    found.push({ file, line: idx + 1, repo, tag: m[2] });
  });
  return found;
}

const tagCache = new Map<string, Promise<TagInfo[]>>();

function tagsFor(repo: string): Promise<TagInfo[]> {
  if (!tagCache.has(repo)) {
    tagCache.set(
      repo,
      fetch(`${HUB}/repositories/${repo}/tags?page_size=100&ordering=last_updated`)
        .then((res) => {
          if (!res.ok) throw new Error(`${repo}: HTTP ${res.status}`);
          return res.json() as Promise<{ results: TagInfo[] }>;
        })
        .then((body) => body.results),
    );
  }
  return tagCache.get(repo)!;
}

function newerPatch(tag: string, tags: TagInfo[]): string | undefined {
  const m = tag.match(/^(\d+)\.(\d+)\.(\d+)(.*)$/);
  if (!m) return undefined;
  const [, maj, min, patch, suffix] = m;
  const candidates = tags
    .map((t) => t.name.match(/^(\d+)\.(\d+)\.(\d+)(.*)$/))
    .filter((x): x is RegExpMatchArray => !!x && x[1] === maj && x[2] === min && x[4] === suffix)
    .map((x) => Number(x[3]))
    .filter((p) => p > Number(patch))
    .sort((a, b) => b - a);
  return candidates.length ? `${maj}.${min}.${candidates[0]}${suffix}` : undefined;
}

async function main(): Promise<void> {
  const images: BaseImage[] = [];
  for await (const rel of glob("**/Dockerfile*", { cwd: ROOT, exclude: (p) => p.includes("node_modules") })) {
    const text = await readFile(path.join(ROOT, rel), "utf8");
    images.push(...parseFrom(rel, text));
  }
  if (images.length === 0) {
    console.log("no public base images found");
    return;
  }
  let problems = 0;
  for (const img of images) {
    const where = `${img.file}:${img.line}`;
    try {
      const tags = await tagsFor(img.repo);
      const exists = tags.some((t) => t.name === img.tag);
      const newer = newerPatch(img.tag, tags);
      if (!exists) {
        problems++;
        console.log(`? ${where} ${img.repo}:${img.tag} not in recent tags`);
      } else if (newer) {
        console.log(`^ ${where} ${img.repo}:${img.tag} -> ${newer} available`);
      } else {
        console.log(`  ${where} ${img.repo}:${img.tag} up to date`);
      }
    } catch (err) {
      problems++;
      console.log(`! ${where} ${(err as Error).message}`);
    }
  }
  process.exitCode = problems ? 1 : 0;
}

void main();
