#!/usr/bin/env -S npx tsx
/**
 * monitoring/grafana-alerts.ts - provision Grafana-managed alert rules from
 * monitoring/grafana-alerts/*.yaml through Grafana's provisioning API.
 *
 *   npx tsx monitoring/grafana-alerts.ts diff
 *   npx tsx monitoring/grafana-alerts.ts apply
 *   npx tsx monitoring/grafana-alerts.ts prune --apply   delete rules in OUR folder that
 *                                                       no longer exist in the repo
 *
 * Target Grafana: GRAFANA_URL (default http://localhost:3000, the compose
 * Grafana); only localhost and *.internal hosts are accepted. Token:
 * GRAFANA_SA_TOKEN (service account with alert-rule write permissions),
 * sent as a bearer token to that Grafana only.
 *
 * Every rule this tool manages lives in the folder "ledger-managed" and
 * carries the label managed_by=grafana-alerts.ts; prune considers only rules
 * with both. Rules created in the UI are never touched.
 *
 * Rule files: one YAML document per rule with uid, title, condition, data
 * (queries), for, labels and annotations, matching Grafana's provisioning
 * API schema. uids must start with "ledger-".
 *
 * The X-Disable-Provenance header keeps provisioned rules editable in the
 * UI on dev instances, which makes iterating on queries easier.
 *
 * Exit codes: 0 ok, 1 failure, 2 usage.
 * Requirements: Grafana 10.4+, Node 20+, the `yaml` package.
 */

import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";

interface AlertRule {
  uid: string;
  title: string;
  folderUID?: string;
  ruleGroup: string;
  condition: string;
  data: unknown[];
  for: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  noDataState?: string;
  execErrState?: string;
}

const HERE = __dirname;
const RULES_DIR = join(HERE, "grafana-alerts");
const FOLDER_TITLE = "ledger-managed";
const MARK = { managed_by: "grafana-alerts.ts" };

function stop(msg: string, code = 1): never {
  console.error(`grafana-alerts: ${msg}`);
  process.exit(code);
}

function target(): { url: string; token: string } {
  const url = (process.env.GRAFANA_URL ?? "http://localhost:3000").replace(/\/$/, "");
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1"].includes(host) && !host.endsWith(".internal")) {
    stop(`GRAFANA_URL ${url} is not local or internal`);
  }
  const token = process.env.GRAFANA_SA_TOKEN;
  if (!token) stop("GRAFANA_SA_TOKEN is not set");
  return { url, token };
}

async function grafana<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { url, token } = target();
  let delay = 500;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const init: RequestInit = {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "X-Disable-Provenance": "true",
      },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetch(`${url}${path}`, init);
    if (res.status >= 500 && attempt < 4) {
      // Grafana returns 503 while it is still starting up in compose
      await new Promise((wake) => setTimeout(wake, delay));
      delay *= 2;
      continue;
    }
    const text = await res.text();
    if (res.status === 404) return null as T;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  throw new Error(`${method} ${path}: retries exhausted`);
}

// Rule files are read in name order so diffs and API calls are stable.
// Labels from the file are kept; the managed_by marker is always added on
// top so a rule file cannot opt out of being recognised as ours.
// Validation here is deliberately minimal: Grafana validates queries and
// the condition reference itself and returns a 400 with a useful message.
function localRules(): AlertRule[] {
  const rules: AlertRule[] = [];
  for (const f of readdirSync(RULES_DIR).filter((n) => /\.ya?ml$/.test(n)).sort()) {
    const r = parse(readFileSync(join(RULES_DIR, f), "utf8")) as AlertRule;
    if (!r.uid?.startsWith("ledger-")) stop(`${f}: uid must start with "ledger-"`);
    if (!r.labels?.severity) stop(`${f}: labels.severity is required`);
    rules.push({ ...r, labels: { ...r.labels, ...MARK } });
  }
  return rules;
}

async function folderUid(create: boolean): Promise<string | null> {
  const folders = await grafana<{ uid: string; title: string }[]>("GET", "/api/folders");
  const found = folders.find((f) => f.title === FOLDER_TITLE);
  if (found) return found.uid;
  if (!create) return null;
  const made = await grafana<{ uid: string }>("POST", "/api/folders", { title: FOLDER_TITLE });
  return made.uid;
}

async function remoteRules(folder: string | null): Promise<AlertRule[]> {
  if (!folder) return [];
  const all = await grafana<AlertRule[]>("GET", "/api/v1/provisioning/alert-rules");
  return all.filter((r) => r.folderUID === folder && r.labels?.managed_by === MARK.managed_by);
}

// Only the fields we manage take part in the comparison; Grafana adds ids,
// timestamps and provenance fields that would otherwise always differ.
function comparable(r: AlertRule): string {
  const { uid, title, ruleGroup, condition, data, labels, annotations } = r;
  return JSON.stringify({ uid, title, ruleGroup, condition, data, for: r.for, labels, annotations });
}

async function diff(): Promise<{ create: AlertRule[]; update: AlertRule[]; stale: AlertRule[] }> {
  const folder = await folderUid(false);
  const local = localRules();
  const remote = await remoteRules(folder);
  const byUid = new Map(remote.map((r) => [r.uid, r]));
  const create = local.filter((r) => !byUid.has(r.uid));
  const update = local.filter((r) => byUid.has(r.uid) && comparable(byUid.get(r.uid)!) !== comparable({ ...r, folderUID: folder ?? undefined }));
  const localUids = new Set(local.map((r) => r.uid));
  const stale = remote.filter((r) => !localUids.has(r.uid));
  for (const r of create) console.log(`  + ${r.uid}  ${r.title}`);
  for (const r of update) console.log(`  ~ ${r.uid}  ${r.title}`);
  for (const r of stale) console.log(`  - ${r.uid}  ${r.title}  (only in Grafana)`);
  if (!create.length && !update.length && !stale.length) console.log("  in sync");
  return { create, update, stale };
}

async function apply(): Promise<void> {
  const { create, update } = await diff();
  const folder = await folderUid(true);
  for (const r of create) await grafana("POST", "/api/v1/provisioning/alert-rules", { ...r, folderUID: folder });
  for (const r of update) await grafana("PUT", `/api/v1/provisioning/alert-rules/${r.uid}`, { ...r, folderUID: folder });
  console.log(`created ${create.length}, updated ${update.length}`);
}

async function prune(really: boolean): Promise<void> {
  const { stale } = await diff();
  for (const r of stale) {
    if (!really) continue;
    if (r.labels?.managed_by !== MARK.managed_by) continue;
    await grafana("DELETE", `/api/v1/provisioning/alert-rules/${r.uid}`);
    console.log(`deleted ${r.uid}`);
  }
  if (!really && stale.length) console.log("pass --apply to delete the rules marked '-'");
}

async function main(): Promise<void> {
  const [cmd, flag] = process.argv.slice(2);
  target();
  if (cmd === "diff") await diff();
  else if (cmd === "apply") await apply();
  else if (cmd === "prune") await prune(flag === "--apply");
  else stop("usage: grafana-alerts.ts diff|apply|prune [--apply]", 2);
}

main().catch((err: Error) => stop(err.message));
