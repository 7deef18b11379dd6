#!/usr/bin/env -S npx tsx
// Publish the monthly document bundle to the finance folder on Nextcloud.
//
//   npx tsx tools/publish-bundle.ts                       # dry run, shows the plan
//   npx tsx tools/publish-bundle.ts --apply               # upload + share link
//   npx tsx tools/publish-bundle.ts --apply --prune-remote   # also delete old bundles
//
// Source: exports/bundle/<YYYY-MM>/ (produced by the Paperless export job).
// Target: WebDAV on NEXTCLOUD_URL (https://cloud.internal), folder
// "Finance/Bundles/<YYYY-MM>".  Auth: app password from .env.  Uploads are
// chunk-free PUTs with If-None-Match so nothing is overwritten by accident;
// --prune-remote deletes only remote folders under Finance/Bundles whose names
// match YYYY-MM and are older than --keep-months.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

interface Options {
  apply: boolean;
  pruneRemote: boolean;
  keepMonths: number;
  month: string;
}

interface DavEntry {
  href: string;
  isCollection: boolean;
  etag?: string;
}

const ROOT = path.resolve(__dirname, "..");
const REMOTE_BASE = "Finance/Bundles";
const MONTH_RE = /^\d{4}-\d{2}$/;

function options(): Options {
  const a = process.argv.slice(2);
  const get = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  const now = new Date();
  const prev = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const month = get("--month") ?? `${prev.getFullYear()}-${String(prev.getMonth() + 1).padStart(2, "0")}`;
  if (!MONTH_RE.test(month)) throw new Error(`--month must be YYYY-MM, got ${month}`);
  return {
    apply: a.includes("--apply"),
    pruneRemote: a.includes("--prune-remote"),
    keepMonths: Number(get("--keep-months") ?? 12),
    month,
  };
}

function readEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const i = line.indexOf("=");
      if (i > 0 && !line.startsWith("#")) env[line.slice(0, i).trim()] = line.slice(i + 1).trim().replace(/^"|"$/g, "");
    }
  }
  return { ...env, ...(process.env as Record<string, string>) };
}

class WebDav {
  private readonly root: string;
  private readonly auth: string;

  constructor(base: string, private readonly user: string, password: string) {
    const host = new URL(base).hostname;
    if (!host.endsWith(".internal") && host !== "localhost") throw new Error(`Nextcloud host ${host} is not internal`);
    this.root = `${new URL(base).origin}/remote.php/dav/files/${encodeURIComponent(user)}`;
    this.auth = "Basic " + Buffer.from(`${user}:${password}`).toString("base64");
  }

  private url(remote: string): string {
    return `${this.root}/${remote.split("/").filter(Boolean).map(encodeURIComponent).join("/")}`;
  }

  private async send(method: string, remote: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(this.url(remote), { method, headers: { Authorization: this.auth, ...init.headers }, body: init.body });
      if (res.status < 500 || attempt >= 4) return res;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }

  async ensureDir(remote: string): Promise<void> {
    const parts = remote.split("/").filter(Boolean);
    for (let i = 1; i <= parts.length; i++) {
      const res = await this.send("MKCOL", parts.slice(0, i).join("/"));
      if (![201, 405].includes(res.status)) throw new Error(`MKCOL ${parts.slice(0, i).join("/")}: ${res.status}`);
    }
  }

