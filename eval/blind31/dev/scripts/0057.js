#!/usr/bin/env node
// rc-audit.mjs-style CommonJS script — read-only audit of the Rocket.Chat workspace.
//
//   node tools/rc-audit.js                     # report into reports/rocketchat/
//   node tools/rc-audit.js --stale-days 60
//   node tools/rc-audit.js --json              # print JSON to stdout instead
//
// Uses the REST API with the audit bot's personal access token:
//   RC_URL=https://chat.team.internal  RC_USER_ID=…  RC_TOKEN=…   (in .env)
// Only GET endpoints are called. The host must be *.internal or localhost;
// the token is never printed (the masked form is).

"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "reports", "rocketchat");
const PAGE = 100;

function options(argv) {
  const o = { staleDays: 90, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--stale-days") o.staleDays = Number(argv[++i]);
    else if (argv[i] === "--json") o.json = true;
    else if (argv[i] === "-h" || argv[i] === "--help") {
      console.log("usage: rc-audit.js [--stale-days N] [--json]");
      process.exit(0);
    } else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!Number.isFinite(o.staleDays) || o.staleDays < 1) throw new Error("--stale-days must be a positive number");
  return o;
}

function dotenv() {
  const file = path.join(ROOT, ".env");
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs.readFileSync(file, "utf8")
      .split(/\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#") && l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")).trim(), l.slice(l.indexOf("=") + 1).trim().replace(/^"|"$/g, "")]),
  );
}

function settings() {
  const env = { ...dotenv(), ...process.env };
  const missing = ["RC_URL", "RC_USER_ID", "RC_TOKEN"].filter((k) => !env[k]);
  if (missing.length) throw new Error(`missing ${missing.join(", ")}`);
  const url = new URL(env.RC_URL);
  if (url.hostname !== "localhost" && !url.hostname.endsWith(".internal")) {
    throw new Error(`RC_URL host ${url.hostname} is not internal; not sending the token there`);
  }
  return { base: url.origin, userId: env.RC_USER_ID, token: env.RC_TOKEN };
}

const masked = (s) => `${s.slice(0, 3)}…${s.slice(-2)}`;

function client(cfg) {
  let calls = 0;
  async function get(endpoint, params = {}) {
    const url = new URL(`/api/v1/${endpoint}`, cfg.base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await fetch(url, {
        headers: { "X-Auth-Token": cfg.token, "X-User-Id": cfg.userId, Accept: "application/json" },
      });
      calls += 1;
      if (res.status === 429) {
        const reset = Number(res.headers.get("x-ratelimit-reset")) || Date.now() + 2000;
        await new Promise((r) => setTimeout(r, Math.max(500, reset - Date.now())));
        continue;
      }
      if (!res.ok) throw new Error(`GET ${endpoint}: ${res.status}`);
      return res.json();
    }
    throw new Error(`GET ${endpoint}: rate limited`);
  }
  async function all(endpoint, key, params = {}) {
    const items = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await get(endpoint, { ...params, count: PAGE, offset });
      items.push(...(page[key] ?? []));
      if (items.length >= (page.total ?? 0) || (page[key] ?? []).length === 0) return items;
    }
  }
  return { get, all, calls: () => calls };
}

function daysSince(date) {
  if (!date) return Infinity;
  return Math.floor((Date.now() - new Date(date).getTime()) / 86_400_000);
}

function auditUsers(users, staleDays) {
  const admins = [];
  const stale = [];
  const neverLoggedIn = [];
  const bots = [];
  const deactivatedWithRoles = [];
  for (const u of users) {
    const roles = u.roles ?? [];
    if (u.type === "bot") bots.push(u.username);
    if (roles.includes("admin")) admins.push(u.username);
    if (!u.active && roles.some((r) => r !== "user")) deactivatedWithRoles.push(`${u.username} (${roles.join(",")})`);
    if (u.active && u.type === "user") {
      if (!u.lastLogin) neverLoggedIn.push(u.username);
      else if (daysSince(u.lastLogin) > staleDays) stale.push(`${u.username} (${daysSince(u.lastLogin)}d)`);
    }
  }
  return { admins, stale, neverLoggedIn, bots, deactivatedWithRoles };
}

