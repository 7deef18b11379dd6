#!/usr/bin/env node
// incident-export.js — export an incident channel from the internal
// Mattermost into a markdown timeline for the post-incident review.
//
//   node tools/incident-export.js --team ops --channel inc-2024-06-03-rgw
//   node tools/incident-export.js --team ops --channel inc-2024-06-03-rgw --since 2024-06-03T08:00
//
// Uses MM_URL / MM_TOKEN from .env (a personal access token of the person
// doing the review; MM_URL must be an .internal host). Only GET endpoints are
// called. File attachments are listed by name, not downloaded. User ids are
// resolved to display names; e-mail addresses are not included in the output.
// The markdown goes to reviews/<channel>.md (committed with the review).
//
// The summary block at the top lists first/last message and the moments that
// look like status changes (declared, mitigated, root cause, resolved), found
// by simple phrase matching; the reviewer corrects them by hand if needed.

"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "reviews");
const PER_PAGE = 200;

function args(argv) {
  const o = { team: null, channel: null, since: null };
  for (let i = 0; i < argv.length; i += 1) {
    const k = argv[i];
    if (k === "--team") o.team = argv[++i];
    else if (k === "--channel") o.channel = argv[++i];
    else if (k === "--since") o.since = new Date(argv[++i]);
    else throw new Error(`unknown argument ${k}`);
  }
  if (!o.team || !o.channel) throw new Error("--team and --channel are required");
  if (!/^[a-z0-9-_]+$/.test(o.channel)) throw new Error("channel must be the URL name (lowercase)");
  if (o.since && Number.isNaN(o.since.getTime())) throw new Error("--since is not a date");
  return o;
}

function settings() {
  const file = path.join(ROOT, ".env");
  const env = { ...process.env };
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, "utf8").split(/\r\n|\n/)) {
      const m = /^(MM_URL|MM_TOKEN)=(.*)$/.exec(line.trim());
      if (m && !env[m[1]]) env[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  if (!env.MM_URL || !env.MM_TOKEN) throw new Error("MM_URL and MM_TOKEN must be set");
  const url = new URL(env.MM_URL);
  if (!url.hostname.endsWith(".internal")) throw new Error(`${url.hostname} is not the internal Mattermost`);
  return { base: `${url.origin}/api/v4`, token: env.MM_TOKEN };
}

function client(cfg) {
  let calls = 0;
  const get = async (route) => {
    for (let attempt = 1; attempt < 6; attempt += 1) {
      const res = await fetch(cfg.base + route, { headers: { Authorization: `Bearer ${cfg.token}` } });
      calls += 1;
      if (res.status === 429) {
        const reset = Number(res.headers.get("x-ratelimit-reset") ?? 1);
        await new Promise((r) => setTimeout(r, Math.min(reset, 10) * 1000));
        continue;
      }
      if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
      return res.json();
    }
    throw new Error(`GET ${route}: still rate limited after retries`);
  };
  return { get, calls: () => calls };
}

async function allPosts(api, channelId, since) {
  const posts = [];
  for (let page = 0; ; page += 1) {
    const q = `?page=${page}&per_page=${PER_PAGE}${since ? `&since=${since.getTime()}` : ""}`;
    const data = await api.get(`/channels/${channelId}/posts${q}`);
    const batch = data.order.map((id) => data.posts[id]);
    posts.push(...batch);
    if (since || batch.length < PER_PAGE) break;
  }
  return posts.filter((p) => !p.type || p.type === "" || p.type === "slack_attachment").sort((a, b) => a.create_at - b.create_at);
}

async function names(api, userIds) {
  if (!userIds.length) return {};
  const out = {};
  for (let i = 0; i < userIds.length; i += 100) {
    const chunk = userIds.slice(i, i + 100);
    for (const id of chunk) {
      const u = await api.get(`/users/${id}`);
      out[id] = [u.first_name, u.last_name].filter(Boolean).join(" ") || u.username;
    }
  }
  return out;
}

function fmtTime(ms) {
  return new Date(ms).toISOString().replace("T", " ").slice(0, 16) + "Z";
}

function keyMoments(posts) {
  // posts that look like status changes, for the summary at the top of the review
  const patterns = [
    [/\b(declar|open)(ed|ing) (an )?incident\b/i, "declared"],
    [/\bmitigat(ed|ion in place)\b/i, "mitigated"],
    [/\b(resolved|all clear|closing (the )?incident)\b/i, "resolved"],
    [/\broot cause\b/i, "root cause"],
  ];
  const moments = [];
  for (const p of posts) {
    for (const [re, label] of patterns) {
      if (re.test(p.message || "")) {
        moments.push({ label, at: p.create_at });
        break;
      }
    }
  }
  return moments;
}

function duration(from, to) {
  const mins = Math.round((to - from) / 60000);
  return mins >= 60 ? `${Math.floor(mins / 60)} h ${mins % 60} min` : `${mins} min`;
}

function summaryBlock(posts) {
  if (!posts.length) return [];
  const moments = keyMoments(posts);
  const lines = ["## Summary", ""];
  lines.push(`- first message: ${fmtTime(posts[0].create_at)}`);
  lines.push(`- last message: ${fmtTime(posts[posts.length - 1].create_at)}`);
  const declared = moments.find((m) => m.label === "declared");
  const resolved = moments.find((m) => m.label === "resolved");
  if (declared && resolved) lines.push(`- declared → resolved: ${duration(declared.at, resolved.at)}`);
  for (const m of moments) lines.push(`- ${m.label}: ${fmtTime(m.at)}`);
  lines.push("");
  return lines;
}

function markdown(channel, posts, people) {
  const lines = [`# Incident timeline: ${channel.display_name}`, "", `Channel \`${channel.name}\`, ${posts.length} messages.`, ""];
  lines.push(...summaryBlock(posts));
  let lastDay = "";
  for (const p of posts) {
    const day = fmtTime(p.create_at).slice(0, 10);
    if (day !== lastDay) {
      lines.push(`## ${day}`, "");
      lastDay = day;
    }
    const who = people[p.user_id] ?? "unknown";
    const text = (p.message || "").replace(/\n/g, "\n  ");
    const thread = p.root_id ? " ↳" : "";
    lines.push(`- **${fmtTime(p.create_at).slice(11)}**${thread} ${who}: ${text}`);
    for (const f of p.metadata?.files ?? []) lines.push(`  - attachment: ${f.name} (${Math.round(f.size / 1024)} KiB)`);
  }
  return lines.join("\n") + "\n";
}

async function main() {
  const opts = args(process.argv.slice(2));
  const cfg = settings();
  const api = client(cfg);
  const channel = await api.get(`/teams/name/${encodeURIComponent(opts.team)}/channels/name/${encodeURIComponent(opts.channel)}`);
  const posts = await allPosts(api, channel.id, opts.since);
  const people = await names(api, [...new Set(posts.map((p) => p.user_id))]);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `${channel.name}.md`);
  fs.writeFileSync(`${file}.tmp`, markdown(channel, posts, people));
  fs.renameSync(`${file}.tmp`, file);
  console.log(`${posts.length} posts from ${Object.keys(people).length} people -> ${path.relative(ROOT, file)} (${api.calls()} API calls)`);
}

main().catch((err) => {
  console.error(`incident-export: ${err.message}`);
  process.exitCode = 1;
});
