#!/usr/bin/env -S npx tsx
// scripts/release-image.ts - build, tag and push the orbit-api container image
// to our ghcr.io namespace, then tag the git commit. Docker CLI via execa-like
// helper; every argv is fixed or validated.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";

const REPO_ROOT = path.join(__dirname, "..");
const IMAGE = "ghcr.io/orbit-dev/orbit-api";
const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)$/;

type Cmd = { bin: string; args: string[] };

function exec({ bin, args }: Cmd, dry: boolean): Promise<string> {
  console.log(`${dry ? "[dry] " : ""}${bin} ${args.join(" ")}`);
  if (dry) return Promise.resolve("");
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${bin} exited ${code}`))));
  });
}

async function versionFromChart(): Promise<string> {
  const chart = await readFile(path.join(REPO_ROOT, "deploy", "chart", "Chart.yaml"), "utf8");
  const line = chart.split("\n").find((l) => l.startsWith("appVersion:"));
  if (!line) throw new Error("appVersion missing from Chart.yaml");
  return line.split(":")[1].trim().replace(/"/g, "");
}

function tagsFor(version: string, sha: string): string[] {
  const m = SEMVER.exec(version);
  if (!m) throw new Error(`appVersion ${version} is not semver`);
  const [, major, minor] = m;
  return [`${IMAGE}:${version}`, `${IMAGE}:${major}.${minor}`, `${IMAGE}:sha-${sha}`];
}

async function ensureCleanTree(): Promise<void> {
  const status = await exec({ bin: "git", args: ["status", "--porcelain"] }, false);
  if (status) throw new Error("uncommitted changes present");
}

async function main(): Promise<void> {
  const dry = process.argv.includes("--dry-run");
  const push = !process.argv.includes("--no-push");
  await ensureCleanTree();
  const sha = await exec({ bin: "git", args: ["rev-parse", "--short", "HEAD"] }, false);
  const version = await versionFromChart();
  const tags = tagsFor(version, sha);

  await exec(
    {
      bin: "docker",
      args: [
        "build",
        "--pull",
        "--label", `org.opencontainers.image.version=${version}`,
        "--label", `org.opencontainers.image.revision=${sha}`,
        ...tags.flatMap((t) => ["-t", t]),
        "-f", "deploy/Dockerfile",
        ".",
      ],
    },
    dry,
  );

  if (push) {
    for (const t of tags) await exec({ bin: "docker", args: ["push", t] }, dry);
  }
  await exec({ bin: "git", args: ["tag", "-a", `image-${version}`, "-m", `image ${version}`] }, dry);
  await exec({ bin: "git", args: ["push", "origin", `image-${version}`] }, dry);
  console.log(`released ${tags.join(", ")}`);
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