  async list(remote: string): Promise<DavEntry[]> {
    const res = await this.send("PROPFIND", remote, {
      headers: { Depth: "1", "Content-Type": "application/xml" },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>',
    });
    if (res.status === 404) return [];
    if (res.status !== 207) throw new Error(`PROPFIND ${remote}: ${res.status}`);
    const xml = await res.text();
    const entries: DavEntry[] = [];
    for (const block of xml.split(/<d:response>/).slice(1)) {
      const href = decodeURIComponent((/<d:href>([^<]+)<\/d:href>/.exec(block) ?? [])[1] ?? "");
      entries.push({ href, isCollection: block.includes("<d:collection/>"), etag: (/<d:getetag>"?([^<"]+)"?<\/d:getetag>/.exec(block) ?? [])[1] });
    }
    return entries.slice(1); // first entry is the folder itself
  }

  async upload(remote: string, body: Buffer): Promise<"created" | "exists"> {
    const res = await this.send("PUT", remote, { headers: { "If-None-Match": "*", "Content-Type": "application/octet-stream" }, body });
    if (res.status === 412) return "exists";
    if (![201, 204].includes(res.status)) throw new Error(`PUT ${remote}: ${res.status}`);
    return "created";
  }

  async remove(remote: string): Promise<void> {
    const res = await this.send("DELETE", remote);
    if (![204, 404].includes(res.status)) throw new Error(`DELETE ${remote}: ${res.status}`);
  }

  async shareLink(remote: string, origin: string): Promise<string> {
    const res = await fetch(`${origin}/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json`, {
      method: "POST",
      headers: { Authorization: this.auth, "OCS-APIRequest": "true", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ path: `/${remote}`, shareType: "3", permissions: "1" }),
    });
    const body = (await res.json()) as { ocs: { data: { url: string } } };
    return body.ocs.data.url;
  }
}

function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split("-").map(Number);
  const [yb, mb] = b.split("-").map(Number);
  return (yb - ya) * 12 + (mb - ma);
}

async function main(): Promise<number> {
  const opts = options();
  const env = readEnv();
  const base = env.NEXTCLOUD_URL ?? "https://cloud.internal";
  if (!env.NEXTCLOUD_USER || !env.NEXTCLOUD_APP_PASSWORD) throw new Error("NEXTCLOUD_USER / NEXTCLOUD_APP_PASSWORD missing");
  const dav = new WebDav(base, env.NEXTCLOUD_USER, env.NEXTCLOUD_APP_PASSWORD);

  const localDir = path.join(ROOT, "exports", "bundle", opts.month);
  const files = (await readdir(localDir)).filter((f) => !f.startsWith("."));
  const remoteDir = `${REMOTE_BASE}/${opts.month}`;
  console.error(`[bundle] ${files.length} file(s) from ${path.relative(ROOT, localDir)} → ${remoteDir}${opts.apply ? "" : " (dry run)"}`);

  const manifest: string[] = [];
  if (opts.apply) await dav.ensureDir(remoteDir);
  for (const f of files.sort()) {
    const full = path.join(localDir, f);
    const data = await readFile(full);
    const digest = createHash("sha256").update(data).digest("hex");
    manifest.push(`${digest}  ${f}`);
    const size = (await stat(full)).size;
    if (!opts.apply) {
      console.error(`  would upload ${f} (${(size / 1024).toFixed(0)} KiB)`);
      continue;
    }
    const result = await dav.upload(`${remoteDir}/${f}`, data);
    console.error(`  ${result === "created" ? "uploaded" : "exists  "} ${f}`);
  }
  if (opts.apply) {
    await dav.upload(`${remoteDir}/SHA256SUMS`, Buffer.from(manifest.join("\n") + "\n"));
    const link = await dav.shareLink(remoteDir, new URL(base).origin);
    console.log(`share link (read-only): ${link}`);
  }

  if (opts.pruneRemote) {
    const entries = await dav.list(REMOTE_BASE);
    for (const e of entries) {
      const name = e.href.replace(/\/$/, "").split("/").pop() ?? "";
      if (!e.isCollection || !MONTH_RE.test(name)) continue;
      if (monthsBetween(name, opts.month) <= opts.keepMonths) continue;
      if (!opts.apply) {
        console.error(`  would delete remote ${REMOTE_BASE}/${name}`);
        continue;
      }
      await dav.remove(`${REMOTE_BASE}/${name}`);
      console.error(`  deleted remote ${REMOTE_BASE}/${name}`);
    }
  }
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[bundle] ${e.message}`);
    process.exit(1);
  },
);
