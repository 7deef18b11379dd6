#!/usr/bin/env node
// list-digest.js — weekly HTML digest of the project's mailing-list traffic,
// generated from the local notmuch index (read-only), for the newsletter.
//
//   node tools/list-digest.js                       # last 7 days of the dev list
//   node tools/list-digest.js --days 14 --list users.lists.example.org
//
// Only `notmuch search` / `notmuch show` are called, with --format=json and
// --body=false except for the first message of each thread (to quote its
// opening paragraph). Tags are never changed. Sender addresses are reduced
// to display names in the output, which is published on the project site.
//
// Output layout (site/digest/):
//   YYYY-MM-DD.html   the digest page
//   digest.css        written once, edited by hand afterwards
//   latest.json       date and thread count, read by the site's index page
//
// Threads are ranked by the number of matching messages in the period and
// capped at --max (default 40). The excerpt is the first paragraph of the
// opening message that is longer than 40 characters, skipping quoted text
// and "On … wrote:" lines, truncated to 400 characters.
//
// The notmuch database is whatever the user's notmuch config points at;
// run this on the machine that syncs the list archive. If the list has no
// traffic in the period the page says so instead of failing.
//
// Requirements: notmuch 0.32+ (for List: queries with the List-Id header
// indexed; add `index.header.List=List-Id` to the notmuch config and run
// `notmuch reindex` once).
//
// Privacy: only display names are shown, never addresses; threads whose
// opener asked not to be quoted (subject prefix "[no-digest]") are skipped by
// the list moderators' notmuch tag rules before this runs, so they never
// reach the query here. The excerpt is plain text, HTML-escaped.
//
// Exit codes: 0 on success (including an empty period), 1 on notmuch errors.

"use strict";

const { execFile } = require("node:child_process");
const { promisify } = require("node:util");
const fs = require("node:fs");
const path = require("node:path");

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "site", "digest");

function options(argv) {
  const o = { days: 7, list: "dev.lists.example.org", max: 40 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--days") o.days = Number(argv[++i]);
    else if (argv[i] === "--list") o.list = argv[++i];
    else if (argv[i] === "--max") o.max = Number(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!/^[a-z0-9.-]+$/.test(o.list)) throw new Error("--list must be a List-Id like dev.lists.example.org");
  return o;
}

async function notmuch(args) {
  const { stdout } = await run("notmuch", args, { maxBuffer: 128 * 1024 * 1024 });
  return JSON.parse(stdout || "[]");
}

function escapeHtml(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function displayName(from) {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(from ?? "");
  if (m) return m[1].trim();
  return String(from ?? "").split("@")[0] || "unknown";
}

function firstParagraph(body) {
  const parts = [];
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    if (node["content-type"] === "text/plain" && typeof node.content === "string") parts.push(node.content);
    if (node.content && typeof node.content !== "string") walk(node.content);
  };
  walk(body);
  const text = parts.join("\n")
    .split("\n")
    .filter((l) => !l.startsWith(">") && !/^On .* wrote:$/.test(l.trim()))
    .join("\n");
  const para = text.split(/\n\s*\n/).map((p) => p.trim()).find((p) => p.length > 40) ?? "";
  return para.length > 400 ? `${para.slice(0, 397)}…` : para;
}

async function threadDetails(threadId) {
  const tree = await notmuch(["show", "--format=json", "--body=true", "--include-html=false", `thread:${threadId}`]);
  const messages = [];
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object" && node.headers) messages.push(node);
  };
  walk(tree);
  messages.sort((a, b) => a.timestamp - b.timestamp);
  const first = messages[0];
  return {
    opener: displayName(first?.headers?.From),
    participants: [...new Set(messages.map((m) => displayName(m.headers.From)))],
    excerpt: first ? firstParagraph(first.body) : "",
  };
}

function renderHtml(opts, threads) {
  const items = threads.map((t) => `
    <article>
      <h2>${escapeHtml(t.subject)}</h2>
      <p class="meta">${t.messages} messages · started by ${escapeHtml(t.opener)} · ${escapeHtml(t.participants.join(", "))}</p>
      ${t.excerpt ? `<blockquote>${escapeHtml(t.excerpt)}</blockquote>` : ""}
    </article>`).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.list)} digest</title>
<link rel="stylesheet" href="digest.css"></head>
<body><h1>${escapeHtml(opts.list)} — last ${opts.days} days</h1>
${items || "<p>No threads this period.</p>"}
</body></html>
`;
}

function statsBlock(summary) {
  // headline numbers for the top of the newsletter section
  const authors = new Map();
  for (const t of summary) {
    for (const a of String(t.authors ?? "").split(/[,|]/).map((s) => s.trim()).filter(Boolean)) {
      authors.set(a, (authors.get(a) ?? 0) + 1);
    }
  }
  const messages = summary.reduce((n, t) => n + (t.matched ?? 0), 0);
  const top = [...authors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return { threads: summary.length, messages, topPosters: top.map(([name, n]) => ({ name, threads: n })) };
}

function renderStats(stats) {
  const posters = stats.topPosters.map((p) => `${escapeHtml(p.name)} (${p.threads})`).join(", ");
  return `<section class="stats"><p>${stats.threads} threads, ${stats.messages} messages.</p>` +
    `<p>Most active: ${posters || "—"}</p></section>`;
}

function writeCss() {
  const css = path.join(OUT_DIR, "digest.css");
  if (fs.existsSync(css)) return;
  fs.writeFileSync(css, [
    "body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; line-height: 1.5; }",
    "article { border-bottom: 1px solid #ddd; padding: 0.5rem 0 1rem; }",
    ".meta { color: #555; font-size: 0.9rem; }",
    "blockquote { margin: 0.5rem 0; padding-left: 1rem; border-left: 3px solid #ccc; color: #333; }",
    ".stats { background: #f6f6f6; padding: 0.5rem 1rem; }",
    "",
  ].join("\n"));
}

async function main() {
  const opts = options(process.argv.slice(2));
  const query = `List:${opts.list} and date:${opts.days}days..`;
  const summary = await notmuch(["search", "--format=json", "--output=summary", "--sort=newest-first", query]);
  const ranked = summary.sort((a, b) => b.matched - a.matched).slice(0, opts.max);
  const threads = [];
  for (const t of ranked) {
    const details = await threadDetails(t.thread);
    threads.push({ subject: t.subject, messages: t.matched, ...details });
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  writeCss();
  const stamp = new Date().toISOString().split("T")[0];
  const file = path.join(OUT_DIR, `${stamp}.html`);
  const html = renderHtml(opts, threads).replace("</h1>", `</h1>\n${renderStats(statsBlock(summary))}`);
  fs.writeFileSync(`${file}.tmp`, html);
  fs.renameSync(`${file}.tmp`, file);
  fs.writeFileSync(path.join(OUT_DIR, "latest.json"), JSON.stringify({ date: stamp, threads: threads.length }, null, 2));
  console.log(`${summary.length} threads matched, ${threads.length} in the digest -> ${path.relative(ROOT, file)}`);
}

main().catch((err) => {
  console.error(`list-digest: ${err.message}`);
  process.exitCode = 1;
});