function auditRooms(rooms, staleDays) {
  const quiet = [];
  const publicLarge = [];
  const readOnlyWithoutOwner = [];
  for (const r of rooms) {
    if (daysSince(r.lm ?? r._updatedAt) > staleDays) quiet.push(`${r.name ?? r._id} (${r.t})`);
    if (r.t === "c" && (r.usersCount ?? 0) > 200) publicLarge.push(`${r.name} (${r.usersCount})`);
    if (r.ro && !r.u) readOnlyWithoutOwner.push(r.name ?? r._id);
  }
  return { quiet, publicLarge, readOnlyWithoutOwner, total: rooms.length };
}

function csvLines(userAudit) {
  // flat CSV for the spreadsheet the access review is tracked in
  const rows = [["finding", "subject"]];
  for (const [finding, list] of Object.entries(userAudit)) {
    for (const subject of list) rows.push([finding, subject]);
  }
  return rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(",")).join("\n") + "\n";
}

function markdown(info, users, rooms, staleDays) {
  const list = (title, items) =>
    [`## ${title} (${items.length})`, "", ...(items.length ? items.slice(0, 100).map((i) => `- ${i}`) : ["_none_"]), ""];
  return [
    `# Rocket.Chat audit — ${new Date().toISOString().slice(0, 10)}`,
    "",
    `Server ${info.version ?? "?"}; ${rooms.total} rooms; stale threshold ${staleDays} days.`,
    "",
    ...list("Administrators", users.admins),
    ...list("Deactivated users that still hold roles", users.deactivatedWithRoles),
    ...list("Bots", users.bots),
    ...list(`Active users without login for ${staleDays}+ days`, users.stale),
    ...list("Active users who never logged in", users.neverLoggedIn),
    ...list(`Rooms without messages for ${staleDays}+ days`, rooms.quiet),
    ...list("Public channels with more than 200 members", rooms.publicLarge),
  ].join("\n");
}

async function main() {
  const opts = options(process.argv.slice(2));
  const cfg = settings();
  console.error(`auditing ${cfg.base} as ${cfg.userId} (token ${masked(cfg.token)})`);
  const rc = client(cfg);
  const info = await rc.get("info").then((r) => r.info ?? r).catch(() => ({}));
  const users = await rc.all("users.list", "users", { fields: JSON.stringify({ username: 1, roles: 1, active: 1, type: 1, lastLogin: 1 }) });
  const rooms = await rc.all("rooms.adminRooms", "rooms", { types: ["c", "p"] });
  const userAudit = auditUsers(users, opts.staleDays);
  const roomAudit = auditRooms(rooms, opts.staleDays);
  const result = { generated: new Date().toISOString(), server: info.version, users: userAudit, rooms: roomAudit };
  if (opts.json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const stamp = result.generated.slice(0, 10);
  const mdPath = path.join(OUT_DIR, `audit-${stamp}.md`);
  fs.writeFileSync(`${mdPath}.tmp`, markdown(info, userAudit, roomAudit, opts.staleDays));
  fs.renameSync(`${mdPath}.tmp`, mdPath);
  fs.writeFileSync(path.join(OUT_DIR, `audit-${stamp}.json`), JSON.stringify(result, null, 2));
  fs.writeFileSync(path.join(OUT_DIR, `audit-${stamp}.csv`), csvLines(userAudit));
  console.error(`${users.length} users, ${rooms.length} rooms, ${rc.calls()} API calls -> ${path.relative(ROOT, mdPath)}`);
}

main().catch((err) => {
  console.error(`rc-audit: ${err.message}`);
  process.exit(1);
});
