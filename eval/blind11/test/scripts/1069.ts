#!/usr/bin/env -S npx tsx
// quill settings - read/write ~/.config/quill/settings.json (the quill CLI's
// own settings). Validates values and keeps a one-step backup.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, copyFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

type Theme = "light" | "dark" | "system";
interface Settings {
  theme: Theme;
  spellcheck: boolean;
  autosaveSeconds: number;
  syncServer: string;
}

const DEFAULT_SETTINGS: Settings = {
  theme: "system",
  spellcheck: true,
  autosaveSeconds: 30,
  syncServer: "https://sync.quill.internal",
};

const validators: { [K in keyof Settings]: (raw: string) => Settings[K] } = {
  theme: (raw) => {
    if (!["light", "dark", "system"].includes(raw)) throw new Error("theme must be light|dark|system");
    return raw as Theme;
  },
  spellcheck: (raw) => {
    if (raw !== "true" && raw !== "false") throw new Error("spellcheck must be true|false");
    return raw === "true";
  },
  autosaveSeconds: (raw) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 5 || n > 3600) throw new Error("autosaveSeconds must be 5..3600");
    return n;
  },
  syncServer: (raw) => {
    const u = new URL(raw);
    if (u.protocol !== "https:") throw new Error("syncServer must use https");
    return u.toString().replace(/\/$/, "");
  },
};

const settingsPath = () =>
  path.join(process.env.XDG_CONFIG_HOME ?? path.join(homedir(), ".config"), "quill", "settings.json");

function read(): Settings {
  const file = settingsPath();
  if (!existsSync(file)) return { ...DEFAULT_SETTINGS };
  return { ...DEFAULT_SETTINGS, ...JSON.parse(readFileSync(file, "utf8")) };
}

function write(settings: Settings): void {
  const file = settingsPath();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (existsSync(file)) copyFileSync(file, `${file}.bak`);
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(settings, null, 2) + "\n", { mode: 0o600 });
  renameSync(tmp, file);
}

function isKey(k: string): k is keyof Settings {
  return k in DEFAULT_SETTINGS;
}

function main(args: string[]): number {
  const [verb, key, value] = args;
  const settings = read();
  if (!verb || verb === "show") {
    console.log(JSON.stringify(settings, null, 2));
    return 0;
  }
  if (verb === "where") {
    console.log(settingsPath());
    return 0;
  }
  if (verb === "reset") {
    write({ ...DEFAULT_SETTINGS });
    console.log("settings reset to defaults");
    return 0;
  }
  if (verb === "set" && key && value !== undefined) {
    if (!isKey(key)) throw new Error(`unknown setting ${key}`);
    (settings as unknown as Record<string, unknown>)[key] = validators[key](value);
    write(settings);
    console.log(`${key} updated`);
    return 0;
  }
  console.log("usage: quill settings [show|where|reset|set <key> <value>]");
  return 2;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
