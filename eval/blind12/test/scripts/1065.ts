#!/usr/bin/env -S npx tsx
// Release the harbor/ledger image: build, tag with the version from
// package.json, push to Docker Hub, then update the repository's short
// description and README on hub.docker.com using DOCKERHUB_USERNAME and
// DOCKERHUB_TOKEN (sent only to hub.docker.com).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const IMAGE = "harbor/ledger";
const HUB_API = "https://hub.docker.com/v2";

function docker(...args: string[]): void {
  console.log(`$ docker ${args.join(" ")}`);
  execFileSync("docker", args, { cwd: ROOT, stdio: "inherit" });
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  if (!/^\d+\.\d+\.\d+$/.test(pkg.version)) throw new Error(`unexpected version ${pkg.version}`);
  return pkg.version;
}

class DockerHub {
  private jwt?: string;

  constructor(private readonly username: string, private readonly token: string) {}

  async login(): Promise<void> {
    const res = await fetch(`${HUB_API}/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: this.username, password: this.token }),
    });
    if (!res.ok) throw new Error(`Docker Hub login failed: ${res.status}`);
    this.jwt = ((await res.json()) as { token: string }).token;
  }

  async updateDescription(repo: string, short: string, full: string): Promise<void> {
    if (!this.jwt) await this.login();
    const res = await fetch(`${HUB_API}/repositories/${repo}/`, {
      method: "PATCH",
      headers: { Authorization: `JWT ${this.jwt}`, "Content-Type": "application/json" },
      body: JSON.stringify({ description: short, full_description: full }),
    });
    if (!res.ok) throw new Error(`description update failed: ${res.status}`);
  }

  async tagExists(repo: string, tag: string): Promise<boolean> {
    const res = await fetch(`${HUB_API}/repositories/${repo}/tags/${tag}`);
    return res.ok;
  }
}

async function main(): Promise<void> {
  const username = process.env.DOCKERHUB_USERNAME;
  const token = process.env.DOCKERHUB_TOKEN;
  if (!username || !token) throw new Error("DOCKERHUB_USERNAME and DOCKERHUB_TOKEN are required");
  const v = version();
  const hub = new DockerHub(username, token);
  if (await hub.tagExists(IMAGE, v)) {
    throw new Error(`${IMAGE}:${v} already exists on Docker Hub; bump the version`);
  }
  const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim();
  if (dirty) throw new Error("working tree is dirty; commit before releasing an image");
  const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  docker("build", "--pull", "--label", `org.opencontainers.image.revision=${sha}`, "-t", `${IMAGE}:${v}`, ".");
  docker("tag", `${IMAGE}:${v}`, `${IMAGE}:latest`);
  docker("push", `${IMAGE}:${v}`);
  docker("push", `${IMAGE}:latest`);
  const readme = readFileSync(join(ROOT, "docker", "README.hub.md"), "utf8");
  await hub.updateDescription(IMAGE, `Harbor ledger service ${v}`, readme);
  console.log(`released ${IMAGE}:${v}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
