#!/usr/bin/env -S npx tsx
// devctl config - manage ~/.config/devctl/config.json for our internal CLI.
//   devctl-config get <key> | set <key> <value> | list | path
import { mkdir, readFile, writeFile, rename, chmod } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

interface Config {
  apiUrl: string;
  defaultProject: string;
  telemetry: boolean;
  editor: string;
}

const DEFAULTS: Config = {
  apiUrl: "https://devctl.internal/api",
  defaultProject: "",
  telemetry: false,
  editor: process.env.EDITOR ?? "vi",
};

const KEYS = Object.keys(DEFAULTS) as (keyof Config)[];

function configPath(): string {
  const base = process.env.XDG_CONFIG_HOME || path.join(homedir(), ".config");
  return path.join(base, "devctl", "config.json");
}

async function load(): Promise<Config> {
  try {
    const raw = JSON.parse(await readFile(configPath(), "utf8"));
    return { ...DEFAULTS, ...raw };
  } catch {
    return { ...DEFAULTS };
  }
}

async function save(cfg: Config): Promise<void> {
  const file = configPath();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(cfg, null, 2) + "\n", { mode: 0o600 });
  await rename(tmp, file);
  await chmod(file, 0o600);
}

function coerce(key: keyof Config, value: string): Config[keyof Config] {
  if (typeof DEFAULTS[key] === "boolean") {
    if (!["true", "false"].includes(value)) throw new Error(`${key} must be true or false`);
    return value === "true";
  }
  if (key === "apiUrl" && !/^https:\/\//.test(value)) throw new Error("apiUrl must be https");
  return value;
}

function isKey(k: string | undefined): k is keyof Config {
  return !!k && (KEYS as string[]).includes(k);
}

async function main(argv: string[]): Promise<number> {
  const [cmd, key, value] = argv;
  const cfg = await load();
  switch (cmd) {
    case "path":
      console.log(configPath());
      return 0;
    case "list":
      for (const k of KEYS) console.log(`${k}=${cfg[k]}`);
      return 0;
    case "get":
      if (!isKey(key)) throw new Error(`unknown key ${key}; known: ${KEYS.join(", ")}`);
      console.log(cfg[key]);
      return 0;
    case "set": {
      if (!isKey(key) || value === undefined) throw new Error("usage: set <key> <value>");
      (cfg as any)[key] = coerce(key, value);
      await save(cfg);
      console.log(`set ${key} in ${configPath()}`);
      return 0;
    }
    default:
      console.log("usage: devctl-config get|set|list|path");
      return cmd ? 2 : 0;
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
