#!/usr/bin/env -S deno run --allow-read=. --allow-write=deno.json --allow-run=git,deno
// Release a Deno module: bump "version" in deno.json, run tests, commit,
// tag, and push the current branch plus the tag to origin.

type BumpKind = "major" | "minor" | "patch";

interface DenoJson {
  name?: string;
  version: string;
  [key: string]: unknown;
}

const decoder = new TextDecoder();

async function run(cmd: string, args: string[]): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (code !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${decoder.decode(stderr)}`);
  }
  return decoder.decode(stdout).trim();
}

function isBumpKind(x: string | undefined): x is BumpKind {
  return x === "major" || x === "minor" || x === "patch";
}

function bump(version: string, kind: BumpKind): string {
  const [maj, min, pat] = version.split(".").map((n) => parseInt(n, 10));
  switch (kind) {
    case "major":
      return `${maj + 1}.0.0`;
    case "minor":
      return `${maj}.${min + 1}.0`;
    case "patch":
      return `${maj}.${min}.${pat + 1}`;
  }
}

async function readConfig(): Promise<{ raw: string; data: DenoJson }> {
  const raw = await Deno.readTextFile("deno.json");
  const data = JSON.parse(raw) as DenoJson;
  if (typeof data.version !== "string") throw new Error("deno.json has no version");
  return { raw, data };
}

async function main(): Promise<number> {
  const kind = Deno.args[0];
  const push = !Deno.args.includes("--no-push");
  if (!isBumpKind(kind)) {
    console.error("usage: release.ts <major|minor|patch> [--no-push]");
    return 2;
  }
  if (await run("git", ["status", "--porcelain"])) {
    console.error("working tree is not clean");
    return 1;
  }
  const branch = await run("git", ["rev-parse", "--abbrev-ref", "HEAD"]);
  if (branch === "HEAD") {
    console.error("detached HEAD");
    return 1;
  }
  await run("deno", ["test", "--allow-read=."]);

  const { data } = await readConfig();
  const next = bump(data.version, kind);
  data.version = next;
  await Deno.writeTextFile("deno.json", JSON.stringify(data, null, 2) + "\n");

  const tag = `v${next}`;
  await run("git", ["add", "deno.json"]);
  await run("git", ["commit", "-m", `chore: release ${tag}`]);
  await run("git", ["tag", "-a", tag, "-m", `${data.name ?? "module"} ${tag}`]);
  console.log(`tagged ${tag} on ${branch}`);

  if (push) {
    await run("git", ["push", "origin", branch]);
    await run("git", ["push", "origin", tag]);
    console.log(`pushed ${branch} and ${tag} to origin`);
  } else {
    console.log("skipping push");
  }
  return 0;
}

try {
  Deno.exit(await main());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  Deno.exit(1);
}
