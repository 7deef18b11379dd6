#!/usr/bin/env -S npx tsx
/**
 * build/distroless.ts - assemble a minimal runtime image for the ledger CLI
 * with buildah, without a Containerfile: start from scratch, copy in the
 * static binary, CA bundle and passwd entry, set metadata, commit.
 *
 *   npx tsx build/distroless.ts                build localhost/ledger-cli:<version>
 *   npx tsx build/distroless.ts --push         also push to the registry in build/image.json
 *   npx tsx build/distroless.ts --inspect      print the committed image config
 *
 * Rootless: runs as the invoking user; buildah's mount of the working
 * container happens inside `buildah unshare`, which is how rootless buildah
 * gives a process access to the container filesystem.
 *
 * Credentials for --push: REGISTRY_USER / REGISTRY_PASSWORD from the
 * environment, passed to `buildah push --creds` for that one call.
 *
 * Cleanup: the working container is always removed (finally block and
 * signal handlers), and so is the staging directory under build/.staging.
 *
 * Inputs:
 *   dist/ledger-cli-linux-amd64     static binary from `make cli-static`
 *   build/rootfs/etc/passwd         single "ledger" user entry (uid 65532)
 *   /etc/ssl/certs/ca-certificates.crt from the build host
 *
 * Exit codes: 0 ok, 1 failure.
 * Requirements: buildah >= 1.30, Node 20+.
 */

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

interface ImageConfig {
  name: string;
  registry: string;
}

const ROOT = resolve(__dirname, "..");
const STAGING = join(ROOT, "build", ".staging");
const BINARY = join(ROOT, "dist", "ledger-cli-linux-amd64");
const PASSWD = join(ROOT, "build", "rootfs", "etc", "passwd");
const CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";

// ID of the buildah working container while one exists; cleanup() removes
// it. Set back to null once `commit --rm` has consumed it.
let workingContainer: string | null = null;

function buildah(args: string[], input?: string): string {
  const res = spawnSync("buildah", args, { encoding: "utf8", input, stdio: ["pipe", "pipe", "inherit"] });
  if (res.error) throw new Error("buildah is not installed");
  if (res.status !== 0) throw new Error(`buildah ${args[0]} failed (${res.status})`);
  return res.stdout.trim();
}

function cleanup(): void {
  if (workingContainer) {
    spawnSync("buildah", ["rm", workingContainer], { stdio: "ignore" });
    workingContainer = null;
  }
  rmSync(STAGING, { recursive: true, force: true });
}

// Exit codes follow the shell convention 128 + signal number, so CI logs
// show "interrupted" rather than a generic failure.
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

for (const sig of Object.keys(SIGNAL_EXIT) as NodeJS.Signals[]) {
  process.on(sig, () => {
    cleanup();
    process.exit(SIGNAL_EXIT[sig]);
  });
}

// The image version is the npm package version of the CLI; the build
// refuses to run when package.json is missing or has no version field.
function version(): string {
  const manifest = readFileSync(join(ROOT, "package.json"), "utf8");
  const parsed = JSON.parse(manifest) as { version?: string };
  if (!parsed.version) throw new Error("package.json has no version");
  return parsed.version;
}

// Labels shown by `buildah inspect`, also used by the registry UI.
// Keep these in sync with the OCI annotation spec names.
// Only static values here; revision and version are added at build time.
const STATIC_LABELS: Record<string, string> = {
  "org.opencontainers.image.vendor": "ACME Ledger",
  "org.opencontainers.image.licenses": "Proprietary",
};

function staticLabelArgs(): string[] {
  return Object.entries(STATIC_LABELS).flatMap(([k, v]) => ["--label", `${k}=${v}`]);
}

function imageConfig(): ImageConfig {
  return JSON.parse(readFileSync(join(ROOT, "build", "image.json"), "utf8")) as ImageConfig;
}

function stageFiles(): void {
  for (const f of [BINARY, PASSWD, CA_BUNDLE]) {
    if (!existsSync(f)) throw new Error(`missing input ${f}`);
  }
  rmSync(STAGING, { recursive: true, force: true });
  mkdirSync(join(STAGING, "etc", "ssl", "certs"), { recursive: true });
  mkdirSync(join(STAGING, "usr", "local", "bin"), { recursive: true });
  copyFileSync(BINARY, join(STAGING, "usr", "local", "bin", "ledger"));
  copyFileSync(PASSWD, join(STAGING, "etc", "passwd"));
  copyFileSync(CA_BUNDLE, join(STAGING, "etc", "ssl", "certs", "ca-certificates.crt"));
}

function assemble(tag: string): string {
  workingContainer = buildah(["from", "scratch"]);
  buildah(["copy", "--chmod", "0755", workingContainer, join(STAGING, "usr", "local", "bin", "ledger"), "/usr/local/bin/ledger"]);
  buildah(["copy", workingContainer, join(STAGING, "etc"), "/etc"]);
  const sha = spawnSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  buildah([
    "config",
    "--user", "65532:65532",
    "--workingdir", "/",
    "--entrypoint", JSON.stringify(["/usr/local/bin/ledger"]),
    "--cmd", JSON.stringify(["--help"]),
    "--env", "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt",
    "--label", `org.opencontainers.image.version=${tag}`,
    "--label", `org.opencontainers.image.revision=${sha}`,
    "--label", "org.opencontainers.image.title=ledger-cli",
    ...staticLabelArgs(),
    workingContainer,
  ]);
  const ref = `localhost/ledger-cli:${tag}`;
  buildah(["commit", "--rm", "--squash", workingContainer, ref]);
  workingContainer = null; // --rm removed it
  return ref;
}

function smokeTest(ref: string): void {
  // run the binary from the image's filesystem without a container runtime:
  // mount the image inside `buildah unshare` and execute --version
  const script = `set -e; c=$(buildah from ${ref}); m=$(buildah mount "$c"); "$m/usr/local/bin/ledger" --version; buildah umount "$c" >/dev/null; buildah rm "$c" >/dev/null`;
  const res = spawnSync("buildah", ["unshare", "sh", "-c", script], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`smoke test failed: ${res.stderr}`);
  console.log(`smoke test: ${res.stdout.trim()}`);
}

function push(ref: string, tag: string): void {
  const cfg = imageConfig();
  const { REGISTRY_USER: user, REGISTRY_PASSWORD: password } = process.env;
  if (!user || !password) throw new Error("--push needs REGISTRY_USER and REGISTRY_PASSWORD");
  const dest = `docker://${cfg.registry}/${cfg.name}:${tag}`;
  console.log(`pushing ${dest} as ${user} (password ...${password.slice(-4)})`);
  buildah(["push", "--creds", `${user}:${password}`, "--retry", "3", ref, dest]);
}

function inspect(ref: string): void {
  const out = buildah(["inspect", "--type", "image", "--format", "{{json .OCIv1.Config}}", ref]);
  console.log(JSON.stringify(JSON.parse(out), null, 2));
}

function main(): void {
  const argv = new Set(process.argv.slice(2));
  const tag = version();
  const ref = `localhost/ledger-cli:${tag}`;
  if (argv.has("--inspect")) return inspect(ref);
  try {
    stageFiles();
    const built = assemble(tag);
    smokeTest(built);
    console.log(`built ${built}`);
    if (argv.has("--push")) push(built, tag);
  } finally {
    cleanup();
  }
}

try {
  main();
} catch (err) {
  console.error(`distroless: ${(err as Error).message}`);
  process.exit(1);
}
