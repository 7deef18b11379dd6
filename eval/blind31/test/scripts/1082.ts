#!/usr/bin/env -S npx tsx
/**
 * check-templates.ts — read-only validation of the VM templates on the lab
 * Proxmox cluster against templates/policy.json.
 *
 *   npx tsx tools/check-templates.ts
 *   npx tsx tools/check-templates.ts --json > build/template-check.json
 *
 * For every guest with template=1 we read its config (GET only) and check:
 * required tags, CPU type, SCSI controller, discard/iothread on disks,
 * guest agent enabled, cloud-init drive present, serial console, no
 * attached ISO, no passwords/SSH keys baked into cloud-init (cipassword must
 * be empty; sshkeys must be the deploy key from the policy), and that a
 * description names the build job. Findings are printed and the exit code
 * is 1 when any template violates a "must" rule.
 *
 * Auth: a PVEAuditor API token from .env (PVE_URL must end in .internal).
 *
 * Output modes: human-readable (default), --json for the CI artefact, and
 * --markdown for the wiki page. templates/policy.json example:
 *
 *   { "requiredTags": ["template", "ci"], "cpuType": "x86-64-v2",
 *     "scsihw": "virtio-scsi-single", "deployKeyFingerprint": "deploy@ci",
 *     "maxDiskGiB": 32 }
 *
 * "must" rules fail the run; "should" rules are printed as advice. Nothing
 * is changed on the cluster: fixing a template means rebuilding it with
 * tools/build-ci-template.sh, which applies the policy by construction.
 * The token needs only Sys.Audit and VM.Audit; PVE_CA (optional) is the
 * cluster's own CA certificate so TLS verification stays on.
 */

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Agent, fetch } from "undici";

const ROOT = path.resolve(__dirname, "..");
const POLICY_FILE = path.join(ROOT, "templates", "policy.json");

interface Policy {
  requiredTags: string[];
  cpuType: string;
  scsihw: string;
  deployKeyFingerprint: string;
  maxDiskGiB: number;
}

interface Finding {
  vmid: number;
  name: string;
  level: "must" | "should";
  msg: string;
}

type GuestConfig = Record<string, string | number | undefined>;

function loadEnv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const env: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r\n|\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
    }
  }
  return { ...env, ...(process.env as Record<string, string>) };
}

