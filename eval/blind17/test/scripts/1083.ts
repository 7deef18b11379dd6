/**
 * scripts/images.ts — build the service images of `relay` and push them to the
 * LOCAL registry (127.0.0.1:5000) used by the kind cluster in development.
 *
 *   tsx scripts/images.ts build [svc...]   docker buildx build --load for each service
 *   tsx scripts/images.ts push  [svc...]   tag + push to 127.0.0.1:5000
 *   tsx scripts/images.ts prune            remove dangling images and build cache
 *                                          labelled com.relay.dev=true (ours only)
 *   tsx scripts/images.ts registry         start the local registry container if needed
 *
 * Image names, Dockerfiles and build args come from the SERVICES table; the tag is
 * the short git SHA plus "-dirty" when the tree has changes.
 *
 * Notes:
 *  - The kind cluster is configured (k8s/kind.yaml) with a containerd mirror for
 *    127.0.0.1:5000, so pods can pull "127.0.0.1:5000/relay-api:dev" directly.
 *  - Every image carries the label com.relay.dev=true; `prune` filters on it so
 *    images of other projects on the machine are never touched.
 *  - "-dirty" tags make it obvious in `kubectl describe pod` that an image was
 *    built from uncommitted changes.
 *  - buildx uses the default builder; `docker buildx create --use` is not needed.
 *  - The registry container is started with --restart unless-stopped; stop it
 *    with `docker stop relay-registry` when not working on relay.
 *  - `sizes` lists the labelled images with their size for quick comparisons.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const REGISTRY = "127.0.0.1:5000";
const LABEL = "com.relay.dev=true";

interface Service {
  name: string;
  context: string;
  dockerfile: string;
  target?: string;
  buildArgs?: Record<string, string>;
}

const SERVICES: Service[] = [
  { name: "relay-api", context: "services/api", dockerfile: "services/api/Dockerfile", target: "runtime" },
  { name: "relay-worker", context: "services/worker", dockerfile: "services/worker/Dockerfile", target: "runtime" },
  {
    name: "relay-web",
    context: "web",
    dockerfile: "web/Dockerfile",
    buildArgs: { VITE_API_URL: "http://api.relay.localhost" },
  },
];

function run(cmd: string, args: string[], capture = false): string {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: capture ? "pipe" : "inherit", encoding: "utf8" });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.slice(0, 3).join(" ")} failed (${res.status})${capture ? `: ${res.stderr}` : ""}`);
  }
  return capture ? res.stdout.trim() : "";
}

function tag(): string {
  const sha = run("git", ["rev-parse", "--short", "HEAD"], true);
  const dirty = run("git", ["status", "--porcelain"], true) !== "";
  return dirty ? `${sha}-dirty` : sha;
}

function select(names: string[]): Service[] {
  if (!names.length) return SERVICES;
  const chosen = SERVICES.filter((s) => names.includes(s.name) || names.includes(s.name.replace(/^relay-/, "")));
  if (chosen.length !== names.length) {
    throw new Error(`unknown service in ${names.join(", ")}; known: ${SERVICES.map((s) => s.name).join(", ")}`);
  }
  return chosen;
}

function buildArgs(s: Service, t: string): string[] {
  const args = [
    "buildx",
    "build",
    "--load",
    "--file",
    s.dockerfile,
    "--tag",
    `${s.name}:${t}`,
    "--tag",
    `${s.name}:dev`,
    "--label",
    LABEL,
    "--label",
    `org.opencontainers.image.revision=${t}`,
  ];
  if (s.target) args.push("--target", s.target);
  for (const [k, v] of Object.entries(s.buildArgs ?? {})) args.push("--build-arg", `${k}=${v}`);
  args.push(s.context);
  return args;
}

function build(services: Service[]): void {
  const t = tag();
  for (const s of services) {
    console.log(`\n== build ${s.name}:${t}`);
    run("docker", buildArgs(s, t));
  }
}

function ensureRegistry(): void {
  const running = run("docker", ["ps", "--filter", "name=^relay-registry$", "--format", "{{.Names}}"], true);
  if (running === "relay-registry") return;
  const exists = run("docker", ["ps", "-a", "--filter", "name=^relay-registry$", "--format", "{{.Names}}"], true);
  if (exists === "relay-registry") {
    run("docker", ["start", "relay-registry"]);
  } else {
    run("docker", ["run", "-d", "--name", "relay-registry", "--restart", "unless-stopped", "-p", `${REGISTRY}:5000`, "registry:2"]);
  }
  console.log(`local registry on ${REGISTRY}`);
}

function push(services: Service[]): void {
  ensureRegistry();
  const t = tag();
  for (const s of services) {
    for (const suffix of [t, "dev"]) {
      const remote = `${REGISTRY}/${s.name}:${suffix}`;
      run("docker", ["tag", `${s.name}:${suffix}`, remote]);
      run("docker", ["push", "--quiet", remote]);
      console.log(`pushed ${remote}`);
    }
  }
}

function prune(): void {
  // only images and cache carrying our dev label
  run("docker", ["image", "prune", "--force", "--filter", `label=${LABEL}`]);
  run("docker", ["builder", "prune", "--force", "--filter", "until=72h"]);
  const left = run("docker", ["images", "--filter", `label=${LABEL}`, "--format", "{{.Repository}}:{{.Tag}} {{.Size}}"], true);
  console.log(left || "no labelled images left");
}

function sizes(): void {
  const out = run("docker", ["images", "--filter", `label=${LABEL}`, "--format", "{{.Repository}}\t{{.Tag}}\t{{.Size}}"], true);
  for (const line of out.split("\n").filter(Boolean)) {
    const [repo, t, size] = line.split("\t");
    console.log(`${repo.padEnd(16)} ${t.padEnd(16)} ${size}`);
  }
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2) as string[];
  // service names may be given with or without the "relay-" prefix
  switch (cmd) {
    case "build":
      build(select(rest));
      break;
    case "push":
      push(select(rest));
      break;
    case "all":
      build(select(rest));
      push(select(rest));
      break;
    case "prune":
      prune();
      break;
    case "registry":
      ensureRegistry();
      break;
    case "sizes":
      sizes();
      break;
    default:
      console.log("usage: images.ts build|push|all [svc...] | prune | registry | sizes");
      process.exitCode = 2;
  }
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
