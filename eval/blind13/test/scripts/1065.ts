#!/usr/bin/env -S npx tsx
// harborctl config: maintain ~/.config/harborctl/config.yaml, the CLI's own file.
// Contexts point at API endpoints; credentials stay in the OS keychain (referenced by name).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import YAML from "yaml";

interface Context {
  endpoint: string;
  keychainItem: string;
  namespace: string;
}

interface HarborConfig {
  apiVersion: "harborctl/v1";
  currentContext: string;
  contexts: Record<string, Context>;
}

const CONFIG_PATH = join(process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config"), "harborctl", "config.yaml");

const blank = (): HarborConfig => ({
  apiVersion: "harborctl/v1",
  currentContext: "local",
  contexts: { local: { endpoint: "http://127.0.0.1:8443", keychainItem: "harborctl-local", namespace: "default" } },
});

function load(): HarborConfig {
  if (!existsSync(CONFIG_PATH)) return blank();
  const parsed = YAML.parse(readFileSync(CONFIG_PATH, "utf8")) as Partial<HarborConfig>;
  if (parsed.apiVersion !== "harborctl/v1") throw new Error(`unsupported config version in ${CONFIG_PATH}`);
  return { ...blank(), ...parsed } as HarborConfig;
}

function save(cfg: HarborConfig): void {
  mkdirSync(dirname(CONFIG_PATH), { recursive: true, mode: 0o700 });
  const tmp = `${CONFIG_PATH}.${process.pid}`;
  writeFileSync(tmp, YAML.stringify(cfg), { mode: 0o600 });
  renameSync(tmp, CONFIG_PATH);
}

function validateEndpoint(raw: string): string {
  const url = new URL(raw);
  if (!["http:", "https:"].includes(url.protocol)) throw new Error("endpoint must be http(s)");
  if (url.protocol === "http:" && !["127.0.0.1", "localhost"].includes(url.hostname)) {
    throw new Error("plain http is only allowed for localhost endpoints");
  }
  return url.toString().replace(/\/$/, "");
}

const commands: Record<string, (cfg: HarborConfig, args: string[]) => boolean> = {
  list(cfg) {
    for (const [name, ctx] of Object.entries(cfg.contexts)) {
      console.log(`${name === cfg.currentContext ? "*" : " "} ${name.padEnd(14)} ${ctx.endpoint.padEnd(36)} ns=${ctx.namespace}`);
    }
    return false;
  },
  add(cfg, [name, endpoint, namespace = "default"]) {
    if (!name || !endpoint) throw new Error("usage: add NAME ENDPOINT [NAMESPACE]");
    cfg.contexts[name] = { endpoint: validateEndpoint(endpoint), keychainItem: `harborctl-${name}`, namespace };
    console.log(`added context ${name}`);
    return true;
  },
  use(cfg, [name]) {
    if (!cfg.contexts[name]) throw new Error(`unknown context ${name}`);
    cfg.currentContext = name;
    console.log(`switched to ${name}`);
    return true;
  },
  remove(cfg, [name]) {
    if (name === cfg.currentContext) throw new Error("cannot remove the current context");
    if (!delete cfg.contexts[name]) throw new Error(`unknown context ${name}`);
    console.log(`removed ${name}`);
    return true;
  },
};

function main(argv: string[]): void {
  const [cmd = "list", ...args] = argv;
  const handler = commands[cmd];
  if (!handler) throw new Error(`unknown command ${cmd}; try ${Object.keys(commands).join(", ")}`);
  const cfg = load();
  if (handler(cfg, args)) save(cfg);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 2;
}
