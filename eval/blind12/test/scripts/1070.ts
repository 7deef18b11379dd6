#!/usr/bin/env -S npx tsx
// `harbor config` implementation for local use: manage named profiles in the
// CLI's own file ~/.config/harbor/profiles.json (or $XDG_CONFIG_HOME/harbor).
// The file holds endpoints and preferences only; credentials live in the OS
// keychain and are never read or written here.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

interface Profile {
  endpoint: string;
  org?: string;
  output: "table" | "json";
}

interface ProfileFile {
  current: string;
  profiles: Record<string, Profile>;
}

class ProfileStore {
  readonly file: string;

  constructor(base = process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config")) {
    this.file = join(base, "harbor", "profiles.json");
  }

  load(): ProfileFile {
    if (!existsSync(this.file)) {
      return { current: "local", profiles: { local: { endpoint: "http://localhost:7070", output: "table" } } };
    }
    return JSON.parse(readFileSync(this.file, "utf8")) as ProfileFile;
  }

  save(data: ProfileFile): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(data, null, 2) + "\n", { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}

function assertEndpoint(value: string): void {
  const url = new URL(value);
  if (url.protocol !== "https:" && !["localhost", "127.0.0.1"].includes(url.hostname)) {
    throw new Error("non-local endpoints must use https");
  }
}

type Command = (store: ProfileStore, args: string[]) => void;

const commands: Record<string, Command> = {
  list(store) {
    const data = store.load();
    for (const [name, p] of Object.entries(data.profiles)) {
      console.log(`${name === data.current ? "*" : " "} ${name.padEnd(12)} ${p.endpoint}${p.org ? `  org=${p.org}` : ""}`);
    }
  },
  add(store, [name, endpoint, org]) {
    if (!name || !endpoint) throw new Error("usage: add <name> <endpoint> [org]");
    assertEndpoint(endpoint);
    const data = store.load();
    data.profiles[name] = { endpoint, org, output: "table" };
    store.save(data);
    console.log(`added profile ${name}`);
  },
  use(store, [name]) {
    const data = store.load();
    if (!data.profiles[name]) throw new Error(`no profile named ${name}`);
    data.current = name;
    store.save(data);
    console.log(`now using ${name}`);
  },
  remove(store, [name]) {
    const data = store.load();
    if (name === data.current) throw new Error("cannot remove the active profile");
    delete data.profiles[name];
    store.save(data);
    console.log(`removed ${name}`);
  },
};

function main(): void {
  const [cmd = "list", ...args] = process.argv.slice(2);
  const handler = commands[cmd];
  if (!handler) throw new Error(`unknown command ${cmd}; try ${Object.keys(commands).join(", ")}`);
  handler(new ProfileStore(), args);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
