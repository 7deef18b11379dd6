#!/usr/bin/env -S npx tsx
// scripts/dns-preview.ts - run `dnscontrol preview` for the zones touched by
// the current branch and (optionally) post the result as a PR comment.
//
//   npx tsx scripts/dns-preview.ts                  print the preview
//   npx tsx scripts/dns-preview.ts --comment 123    also comment on PR #123
//
// This never runs `dnscontrol push`; pushes happen in the release pipeline
// after review. GITHUB_TOKEN is only needed for --comment and is sent to
// api.github.com. dnscontrol reads its provider credentials from
// creds.json, which resolves them from the environment (!ENV lines).

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const DNS_DIR = join(ROOT, "dns");
const API = "https://api.github.com";
const MARKER = "<!-- dns-preview -->";

type Change = { zone: string; kind: "CREATE" | "MODIFY" | "DELETE" | "OTHER"; line: string };

interface Preview {
  zones: string[];
  changes: Change[];
  raw: string;
  ok: boolean;
}

function die(msg: string): never {
  console.error(`dns-preview: ${msg}`);
  process.exit(1);
}

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function touchedZones(): string[] {
  const base = process.env.BASE_REF ?? "origin/main";
  const changed = git("diff", "--name-only", `${base}...HEAD`, "--", "dns/").split("\n").filter(Boolean);
  const zones = new Set<string>();
  for (const file of changed) {
    const m = /^dns\/zones\/([a-z0-9.-]+)\.js$/.exec(file);
    if (m) zones.add(m[1]);
    if (file === "dns/dnsconfig.js") zones.add("*");
  }
  return [...zones].sort();
}

function checkCreds(): void {
  const creds = join(DNS_DIR, "creds.json");
  if (!existsSync(creds)) die("dns/creds.json missing");
  const text = readFileSync(creds, "utf8");
  // creds.json must only reference env vars, never hold literal secrets
  const literal = /"(apitoken|api_token|secret|password)"\s*:\s*"(?!\$)/i.exec(text);
  if (literal) die(`dns/creds.json contains a literal ${literal[1]}; use "$VAR" references`);
}

function runPreview(zones: string[]): Preview {
  const args = ["preview", "--config", "dnsconfig.js", "--creds", "creds.json", "--no-colors"];
  if (zones.length && !zones.includes("*")) args.push("--domains", zones.join(","));
  const res = spawnSync("dnscontrol", args, { cwd: DNS_DIR, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (res.error) die(`dnscontrol: ${res.error.message}`);
  const raw = `${res.stdout}${res.stderr}`;
  return { zones, changes: parseChanges(raw), raw, ok: res.status === 0 };
}

function parseChanges(raw: string): Change[] {
  const out: Change[] = [];
  let zone = "";
  for (const line of raw.split("\n")) {
    const z = /^\*{5} Domain: (\S+)/.exec(line);
    if (z) {
      zone = z[1];
      continue;
    }
    const c = /^#\d+: (\+ CREATE|± MODIFY|~ MODIFY|- DELETE)\s+(.*)$/.exec(line.trim());
    if (c && zone) {
      const kind = c[1].includes("CREATE") ? "CREATE" : c[1].includes("DELETE") ? "DELETE" : "MODIFY";
      out.push({ zone, kind, line: c[2] });
    }
  }
  return out;
}

function summarize(p: Preview): string {
  const lines: string[] = [MARKER, "### DNS preview", ""];
  if (!p.ok) lines.push(":warning: `dnscontrol preview` exited non-zero; see CI logs.", "");
  if (!p.changes.length) {
    lines.push("No record changes.");
    return lines.join("\n");
  }
  const byZone = new Map<string, Change[]>();
  for (const c of p.changes) byZone.set(c.zone, [...(byZone.get(c.zone) ?? []), c]);
  for (const [zone, changes] of byZone) {
    lines.push(`**${zone}** (${changes.length})`, "```diff");
    for (const c of changes) {
      const sign = c.kind === "CREATE" ? "+" : c.kind === "DELETE" ? "-" : "!";
      lines.push(`${sign} ${c.line}`);
    }
    lines.push("```", "");
  }
  const deletes = p.changes.filter((c) => c.kind === "DELETE").length;
  if (deletes) lines.push(`:rotating_light: ${deletes} record(s) would be **deleted**.`);
  return lines.join("\n");
}

async function github<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "Content-Type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function repoSlug(): string {
  const url = git("remote", "get-url", "origin");
  const m = /github\.com[:/]([^/]+\/[^/]+?)(\.git)?$/.exec(url);
  if (!m) die(`origin ${url} is not a GitHub remote`);
  return m[1];
}

async function comment(pr: number, body: string): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) die("--comment needs GITHUB_TOKEN");
  const slug = repoSlug();
  type C = { id: number; body: string };
  const existing = await github<C[]>("GET", `/repos/${slug}/issues/${pr}/comments?per_page=100`, token);
  const ours = existing.find((c) => c.body.startsWith(MARKER));
  if (ours) {
    await github("PATCH", `/repos/${slug}/issues/comments/${ours.id}`, token, { body });
    console.log(`updated comment ${ours.id} on #${pr}`);
  } else {
    await github("POST", `/repos/${slug}/issues/${pr}/comments`, token, { body });
    console.log(`commented on #${pr}`);
  }
}

function checkTool(): void {
  const res = spawnSync("dnscontrol", ["version"], { encoding: "utf8" });
  if (res.error || res.status !== 0) die("dnscontrol is not installed (go install or release binary)");
  const m = /dnscontrol (\d+)\.(\d+)/.exec(res.stdout);
  if (m && Number(m[1]) < 4) die(`dnscontrol ${m[1]}.${m[2]} is too old; need 4.x`);
}

function lintZones(): void {
  // a cheap check for the most common review comment: TTLs below 300s on
  // records that are not part of a planned migration
  const zonesDir = join(DNS_DIR, "zones");
  if (!existsSync(zonesDir)) return;
  for (const zone of touchedZones().filter((z) => z !== "*")) {
    const file = join(zonesDir, `${zone}.js`);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const low = [...text.matchAll(/TTL\((\d+)\)/g)].map((m) => Number(m[1])).filter((t) => t < 300);
    if (low.length) console.warn(`note: ${zone} has ${low.length} record(s) with TTL < 300s`);
  }
}

async function main(): Promise<void> {
  checkTool();
  lintZones();
  const argv = process.argv.slice(2);
  const idx = argv.indexOf("--comment");
  const pr = idx >= 0 ? Number(argv[idx + 1]) : undefined;
  if (idx >= 0 && !Number.isInteger(pr)) die("--comment needs a PR number");
  checkCreds();
  const zones = touchedZones();
  if (!zones.length) {
    console.log("no zone files changed on this branch");
    return;
  }
  console.log(`previewing ${zones.join(", ")}`);
  const preview = runPreview(zones);
  const text = summarize(preview);
  console.log(text.replace(MARKER, "").trim());
  if (pr !== undefined) await comment(pr, text);
  if (!preview.ok) process.exitCode = 1;
}

main().catch((err: Error) => die(err.message));
