// Version all changed workspace packages, write their CHANGELOG entries from
// .changes/*.md notes, commit, tag each package and push. Fixed-argv git.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CHANGES = path.join(ROOT, ".changes");

type Bump = "major" | "minor" | "patch";

interface ChangeNote {
  file: string;
  pkg: string;
  bump: Bump;
  summary: string;
}

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

function readNotes(): ChangeNote[] {
  if (!existsSync(CHANGES)) return [];
  return readdirSync(CHANGES)
    .filter((f) => f.endsWith(".md"))
    .map((f) => {
      const text = readFileSync(path.join(CHANGES, f), "utf8");
      const header = text.match(/^---\n"?([^":\n]+)"?:\s*(major|minor|patch)\n---\n/);
      if (!header) throw new Error(`bad front matter in .changes/${f}`);
      return { file: f, pkg: header[1], bump: header[2] as Bump, summary: text.slice(header[0].length).trim() };
    });
}

const RANK: Record<Bump, number> = { patch: 0, minor: 1, major: 2 };

function bumpVersion(v: string, bump: Bump): string {
  const [a, b, c] = v.split(".").map(Number);
  return bump === "major" ? `${a + 1}.0.0` : bump === "minor" ? `${a}.${b + 1}.0` : `${a}.${b}.${c + 1}`;
}

function packageDir(name: string): string {
  for (const group of ["packages", "apps"]) {
    const base = path.join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const d of readdirSync(base)) {
      const manifest = path.join(base, d, "package.json");
      if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === name) return path.join(base, d);
    }
  }
  throw new Error(`package ${name} not found in workspace`);
}

function main(): void {
  if (git("status", "--porcelain")) throw new Error("working tree must be clean");
  const notes = readNotes();
  if (notes.length === 0) {
    console.log("no pending changes");
    return;
  }
  const grouped = new Map<string, ChangeNote[]>();
  notes.forEach((n) => grouped.set(n.pkg, [...(grouped.get(n.pkg) ?? []), n]));
  const tags: string[] = [];
  for (const [pkg, list] of grouped) {
    const dir = packageDir(pkg);
    const manifestPath = path.join(dir, "package.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    const bump = list.map((n) => n.bump).reduce((x, y) => (RANK[y] > RANK[x] ? y : x));
    const next = bumpVersion(manifest.version, bump);
    manifest.version = next;
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
    const changelog = path.join(dir, "CHANGELOG.md");
    const previous = existsSync(changelog) ? readFileSync(changelog, "utf8") : `# ${pkg}\n`;
    const entry = [`## ${next}`, "", ...list.map((n) => `- ${n.summary.replace(/\n/g, " ")}`), ""].join("\n");
    writeFileSync(changelog, previous.replace(/^(# .+\n)/, `$1\n${entry}`));
    tags.push(`${pkg}@${next}`);
    console.log(`${pkg}: ${bump} -> ${next}`);
  }
  for (const n of notes) {
    const file = path.join(CHANGES, n.file);
    if (path.dirname(file) === CHANGES) rmSync(file);
  }
  git("add", "-A", "packages", "apps", ".changes");
  git("commit", "-m", `chore(release): ${tags.join(", ")}`);
  tags.forEach((t) => git("tag", "-a", t, "-m", t));
  if (process.argv.includes("--push")) {
    git("push", "origin", "HEAD");
    git("push", "origin", ...tags);
    console.log("pushed commit and tags");
  } else {
    console.log("run with --push to publish the commit and tags");
  }
}

main();
