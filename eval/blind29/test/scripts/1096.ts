#!/usr/bin/env -S npx tsx
// Consent audit for the analytics integration of the marketing site.
//
//   npx tsx tools/consent-audit.ts                          # pages from config/audit-pages.txt
//   npx tsx tools/consent-audit.ts --base http://localhost:4321 --strict
//
// Runs against the *local* dev server of the site (astro dev on
// localhost:4321 by default – other hosts are refused).  For every page it
// fetches the HTML and checks that
//   * analytics scripts (Matomo, Umami, Plausible, GoatCounter snippets) are
//     only present with the data-consent="analytics" gating attribute,
//   * the consent banner markup exists and links to /privacy,
//   * no tracking pixel (<img> to a known analytics path) is rendered,
//   * the Matomo snippet has disableCookies/requireConsent set,
// and writes build/consent-audit.json + a Markdown table.  It does not run
// the scripts it finds; pages are parsed as text only.
import { readFileSync, existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

type Severity = "error" | "warning";
interface Finding {
  page: string;
  severity: Severity;
  check: string;
  detail: string;
}

const ROOT = path.resolve(__dirname, "..");
const TRACKERS: { name: string; pattern: RegExp }[] = [
  { name: "matomo", pattern: /matomo\.js|_paq\.push/ },
  { name: "umami", pattern: /data-website-id=|umami\b/i },
  { name: "plausible", pattern: /plausible(\.outbound-links)?\.js|data-domain=/ },
  { name: "goatcounter", pattern: /data-goatcounter|count\.js/ },
];
const PIXEL = /<img[^>]+src="[^"]*(matomo\.php|\/count\?|\/api\/send|\/api\/event)[^"]*"/i;

function options() {
  const a = process.argv.slice(2);
  const base = a.includes("--base") ? a[a.indexOf("--base") + 1] : "http://localhost:4321";
  const host = new URL(base).hostname;
  if (!["localhost", "127.0.0.1"].includes(host) && !host.endsWith(".localhost")) {
    throw new Error(`--base must be the local dev server, got ${host}`);
  }
  return { base: new URL(base).origin, strict: a.includes("--strict") };
}

function pages(): string[] {
  const file = path.join(ROOT, "config", "audit-pages.txt");
  if (!existsSync(file)) return ["/", "/pricing", "/docs", "/blog", "/privacy"];
  return readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("/"));
}

async function fetchPage(base: string, route: string): Promise<{ status: number; html: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    const res = await fetch(base + route, { signal: controller.signal, headers: { accept: "text/html" } });
    return { status: res.status, html: await res.text() };
  } finally {
    clearTimeout(timer);
  }
}

function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[0]);
}

function audit(route: string, html: string): Finding[] {
  const out: Finding[] = [];
  const add = (severity: Severity, check: string, detail: string) => out.push({ page: route, severity, check, detail });
  for (const tag of scriptTags(html)) {
    const tracker = TRACKERS.find((t) => t.pattern.test(tag));
    if (!tracker) continue;
    const opening = /<script\b[^>]*>/i.exec(tag)?.[0] ?? "";
    const gated = /data-consent=["']analytics["']/.test(opening) && /type=["']text\/plain["']/.test(opening);
    if (!gated) add("error", "ungated-script", `${tracker.name} script runs without consent gating`);
    if (tracker.name === "matomo" && !/requireConsent|requireCookieConsent/.test(tag)) {
      add("warning", "matomo-consent", "Matomo snippet does not call requireConsent/requireCookieConsent");
    }
    if (tracker.name === "matomo" && !/disableCookies/.test(tag)) add("warning", "matomo-cookies", "Matomo snippet sets cookies (no disableCookies)");
  }
  if (PIXEL.test(html)) add("error", "tracking-pixel", "noscript/image tracking pixel rendered");
  if (!/id=["']consent-banner["']/.test(html)) add("error", "banner", "consent banner markup missing");
  else if (!/href=["']\/privacy["']/.test(html)) add("warning", "banner-link", "consent banner does not link to /privacy");
  return out;
}

// cookies set by the page before consent: check the Set-Cookie headers of a
// plain GET (no consent cookie sent) for analytics cookie names
const ANALYTICS_COOKIES = [/^_pk_/, /^_ga/, /^umami/, /^plausible/, /^goatcounter/i];

async function cookiesBeforeConsent(base: string, route: string): Promise<string[]> {
  const res = await fetch(base + route, { headers: { accept: "text/html" }, redirect: "manual" });
  const raw = res.headers.getSetCookie?.() ?? [];
  return raw
    .map((c) => c.split("=")[0].trim())
    .filter((name) => ANALYTICS_COOKIES.some((re) => re.test(name)));
}

// the privacy page must mention every analytics product that appears on the site
function privacyMentions(privacyHtml: string, findingsTrackers: Set<string>): Finding[] {
  const out: Finding[] = [];
  for (const name of findingsTrackers) {
    if (!new RegExp(name, "i").test(privacyHtml)) {
      out.push({ page: "/privacy", severity: "warning", check: "privacy-mention", detail: `${name} is used but not mentioned on /privacy` });
    }
  }
  return out;
}

function trackersUsed(htmlPages: string[]): Set<string> {
  const used = new Set<string>();
  for (const html of htmlPages) {
    for (const tag of scriptTags(html)) {
      const t = TRACKERS.find((x) => x.pattern.test(tag));
      if (t) used.add(t.name);
    }
  }
  return used;
}

function markdown(findings: Finding[], checked: number): string {
  const lines = [
    `# Consent audit ${new Date().toISOString().slice(0, 10)}`,
    "",
    `${checked} page(s) checked, ${findings.filter((f) => f.severity === "error").length} error(s), ${findings.filter((f) => f.severity === "warning").length} warning(s).`,
    "",
    "| page | severity | check | detail |",
    "|---|---|---|---|",
    ...findings.map((f) => `| ${f.page} | ${f.severity} | ${f.check} | ${f.detail} |`),
  ];
  return lines.join("\n") + "\n";
}

async function main(): Promise<number> {
  const o = options();
  const routes = pages();
  const findings: Finding[] = [];
  const seenHtml: string[] = [];
  let privacyHtml = "";
  let checked = 0;
  for (const route of routes) {
    let page: { status: number; html: string };
    try {
      page = await fetchPage(o.base, route);
    } catch (err) {
      findings.push({ page: route, severity: "error", check: "fetch", detail: (err as Error).message });
      continue;
    }
    if (page.status >= 400) {
      findings.push({ page: route, severity: "warning", check: "status", detail: `HTTP ${page.status}` });
      continue;
    }
    checked++;
    seenHtml.push(page.html);
    if (route === "/privacy") privacyHtml = page.html;
    findings.push(...audit(route, page.html));
    for (const cookie of await cookiesBeforeConsent(o.base, route).catch(() => [])) {
      findings.push({ page: route, severity: "error", check: "cookie-before-consent", detail: `sets ${cookie} without consent` });
    }
  }
  if (privacyHtml) findings.push(...privacyMentions(privacyHtml, trackersUsed(seenHtml)));
  await mkdir(path.resolve(ROOT, "build"), { recursive: true });
  await writeFile(path.join(ROOT, "build", "consent-audit.json"), JSON.stringify(findings, null, 2));
  const md = markdown(findings, checked);
  await writeFile(path.join(ROOT, "build", "consent-audit.md"), md);
  console.log(md);
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  return errors || (o.strict && warnings) ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[consent-audit] ${e.message}`);
    process.exit(1);
  },
);
