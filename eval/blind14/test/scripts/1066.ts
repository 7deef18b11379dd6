#!/usr/bin/env -S deno run --allow-read --allow-write=./CHANGELOG.md,./jsr.json --allow-run=git
// Publish prep for the JSR package: bumps jsr.json, prepends a CHANGELOG
// entry, commits, tags, and pushes HEAD plus the tag to origin.

interface JsrManifest {
  name: string;
  version: string;
  exports: string | Record<string, string>;
}

type Level = "major" | "minor" | "patch";
const LEVELS: readonly Level[] = ["major", "minor", "patch"] as const;

function isLevel(value: unknown): value is Level {
  return typeof value === "string" && (LEVELS as readonly string[]).includes(value);
}

async function git(args: string[], quiet = true): Promise<string> {
  const output = await new Deno.Command("git", {
    args,
    stdout: "piped",
    stderr: quiet ? "piped" : "inherit",
  }).output();
  const out = new TextDecoder().decode(output.stdout).trim();
  if (!output.success) {
    throw new Error(`git ${args[0]} failed: ${new TextDecoder().decode(output.stderr)}`);
  }
  return out;
}

function increment(version: string, level: Level): string {
  const nums = version.split(".").map(Number);
  if (nums.length !== 3 || nums.some(Number.isNaN)) throw new Error(`cannot bump ${version}`);
  const [a, b, c] = nums;
  return level === "major" ? `${a + 1}.0.0` : level === "minor" ? `${a}.${b + 1}.0` : `${a}.${b}.${c + 1}`;
}

async function changelogEntry(previousTag: string | null, version: string): Promise<string> {
  const range = previousTag ? [`${previousTag}..HEAD`] : [];
  const log = await git(["log", "--no-merges", "--format=- %s", ...range]);
  const date = new Date().toISOString().slice(0, 10);
  return `## ${version} (${date})\n\n${log || "- maintenance release"}\n\n`;
}

async function main(): Promise<void> {
  const level = Deno.args[0];
  if (!isLevel(level)) {
    console.error(`usage: publish-prep.ts <${LEVELS.join("|")}>`);
    Deno.exit(2);
  }
  if ((await git(["status", "--porcelain"])).length > 0) {
    throw new Error("working tree has changes");
  }
  const manifest = JSON.parse(await Deno.readTextFile("jsr.json")) as JsrManifest;
  const next = increment(manifest.version, level);
  let previousTag: string | null = null;
  try {
    previousTag = await git(["describe", "--tags", "--abbrev=0"]);
  } catch {
    previousTag = null;
  }

  manifest.version = next;
  await Deno.writeTextFile("jsr.json", JSON.stringify(manifest, null, 2) + "\n");
  let existing = "";
  try {
    existing = await Deno.readTextFile("CHANGELOG.md");
  } catch {
    existing = "# Changelog\n\n";
  }
  const [title, ...body] = existing.split("\n\n");
  const entry = await changelogEntry(previousTag, next);
  await Deno.writeTextFile("CHANGELOG.md", `${title}\n\n${entry}${body.join("\n\n")}`);

  await git(["add", "jsr.json", "CHANGELOG.md"]);
  await git(["commit", "-m", `chore(release): ${manifest.name}@${next}`]);
  await git(["tag", "-a", `v${next}`, "-m", `${manifest.name} ${next}`]);
  await git(["push", "origin", "HEAD"], false);
  await git(["push", "origin", `v${next}`], false);
  console.log(`released ${manifest.name}@${next}; run \`deno publish\` from CI`);
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  Deno.exit(1);
}
