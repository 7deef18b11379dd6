#!/usr/bin/env -S npx tsx
// Promote a container image between environments by digest.
//
//   npx tsx deploy/promote.ts staging production            plan only
//   npx tsx deploy/promote.ts staging production --execute  copy + sign tag
//
// Steps: resolve the digest behind ghcr.io/acme/api:<from>, verify its cosign
// signature with deploy/cosign.pub, make sure grype finds nothing critical in
// the attached SBOM, then `crane copy` (digest-preserving) to the <to> tag and
// sign the new tag reference. Registry auth comes from the docker credential
// store as usual; nothing here reads or prints credentials.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const IMAGE = process.env.IMAGE ?? "ghcr.io/acme/api";
const ROOT = path.resolve(__dirname, "..");
const PUBKEY = path.join(ROOT, "deploy", "cosign.pub");
// Environments in promotion order. An image always travels
// dev -> staging -> production and never skips a step, so every
// production digest has been exercised in staging first.
const ORDER = ["dev", "staging", "production"] as const;
type Env = (typeof ORDER)[number];

interface Step {
  title: string;
  cmd: string;
  args: string[];
  mutates: boolean;
}

function parseArgs(): { from: Env; to: Env; execute: boolean } {
  const [from, to] = process.argv.slice(2).filter((a) => !a.startsWith("--")) as Env[];
  if (!ORDER.includes(from) || !ORDER.includes(to)) {
    throw new Error(`usage: promote.ts <${ORDER.join("|")}> <${ORDER.join("|")}> [--execute]`);
  }
  if (ORDER.indexOf(to) !== ORDER.indexOf(from) + 1) {
    throw new Error(`can only promote one step at a time (${from} -> ${ORDER[ORDER.indexOf(from) + 1]})`);
  }
  return { from, to, execute: process.argv.includes("--execute") };
}

async function sh(cmd: string, args: string[]): Promise<string> {
  const { stdout } = await run(cmd, args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

async function digestOf(tag: string): Promise<string> {
  const digest = await sh("crane", ["digest", `${IMAGE}:${tag}`]);
  if (!/^sha256:[0-9a-f]{64}$/.test(digest)) {
    throw new Error(`unexpected digest for ${tag}: ${digest}`);
  }
  return digest;
}

async function verifySignature(ref: string): Promise<void> {
  await sh("cosign", ["verify", "--key", PUBKEY, ref]);
}

async function scanSbom(ref: string, workdir: string): Promise<{ critical: number; high: number }> {
  const attestation = await sh("cosign", ["verify-attestation", "--key", PUBKEY, "--type", "spdxjson", ref]);
  const envelope = JSON.parse(attestation.split("\n")[0]);
  const statement = JSON.parse(Buffer.from(envelope.payload, "base64").toString("utf8"));
  const sbomFile = path.join(workdir, "sbom.spdx.json");
  await writeFile(sbomFile, JSON.stringify(statement.predicate));
  const reportFile = path.join(workdir, "grype.json");
  await run("grype", [`sbom:${sbomFile}`, "-o", "json", "--file", reportFile]);
  const report = JSON.parse(await readFile(reportFile, "utf8"));
  const count = (sev: string) =>
    report.matches.filter((m: { vulnerability: { severity: string } }) => m.vulnerability.severity === sev).length;
  return { critical: count("Critical"), high: count("High") };
}

function plan(from: Env, to: Env, digest: string): Step[] {
  const src = `${IMAGE}@${digest}`;
  return [
    { title: "verify signature", cmd: "cosign", args: ["verify", "--key", PUBKEY, src], mutates: false },
    { title: `copy to :${to}`, cmd: "crane", args: ["copy", src, `${IMAGE}:${to}`], mutates: true },
    {
      title: `annotate promotion`,
      cmd: "cosign",
      args: ["sign", "--yes", "--key", process.env.COSIGN_KEY ?? "cosign.key", "-a", `promoted-from=${from}`, "-a", `env=${to}`, src],
      mutates: true,
    },
  ];
}

async function currentTarget(to: Env): Promise<string | null> {
  try {
    return await digestOf(to);
  } catch {
    return null;
  }
}

// Record every promotion in deploy/promotions.log (committed by the release
// manager) so "what is running in production" has an answer in git.
async function recordPromotion(from: Env, to: Env, digest: string): Promise<void> {
  const logFile = path.join(ROOT, "deploy", "promotions.log");
  let previous = "";
  try {
    previous = await readFile(logFile, "utf8");
  } catch {
    previous = "";
  }
  const user = process.env.USER ?? "unknown";
  const line = [new Date().toISOString(), from, to, digest, user].join("\t");
  await writeFile(logFile, previous + line + "\n");
}

async function showLabels(ref: string): Promise<void> {
  const raw = await sh("crane", ["config", ref]);
  const config = JSON.parse(raw) as { config?: { Labels?: Record<string, string> } };
  const labels = config.config?.Labels ?? {};
  for (const key of ["org.opencontainers.image.revision", "org.opencontainers.image.version"]) {
    if (labels[key]) {
      console.log(`  ${key} = ${labels[key]}`);
    }
  }
}

async function main(): Promise<void> {
  const { from, to, execute } = parseArgs();
  const digest = await digestOf(from);
  const ref = `${IMAGE}@${digest}`;
  console.log(`${IMAGE}:${from} = ${digest}`);
  await showLabels(ref);
  const existing = await currentTarget(to);
  if (existing === digest) {
    console.log(`${to} already points at this digest; nothing to do`);
    return;
  }
  console.log(`${to} currently ${existing ?? "(missing)"}`);

  await verifySignature(ref);
  console.log("signature ok");
  const workdir = await mkdtemp(path.join(tmpdir(), "promote-"));
  try {
    const vulns = await scanSbom(ref, workdir);
    console.log(`vulnerabilities: ${vulns.critical} critical, ${vulns.high} high`);
    if (vulns.critical > 0 && to === "production") {
      throw new Error("refusing to promote an image with critical vulnerabilities to production");
    }
  } finally {
    await rm(workdir, { recursive: true, force: true });
  }

  const steps = plan(from, to, digest);
  for (const step of steps) {
    const line = `${step.cmd} ${step.args.join(" ")}`;
    if (!execute && step.mutates) {
      console.log(`[plan] ${step.title}: ${line}`);
      continue;
    }
    if (step.mutates && !process.env.COSIGN_KEY && step.cmd === "cosign") {
      console.log(`[skip] ${step.title}: COSIGN_KEY not set (CI signs keyless)`);
      continue;
    }
    console.log(`[run]  ${step.title}`);
    await sh(step.cmd, step.args);
  }
  if (!execute) {
    console.log("\nplan only; re-run with --execute to promote");
    return;
  }
  const after = await digestOf(to);
  if (after !== digest) {
    throw new Error(`post-check failed: ${to} is ${after}`);
  }
  await recordPromotion(from, to, digest);
  console.log(`promoted ${from} -> ${to}: ${digest}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
