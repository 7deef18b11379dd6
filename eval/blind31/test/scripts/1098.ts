#!/usr/bin/env -S npx tsx
/**
 * deploy-plugin.ts — build the Mattermost plugin in this repo and deploy it
 * to the *local development* Mattermost server.
 *
 *   npx tsx tools/deploy-plugin.ts             # build + upload + enable
 *   npx tsx tools/deploy-plugin.ts --logs      # then tail the server log for our plugin id
 *   npx tsx tools/deploy-plugin.ts --remove    # disable and remove this plugin from the dev server
 *
 * Deployment uses `mmctl --local` (the dev server's unix socket, no token).
 * The only plugin this script ever disables or deletes is the one whose id is
 * in plugin.json of this repository. Before touching anything it checks that
 * the server it is talking to is a dev build (SiteURL on localhost and
 * ServiceSettings.EnableDeveloper=true), so a misconfigured socket path cannot
 * point it at a shared server.
 *
 * Before uploading, the script checks min_server_version from plugin.json
 * against the dev server's version and that the webapp bundle exists. After
 * enabling, it reads the plugin list back and fails if the server does not
 * report the version that was just built.
 *
 * Requirements: Go and Node toolchains for `make dist`, mmctl matching the
 * dev server version, and a dev server started with local mode enabled.
 */

import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const MANIFEST = path.join(ROOT, "plugin.json");
const DIST = path.join(ROOT, "dist");

interface PluginManifest {
  id: string;
  version: string;
  name: string;
  min_server_version?: string;
}

interface ServerConfig {
  ServiceSettings: { SiteURL: string; EnableDeveloper: boolean; EnableLocalMode: boolean };
  PluginSettings: { Enable: boolean; EnableUploads: boolean };
}

function mmctl(args: string[], json = true): string {
  return execFileSync("mmctl", ["--local", ...(json ? ["--json"] : []), ...args], { encoding: "utf8", maxBuffer: 32 * 1024 * 1024 });
}

function manifest(): PluginManifest {
  const m = JSON.parse(readFileSync(MANIFEST, "utf8")) as PluginManifest;
  if (!/^[a-z0-9.-]+$/.test(m.id)) throw new Error(`unexpected plugin id ${m.id}`);
  return m;
}

function ensureDevServer(): ServerConfig {
  const cfg = JSON.parse(mmctl(["config", "show"])) as ServerConfig;
  const host = new URL(cfg.ServiceSettings.SiteURL || "http://unknown").hostname;
  if (!["localhost", "127.0.0.1"].includes(host)) throw new Error(`SiteURL ${cfg.ServiceSettings.SiteURL} is not a local dev server`);
  if (!cfg.ServiceSettings.EnableDeveloper) throw new Error("EnableDeveloper is false; this does not look like a dev server");
  if (!cfg.PluginSettings.Enable || !cfg.PluginSettings.EnableUploads) {
    throw new Error("plugins or plugin uploads are disabled on the dev server (PluginSettings)");
  }
  return cfg;
}

function build(m: PluginManifest): string {
  execFileSync("make", ["dist"], { cwd: ROOT, stdio: "inherit" });
  const bundle = path.join(DIST, `${m.id}-${m.version}.tar.gz`);
  if (!existsSync(bundle)) {
    const found = existsSync(DIST) ? readdirSync(DIST).filter((f) => f.endsWith(".tar.gz")) : [];
    throw new Error(`bundle ${path.basename(bundle)} not produced (found: ${found.join(", ") || "nothing"})`);
  }
  console.log(`built ${path.relative(ROOT, bundle)} (${(statSync(bundle).size / 1024).toFixed(0)} KiB)`);
  return bundle;
}

function installedVersion(id: string): string | null {
  const list = JSON.parse(mmctl(["plugin", "list"])) as { active?: { id: string; version: string }[]; inactive?: { id: string; version: string }[] };
  const all = [...(list.active ?? []), ...(list.inactive ?? [])];
  return all.find((p) => p.id === id)?.version ?? null;
}

function deploy(m: PluginManifest, bundle: string): void {
  const before = installedVersion(m.id);
  if (before) {
    console.log(`replacing ${m.id} ${before} -> ${m.version}`);
    mmctl(["plugin", "disable", m.id], false);
  }
  mmctl(["plugin", "add", bundle, "--force"], false);
  mmctl(["plugin", "enable", m.id], false);
  const after = installedVersion(m.id);
  if (after !== m.version) throw new Error(`expected ${m.version} after deploy, server reports ${after ?? "nothing"}`);
  console.log(`${m.name} ${m.version} enabled on the dev server`);
}

function remove(m: PluginManifest): void {
  if (!installedVersion(m.id)) {
    console.log(`${m.id} is not installed`);
    return;
  }
  mmctl(["plugin", "disable", m.id], false);
  mmctl(["plugin", "delete", m.id], false);
  console.log(`${m.id} removed from the dev server`);
}

function tailLogs(m: PluginManifest): void {
  console.log(`following server log entries for plugin_id=${m.id} (Ctrl-C to stop)`);
  const child = spawn("mmctl", ["--local", "logs", "--follow", "--format", "json"], { stdio: ["ignore", "pipe", "inherit"] });
  child.stdout.setEncoding("utf8");
  let buffer = "";
  child.stdout.on("data", (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { plugin_id?: string; level?: string; msg?: string; timestamp?: string };
        if (entry.plugin_id === m.id) console.log(`${entry.timestamp ?? ""} ${(entry.level ?? "").padEnd(5)} ${entry.msg ?? ""}`);
      } catch {
        // non-JSON line
      }
    }
  });
  process.on("SIGINT", () => {
    child.kill("SIGTERM");
    process.exit(0);
  });
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split(".").map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function checkServerVersion(m: PluginManifest): void {
  // refuse early when the dev server is older than the plugin's minimum
  if (!m.min_server_version) return;
  const info = JSON.parse(mmctl(["system", "version"])) as { version?: string; Version?: string };
  const server = info.version ?? info.Version ?? "0";
  if (compareVersions(server, m.min_server_version) < 0) {
    throw new Error(`dev server ${server} is older than min_server_version ${m.min_server_version}`);
  }
  console.log(`server ${server} satisfies min_server_version ${m.min_server_version}`);
}

function checkWebappBundle(): void {
  // a plugin with a webapp part must ship its main.js inside the bundle
  const webappDir = path.join(ROOT, "webapp");
  if (!existsSync(webappDir)) return;
  const built = path.join(ROOT, "webapp", "dist", "main.js");
  if (!existsSync(built)) throw new Error("webapp/dist/main.js missing; run `make webapp` or `make dist`");
  const kib = statSync(built).size / 1024;
  if (kib > 5 * 1024) console.warn(`webapp bundle is ${kib.toFixed(0)} KiB; consider code splitting`);
}

function main(): void {
  const argv = new Set(process.argv.slice(2));
  const m = manifest();
  const cfg = ensureDevServer();
  console.log(`dev server ${cfg.ServiceSettings.SiteURL}`);
  if (argv.has("--remove")) return remove(m);
  checkServerVersion(m);
  const bundle = build(m);
  checkWebappBundle();
  deploy(m, bundle);
  if (argv.has("--logs")) tailLogs(m);
}

try {
  main();
} catch (err) {
  console.error(`deploy-plugin: ${(err as Error).message}`);
  process.exitCode = 1;
}
