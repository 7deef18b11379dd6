#!/usr/bin/env -S npx tsx
// orbitctl config writer: manages ~/.config/orbitctl/config.json (our own CLI's file).
// Never stores secrets; profiles reference an env var name for the API token.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, chmodSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

interface Profile {
  apiUrl: string;
  tokenEnv: string;
  region: string;
}

interface ConfigFile {
  version: 2;
  current: string;
  profiles: Record<string, Profile>;
}

const DEFAULT_PROFILE: Profile = {
  apiUrl: "http://localhost:8080",
  tokenEnv: "ORBITCTL_TOKEN",
  region: "local",
};

class ConfigStore {
  static readonly dir = path.join(process.env.XDG_CONFIG_HOME ?? path.join(homedir(), ".config"), "orbitctl");
  static readonly file = path.join(ConfigStore.dir, "config.json");

  private data: ConfigFile;

  constructor() {
    this.data = existsSync(ConfigStore.file)
      ? ConfigStore.upgrade(JSON.parse(readFileSync(ConfigStore.file, "utf8")))
      : { version: 2, current: "default", profiles: { default: { ...DEFAULT_PROFILE } } };
  }

  private static upgrade(raw: any): ConfigFile {
    if (raw.version === 2) return raw as ConfigFile;
    // v1 stored a single flat profile
    return { version: 2, current: "default", profiles: { default: { ...DEFAULT_PROFILE, ...raw } } };
  }

  get current(): string {
    return this.data.current;
  }

  set current(name: string) {
    if (!this.data.profiles[name]) throw new Error(`no profile named ${name}`);
    this.data.current = name;
  }

  upsert(name: string, patch: Partial<Profile>): Profile {
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = { ...DEFAULT_PROFILE, ...(this.data.profiles[name] ?? {}), ...defined };
    if (/token|secret|key/i.test(merged.tokenEnv) === false) {
      throw new Error("tokenEnv must be the NAME of an environment variable, e.g. ORBITCTL_TOKEN");
    }
    this.data.profiles[name] = merged;
    return merged;
  }

  save(): void {
    mkdirSync(ConfigStore.dir, { recursive: true, mode: 0o700 });
    const tmp = `${ConfigStore.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2) + "\n", { mode: 0o600 });
    renameSync(tmp, ConfigStore.file);
    chmodSync(ConfigStore.file, 0o600);
  }

  render(): string {
    return Object.entries(this.data.profiles)
      .map(([n, p]) => `${n === this.current ? "*" : " "} ${n.padEnd(12)} ${p.apiUrl.padEnd(32)} ${p.region} ($${p.tokenEnv})`)
      .join("\n");
  }
}

function parseFlags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = argv[i].match(/^--([a-z-]+)$/);
    if (m && argv[i + 1] !== undefined) out[m[1]] = argv[++i];
  }
  return out;
}

const [cmd = "list", name = "default", ...rest] = process.argv.slice(2);
const store = new ConfigStore();
const flags = parseFlags(rest);

switch (cmd) {
  case "list":
    console.log(store.render());
    break;
  case "set":
    store.upsert(name, { apiUrl: flags["api-url"], tokenEnv: flags["token-env"], region: flags.region } as Partial<Profile>);
    store.save();
    console.log(`saved profile ${name} to ${ConfigStore.file}`);
    break;
  case "use":
    store.current = name;
    store.save();
    console.log(`current profile: ${name}`);
    break;
  default:
    console.error("usage: orbitctl-config list | set <name> [--api-url U] [--token-env VAR] [--region R] | use <name>");
    process.exitCode = 2;
}
