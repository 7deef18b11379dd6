#!/usr/bin/env -S npx tsx
// Jamf Pro smart-group membership report with change tracking.
//
//   npx tsx tools/jamf-groups.ts                          # groups from config/jamf-groups.json
//   npx tsx tools/jamf-groups.ts --group "FileVault off" --csv
//
// For each smart computer group named in the config the report lists the
// members (name, serial, user, last check-in) via the Jamf Pro API of
// JAMF_URL (https://jamf.internal).  Auth: API client credentials from .env;
// the token is invalidated at the end.  Membership is compared with the
// previous snapshot in reports/jamf-groups/ so the service desk sees who joined
// or left "FileVault off" or "macOS below 14" since last week.  Read-only.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

type Member = { id: number; name: string; serial: string; user: string; lastContact: string };
type Snapshot = { taken: string; groups: Record<string, Member[]> };

const ROOT = path.resolve(__dirname, "..");
const SNAP_DIR = path.join(ROOT, "reports", "jamf-groups");

function readEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  const f = path.join(ROOT, ".env");
  if (existsSync(f)) {
    for (const l of readFileSync(f, "utf8").split(/\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(l.trim());
      if (m) out[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

class JamfApi {
  private token = "";
  private expiresAt = 0;

  constructor(private readonly base: string, private readonly id: string, private readonly secret: string) {
    const host = new URL(base).hostname;
    if (!host.endsWith(".internal")) throw new Error(`JAMF_URL ${host} is not our Jamf server`);
  }

  private async auth(): Promise<void> {
    if (this.token && Date.now() < this.expiresAt - 30_000) return;
    const tokenUrl = `${this.base}/api/oauth/token`;
    const res = await fetch(tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: this.id, client_secret: this.secret }),
    });
    if (!res.ok) throw new Error(`Jamf auth failed: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = body.access_token;
    this.expiresAt = Date.now() + body.expires_in * 1000;
  }

  async get<T>(route: string): Promise<T> {
    await this.auth();
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.base}${route}`, { headers: { authorization: `Bearer ${this.token}`, accept: "application/json" } });
      if (res.ok) return (await res.json()) as T;
      if (attempt >= 3 || res.status < 500) throw new Error(`GET ${route}: HTTP ${res.status}`);
      await new Promise((r) => setTimeout(r, 1500 * attempt));
    }
  }

  async invalidate(): Promise<void> {
    if (!this.token) return;
    await fetch(`${this.base}/api/v1/auth/invalidate-token`, { method: "POST", headers: { authorization: `Bearer ${this.token}` } }).catch(() => undefined);
    this.token = "";
  }
}

async function groupId(api: JamfApi, name: string): Promise<number> {
  const groups = await api.get<{ id: string; name: string; smartGroup: boolean }[]>("/api/v1/computer-groups");
  const g = groups.find((x) => x.name === name);
  if (!g) throw new Error(`group "${name}" not found`);
  if (!g.smartGroup) console.error(`[jamf-groups] note: "${name}" is a static group`);
  return Number(g.id);
}

async function members(api: JamfApi, id: number): Promise<Member[]> {
  const body = await api.get<{ computer_group: { computers: { id: number; name: string; serial_number: string }[] } }>(
    `/JSSResource/computergroups/id/${id}`,
  );
  const out: Member[] = [];
  for (const c of body.computer_group.computers) {
    const detail = await api.get<{ general: { lastContactTime?: string }; userAndLocation?: { username?: string } }>(
      `/api/v1/computers-inventory-detail/${c.id}`,
    );
    out.push({
      id: c.id,
      name: c.name,
      serial: c.serial_number,
      user: detail.userAndLocation?.username ?? "",
      lastContact: detail.general.lastContactTime ?? "",
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

async function previousSnapshot(): Promise<Snapshot | null> {
  if (!existsSync(SNAP_DIR)) return null;
  const files = (await readdir(SNAP_DIR)).filter((f) => f.endsWith(".json")).sort();
  if (!files.length) return null;
  return JSON.parse(await readFile(path.join(SNAP_DIR, files[files.length - 1]), "utf8")) as Snapshot;
}

function diff(before: Member[] | undefined, after: Member[]): { joined: Member[]; left: Member[] } {
  const prev = new Set((before ?? []).map((m) => m.serial));
  const now = new Set(after.map((m) => m.serial));
  return {
    joined: after.filter((m) => !prev.has(m.serial)),
    left: (before ?? []).filter((m) => !now.has(m.serial)),
  };
}

// members that have not checked in for a long time are usually retired
// machines still in inventory; list them separately for the asset team
function stale(list: Member[], days = 60): Member[] {
  const cutoff = Date.now() - days * 86_400_000;
  return list.filter((m) => m.lastContact && Date.parse(m.lastContact) < cutoff);
}

function markdown(snapshot: Snapshot): string {
  const lines = [`# Smart group membership ${snapshot.taken.slice(0, 10)}`, ""];
  for (const [group, list] of Object.entries(snapshot.groups)) {
    lines.push(`## ${group} (${list.length})`, "");
    for (const m of list) lines.push(`- ${m.name} – ${m.serial} – ${m.user || "no user"} – ${m.lastContact.slice(0, 10)}`);
    const old = stale(list);
    if (old.length) lines.push("", `${old.length} of these have not checked in for 60+ days.`);
    lines.push("");
  }
  return lines.join("\n");
}

function toCsv(group: string, list: Member[]): string {
  const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return ["group,name,serial,user,last_contact", ...list.map((m) => [group, m.name, m.serial, m.user, m.lastContact].map(esc).join(","))].join("\n") + "\n";
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const env = readEnv();
  if (!env.JAMF_CLIENT_ID || !env.JAMF_CLIENT_SECRET) throw new Error("JAMF_CLIENT_ID / JAMF_CLIENT_SECRET missing");
  const api = new JamfApi(env.JAMF_URL ?? "https://jamf.internal", env.JAMF_CLIENT_ID, env.JAMF_CLIENT_SECRET);
  const cfg = JSON.parse(readFileSync(path.join(ROOT, "config", "jamf-groups.json"), "utf8")) as { groups: string[] };
  const only = argv.includes("--group") ? argv[argv.indexOf("--group") + 1] : undefined;
  const groups = only ? [only] : cfg.groups;

  const snapshot: Snapshot = { taken: new Date().toISOString(), groups: {} };
  const previous = await previousSnapshot();
  try {
    for (const g of groups) {
      const list = await members(api, await groupId(api, g));
      snapshot.groups[g] = list;
      const { joined, left } = diff(previous?.groups[g], list);
      console.log(`\n${g}: ${list.length} computer(s) (+${joined.length} / -${left.length})`);
      for (const m of joined) console.log(`  + ${m.name} (${m.serial}) ${m.user}`);
      for (const m of left) console.log(`  - ${m.name} (${m.serial}) ${m.user}`);
      if (argv.includes("--csv")) {
        await mkdir(SNAP_DIR, { recursive: true });
        await writeFile(path.join(SNAP_DIR, `${g.replace(/\W+/g, "_")}.csv`), toCsv(g, list));
      }
    }
  } finally {
    await api.invalidate();
  }
  await mkdir(SNAP_DIR, { recursive: true });
  await writeFile(path.join(SNAP_DIR, `${snapshot.taken.slice(0, 10)}.json`), JSON.stringify(snapshot, null, 1));
  await writeFile(path.join(SNAP_DIR, `${snapshot.taken.slice(0, 10)}.md`), markdown(snapshot));
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[jamf-groups] ${e.message}`);
    process.exit(1);
  },
);
