#!/usr/bin/env -S npx tsx
/**
 * plugin-sandbox-check.ts — decide whether a third-party WASI plugin may be
 * loaded by our app, and with which preopens.
 *
 * Plugins are submitted as .wasm files into plugins/incoming/.  For each one
 * this script reads the component's imports (wasm-tools component wit), maps
 * them to capabilities, compares them with the plugin's declared manifest
 * (plugins/incoming/<name>.toml) and with our policy, then either moves the
 * plugin to plugins/approved/ with a generated run profile or leaves it in
 * incoming/ with a report.  The plugin itself is never executed here.
 *
 * Run profiles only ever grant the plugin's own data directory
 * (plugins/data/<name>) as /data; filesystem-wide or home directory
 * preopens are never generated.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const INCOMING = join(REPO, "plugins", "incoming");
const APPROVED = join(REPO, "plugins", "approved");
const DATA = join(REPO, "plugins", "data");
const REPORTS = join(REPO, "build", "plugin-reports");

type Capability = "fs" | "net" | "clock" | "random" | "env" | "http-out" | "stdio" | "unknown";

const CAPABILITY_OF: Array<[RegExp, Capability]> = [
  [/^wasi:filesystem\//, "fs"],
  [/^wasi:sockets\//, "net"],
  [/^wasi:http\/outgoing-handler/, "http-out"],
  [/^wasi:clocks\//, "clock"],
  [/^wasi:random\//, "random"],
  [/^wasi:cli\/environment/, "env"],
  [/^wasi:cli\/(stdin|stdout|stderr|terminal)/, "stdio"],
  [/^wasi:io\//, "stdio"],
];

const POLICY: Record<Capability, "allow" | "review" | "deny"> = {
  fs: "review",
  net: "deny",
  "http-out": "review",
  clock: "allow",
  random: "allow",
  env: "review",
  stdio: "allow",
  unknown: "deny",
};

interface Manifest {
  name: string;
  version: string;
  author: string;
  capabilities: Capability[];
  http_hosts?: string[];
}

interface Verdict {
  plugin: string;
  sha256: string;
  imports: string[];
  capabilities: Capability[];
  undeclared: Capability[];
  denied: Capability[];
  review: Capability[];
  decision: "approve" | "reject" | "needs-review";
}

function importsOf(file: string): string[] {
  const wit = execFileSync("wasm-tools", ["component", "wit", file], { encoding: "utf8" });
  return [...new Set([...wit.matchAll(/^\s*import\s+([\w:/.-]+)/gm)].map((m) => m[1].split("@")[0]))].sort();
}

function capabilityOf(imp: string): Capability {
  for (const [re, cap] of CAPABILITY_OF) if (re.test(imp)) return cap;
  return imp.startsWith("acme:") ? "stdio" : "unknown";
}

function readManifest(name: string): Manifest {
  const file = join(INCOMING, `${name}.toml`);
  if (!existsSync(file)) throw new Error(`${name}: manifest ${basename(file)} missing`);
  const m = parseToml(readFileSync(file, "utf8")) as unknown as Manifest;
  if (m.name !== name) throw new Error(`${name}: manifest name ${m.name} does not match the file`);
  return m;
}

function judge(name: string, file: string): Verdict {
  const manifest = readManifest(name);
  const imports = importsOf(file);
  const caps = [...new Set(imports.map(capabilityOf))];
  const undeclared = caps.filter((c) => POLICY[c] !== "allow" && !manifest.capabilities.includes(c));
  const denied = caps.filter((c) => POLICY[c] === "deny");
  const review = caps.filter((c) => POLICY[c] === "review");
  const decision = denied.length || undeclared.length ? "reject" : review.length ? "needs-review" : "approve";
  const sha256 = createHash("sha256").update(readFileSync(file)).digest("hex");
  return { plugin: name, sha256, imports, capabilities: caps, undeclared, denied, review, decision };
}

function runProfile(v: Verdict, manifest: Manifest): string {
  const lines = [`# run profile for ${v.plugin} (sha256 ${v.sha256.slice(0, 16)}…)`, "[run]", `module = "approved/${v.plugin}.wasm"`];
  if (v.capabilities.includes("fs")) {
    lines.push(`preopen = [{ host = "data/${v.plugin}", guest = "/data", read_only = false }]`);
  } else {
    lines.push("preopen = []");
  }
  lines.push(`inherit_env = ${v.capabilities.includes("env") ? '["LANG", "TZ"]' : "[]"}`);
  lines.push(`allowed_http_hosts = ${JSON.stringify(v.capabilities.includes("http-out") ? manifest.http_hosts ?? [] : [])}`);
  lines.push("max_memory_mb = 128", "fuel = 5000000000", "");
  return lines.join("\n");
}

function report(v: Verdict): string {
  mkdirSync(REPORTS, { recursive: true });
  const file = join(REPORTS, `${v.plugin}.json`);
  writeFileSync(file, JSON.stringify(v, null, 2));
  return file;
}

const USAGE = `plugin-sandbox-check.ts [--approve-reviewed]

Decisions
  approve        only allow-listed capabilities (clock, random, stdio)
  needs-review   also uses fs, outgoing HTTP or environment variables, all
                 declared in the plugin's manifest; stays in incoming/ until
                 a maintainer re-runs with --approve-reviewed
  reject         uses sockets or unknown imports, or capabilities missing
                 from its manifest

Approved plugins get plugins/approved/<name>.profile.toml, which the app's
loader turns into wasmtime settings: at most one preopen (plugins/data/<name>
mapped to /data), allow-listed env vars, allowed HTTP hosts from the
manifest, a memory cap and a fuel limit.`;

function main(): void {
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    return;
  }
  if (!existsSync(INCOMING)) {
    console.log("no plugins/incoming directory");
    return;
  }
  const forceReview = process.argv.includes("--approve-reviewed");
  const wasmFiles = readdirSync(INCOMING).filter((f) => f.endsWith(".wasm"));
  if (!wasmFiles.length) {
    console.log("nothing to check");
    return;
  }
  let rejected = 0;
  for (const f of wasmFiles) {
    const name = f.replace(/\.wasm$/, "");
    const file = join(INCOMING, f);
    let v: Verdict;
    try {
      v = judge(name, file);
    } catch (err) {
      console.log(`REJECT ${name}: ${(err as Error).message}`);
      rejected++;
      continue;
    }
    const where = report(v);
    const approve = v.decision === "approve" || (v.decision === "needs-review" && forceReview);
    console.log(`${v.decision.toUpperCase().padEnd(12)} ${name}  caps=${v.capabilities.join(",")}  report=${where.slice(REPO.length + 1)}`);
    if (v.undeclared.length) console.log(`    undeclared capabilities: ${v.undeclared.join(", ")}`);
    if (v.denied.length) console.log(`    denied by policy: ${v.denied.join(", ")}`);
    if (approve) {
      mkdirSync(APPROVED, { recursive: true });
      mkdirSync(join(DATA, name), { recursive: true });
      renameSync(file, join(APPROVED, f));
      writeFileSync(join(APPROVED, `${name}.profile.toml`), runProfile(v, readManifest(name)));
    }
    if (v.decision === "reject") rejected++;
  }
  process.exitCode = rejected ? 1 : 0;
}

main();