function client() {
  const env = loadEnv();
  const url = new URL(env.PVE_URL ?? "");
  if (!url.hostname.endsWith(".internal")) throw new Error(`PVE_URL ${url.hostname} is not internal`);
  const ca = env.PVE_CA ? readFileSync(path.join(ROOT, env.PVE_CA)) : undefined;
  const dispatcher = new Agent({ connect: { ca } });
  const auth = `PVEAPIToken=${env.PVE_TOKEN_ID}=${env.PVE_TOKEN_SECRET}`;
  return async function get<T>(route: string): Promise<T> {
    const res = await fetch(`${url.origin}/api2/json${route}`, { headers: { Authorization: auth }, dispatcher });
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
}

function disks(cfg: GuestConfig): [string, string][] {
  return Object.entries(cfg)
    .filter(([k, v]) => /^(scsi|virtio|sata|ide)\d+$/.test(k) && typeof v === "string" && !v.includes("media=cdrom") && !v.includes("cloudinit"))
    .map(([k, v]) => [k, String(v)]);
}

function sizeGiB(diskSpec: string): number {
  const m = /size=(\d+)([GMT])/.exec(diskSpec);
  if (!m) return 0;
  const n = Number(m[1]);
  return m[2] === "T" ? n * 1024 : m[2] === "M" ? n / 1024 : n;
}

function check(vmid: number, name: string, cfg: GuestConfig, policy: Policy): Finding[] {
  const out: Finding[] = [];
  const must = (msg: string) => out.push({ vmid, name, level: "must", msg });
  const should = (msg: string) => out.push({ vmid, name, level: "should", msg });
  const tags = String(cfg.tags ?? "").split(/[;,]/).filter(Boolean);
  for (const t of policy.requiredTags) if (!tags.includes(t)) must(`missing tag ${t}`);
  if (!String(cfg.cpu ?? "").startsWith(policy.cpuType)) should(`cpu is ${cfg.cpu ?? "default"}, policy ${policy.cpuType}`);
  if (cfg.scsihw !== policy.scsihw) should(`scsihw is ${cfg.scsihw ?? "default"}, policy ${policy.scsihw}`);
  if (!String(cfg.agent ?? "").match(/^(1|enabled=1)/)) must("qemu guest agent not enabled");
  if (!Object.values(cfg).some((v) => typeof v === "string" && v.includes("cloudinit"))) must("no cloud-init drive");
  if (!cfg.serial0) should("no serial console (serial0)");
  for (const [k, v] of Object.entries(cfg)) {
    if (typeof v === "string" && v.includes("media=cdrom") && !v.startsWith("none")) must(`${k} has an ISO attached`);
  }
  for (const [k, v] of disks(cfg)) {
    if (!v.includes("discard=on")) should(`${k} without discard=on`);
    if (k.startsWith("scsi") && !v.includes("iothread=1")) should(`${k} without iothread`);
    if (sizeGiB(v) > policy.maxDiskGiB) must(`${k} is ${sizeGiB(v)} GiB (> ${policy.maxDiskGiB})`);
  }
  if (cfg.cipassword) must("cloud-init password is set in the template");
  if (cfg.sshkeys) {
    const keys = decodeURIComponent(String(cfg.sshkeys)).split("\n").filter(Boolean);
    if (keys.length !== 1 || !keys[0].includes(policy.deployKeyFingerprint)) must("cloud-init sshkeys differ from the deploy key");
  }
  if (!String(cfg.description ?? "").includes("built-by:")) should("description does not name the build job (built-by:)");
  return out;
}

function markdown(templates: { vmid: number; name: string; node: string }[], findings: Finding[]): string {
  // table for the infrastructure wiki page that tracks template hygiene
  const lines = [
    `# Template check (${new Date().toISOString().slice(0, 10)})`,
    "",
    "| vmid | name | node | must | should |",
    "|---:|---|---|---:|---:|",
  ];
  for (const t of templates) {
    const mine = findings.filter((f) => f.vmid === t.vmid);
    const must = mine.filter((f) => f.level === "must").length;
    const should = mine.length - must;
    lines.push(`| ${t.vmid} | ${t.name} | ${t.node} | ${must} | ${should} |`);
  }
  lines.push("", "## Details", "");
  for (const f of findings) lines.push(`- ${f.vmid} ${f.name}: **${f.level}** ${f.msg}`);
  return lines.join("\n") + "\n";
}

function validatePolicy(policy: Policy): void {
  if (!Array.isArray(policy.requiredTags) || !policy.requiredTags.length) throw new Error("policy.requiredTags must be a non-empty list");
  if (!policy.deployKeyFingerprint) throw new Error("policy.deployKeyFingerprint is required");
  if (!(policy.maxDiskGiB > 0)) throw new Error("policy.maxDiskGiB must be positive");
}

async function main(): Promise<void> {
  const asJson = process.argv.includes("--json");
  const asMarkdown = process.argv.includes("--markdown");
  const policy = JSON.parse(readFileSync(POLICY_FILE, "utf8")) as Policy;
  validatePolicy(policy);
  const get = client();
  const guests = await get<{ vmid: number; name: string; node: string; type: string; template?: number }[]>("/cluster/resources?type=vm");
  const templates = guests.filter((g) => g.template === 1 && g.type === "qemu");
  const findings: Finding[] = [];
  for (const t of templates) {
    const cfg = await get<GuestConfig>(`/nodes/${t.node}/qemu/${t.vmid}/config`);
    findings.push(...check(t.vmid, t.name, cfg, policy));
  }
  if (asJson) {
    console.log(JSON.stringify({ templates: templates.length, findings }, null, 2));
  } else if (asMarkdown) {
    process.stdout.write(markdown(templates, findings));
  } else {
    for (const t of templates) {
      const mine = findings.filter((f) => f.vmid === t.vmid);
      console.log(`${t.vmid} ${t.name}: ${mine.length ? "" : "ok"}`);
      for (const f of mine) console.log(`   ${f.level === "must" ? "MUST  " : "should"} ${f.msg}`);
    }
    console.log(`${templates.length} templates, ${findings.filter((f) => f.level === "must").length} must-violations`);
  }
  process.exitCode = findings.some((f) => f.level === "must") ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`check-templates: ${err.message}`);
  process.exitCode = 2;
});
