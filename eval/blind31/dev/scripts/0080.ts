#!/usr/bin/env -S npx tsx
// zulip-audit.ts — read-only membership audit of the self-hosted Zulip realm.
//
//   npx tsx tools/zulip-audit.ts                      # uses ./zuliprc (the audit bot)
//   npx tsx tools/zulip-audit.ts --zuliprc ops/zuliprc --inactive-days 60
//
// Lists: realm owners/admins, deactivated users still subscribed to private
// streams, bots and their owners, guests, streams without messages for N
// days, and users who never logged in. Output: reports/zulip/audit-<date>.md.
//
// The zuliprc is the standard INI file Zulip hands out ([api] email, key,
// site). The key is sent only to that site, as HTTP Basic auth, which is how
// the Zulip API authenticates. Only GET endpoints are used.

import { readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "reports", "zulip");

enum Role {
  Owner = 100,
  Admin = 200,
  Moderator = 300,
  Member = 400,
  Guest = 600,
}

interface ZulipUser {
  user_id: number;
  email: string;
  full_name: string;
  is_active: boolean;
  is_bot: boolean;
  role: Role;
  bot_owner_id?: number;
  date_joined: string;
}

interface Stream {
  stream_id: number;
  name: string;
  invite_only: boolean;
}

interface Presence {
  [email: string]: { aggregated?: { timestamp: number } };
}

interface Rc {
  email: string;
  key: string;
  site: string;
}

function args(): { rc: string; inactiveDays: number } {
  const argv = process.argv.slice(2);
  const get = (flag: string, fallback: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  return { rc: get("--zuliprc", path.join(ROOT, "zuliprc")), inactiveDays: Number(get("--inactive-days", "90")) };
}

function readZuliprc(file: string): Rc {
  let section = "";
  const api: Record<string, string> = {};
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (section === "api" && line.includes("=")) {
      const [k, ...v] = line.split("=");
      api[k.trim()] = v.join("=").trim();
    }
  }
  if (!api.email || !api.key || !api.site) throw new Error(`${file}: [api] needs email, key and site`);
  const host = new URL(api.site).hostname;
  if (host !== "localhost" && !host.endsWith(".internal")) throw new Error(`site ${host} is not our Zulip server`);
  return { email: api.email, key: api.key, site: api.site.replace(/\/$/, "") };
}

function client(rc: Rc) {
  const auth = `Basic ${Buffer.from(`${rc.email}:${rc.key}`).toString("base64")}`;
  let calls = 0;
  async function get<T>(route: string, params: Record<string, string> = {}): Promise<T> {
    const url = new URL(`${rc.site}/api/v1${route}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await fetch(url, { headers: { Authorization: auth } });
      calls += 1;
      if (res.status === 429) {
        const retry = Number(res.headers.get("retry-after") ?? "2");
        await new Promise((r) => setTimeout(r, retry * 1000));
        continue;
      }
      const data = (await res.json()) as T & { result: string; msg?: string };
      if (!res.ok || data.result !== "success") throw new Error(`GET ${route}: ${res.status} ${data.msg ?? ""}`);
      return data;
    }
    throw new Error(`GET ${route}: rate limited`);
  }
  return { get, calls: () => calls };
}

const daysAgo = (ts: number) => Math.floor((Date.now() / 1000 - ts) / 86400);

function roleName(role: Role): string {
  return Role[role] ?? String(role);
}

async function main(): Promise<void> {
  const { rc: rcFile, inactiveDays } = args();
  const rc = readZuliprc(rcFile);
  console.error(`auditing ${rc.site} as ${rc.email} (key …${rc.key.slice(-4)})`);
  const api = client(rc);

  const { members } = await api.get<{ members: ZulipUser[] }>("/users", { include_custom_profile_fields: "false" });
  const { streams } = await api.get<{ streams: Stream[] }>("/streams", { include_all_active: "true" });
  const { presences } = await api.get<{ presences: Presence }>("/realm/presence");
  const byId = new Map(members.map((m) => [m.user_id, m]));

  const admins = members.filter((m) => m.is_active && m.role <= Role.Admin);
  const guests = members.filter((m) => m.is_active && m.role === Role.Guest);
  const bots = members.filter((m) => m.is_bot);
  const neverSeen = members.filter((m) => m.is_active && !m.is_bot && !presences[m.email]);
  const inactive = members.filter((m) => {
    const ts = presences[m.email]?.aggregated?.timestamp;
    return m.is_active && !m.is_bot && ts !== undefined && daysAgo(ts) > inactiveDays;
  });

  const deactivatedInPrivate: string[] = [];
  const quietStreams: string[] = [];
  for (const s of streams) {
    const { subscribers } = await api.get<{ subscribers: number[] }>(`/streams/${s.stream_id}/members`);
    if (s.invite_only) {
      for (const id of subscribers) {
        const u = byId.get(id);
        if (u && !u.is_active) deactivatedInPrivate.push(`${u.full_name} <${u.email}> in #${s.name}`);
      }
    }
    const { messages } = await api.get<{ messages: { timestamp: number }[] }>("/messages", {
      anchor: "newest",
      num_before: "1",
      num_after: "0",
      narrow: JSON.stringify([{ operator: "stream", operand: s.name }]),
    });
    const last = messages[0]?.timestamp;
    if (!last || daysAgo(last) > inactiveDays) quietStreams.push(`#${s.name} (${last ? `${daysAgo(last)}d` : "never"})`);
  }

  const section = (title: string, items: string[]) => [`## ${title} (${items.length})`, "", ...(items.length ? items.map((i) => `- ${i}`) : ["_none_"]), ""];
  const md = [
    `# Zulip audit — ${new Date().toISOString().slice(0, 10)}`,
    "",
    ...section("Owners and administrators", admins.map((a) => `${a.full_name} <${a.email}> (${roleName(a.role)})`)),
    ...section("Guests", guests.map((g) => `${g.full_name} <${g.email}>`)),
    ...section("Bots", bots.map((b) => `${b.full_name} (owner: ${byId.get(b.bot_owner_id ?? -1)?.email ?? "none"})${b.is_active ? "" : " [deactivated]"}`)),
    ...section("Deactivated users still in private streams", deactivatedInPrivate),
    ...section(`Users inactive for ${inactiveDays}+ days`, inactive.map((u) => u.email)),
    ...section("Users never seen online", neverSeen.map((u) => `${u.email} (joined ${u.date_joined.slice(0, 10)})`)),
    ...section(`Streams quiet for ${inactiveDays}+ days`, quietStreams),
  ].join("\n");

  await mkdir(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `audit-${new Date().toISOString().slice(0, 10)}.md`);
  await writeFile(`${file}.tmp`, md);
  await rename(`${file}.tmp`, file);
  console.error(`${members.length} users, ${streams.length} streams, ${api.calls()} API calls -> ${path.relative(ROOT, file)}`);
}

main().catch((err: Error) => {
  console.error(`zulip-audit: ${err.message}`);
  process.exitCode = 1;
});
