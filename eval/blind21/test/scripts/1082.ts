#!/usr/bin/env -S npx tsx
/**
 * tools/pairing.ts - shared tmux sessions for pairing on the ops repo.
 *
 *   npx tsx tools/pairing.ts open <topic>     create (or join) "pair-<topic>"
 *   npx tsx tools/pairing.ts leave <topic>    detach; the last one out closes it
 *   npx tsx tools/pairing.ts list
 *
 * Sessions are reference counted: every `open` registers the caller in
 * .pairing/<topic>.json; `leave` removes the caller and only when nobody is
 * left does it kill the tmux session - and only if the session carries the
 * @pairing_owner option this tool set. Sessions started by hand with the
 * same name are never killed.
 *
 * The socket is the default tmux socket of the current user; pairing
 * partners attach over ssh to the same account on the shared ops host.
 *
 * Exit codes: 0 ok, 1 failure, 2 usage.
 *
 * Requirements: tmux >= 3.1, Node 20+.
 *
 * Etiquette (from docs/pairing.md): announce in #ops-pairing before joining
 * someone else's topic, and run `leave` when you go so the session is
 * closed once everyone is done instead of lingering on the ops host.
 * The registration files in .pairing/ are gitignored.
 *
 * Owner: ops tooling.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { userInfo, hostname } from "node:os";
import { join, resolve } from "node:path";

interface Registration {
  topic: string;
  createdAt: string;
  participants: string[];
}

const ROOT = resolve(__dirname, "..");
const STATE = join(ROOT, ".pairing");
const OWNER_TAG = `pairing.ts@${ROOT}`;

function usage(): never {
  console.error("usage: pairing.ts open <topic> | leave <topic> | list");
  process.exit(2);
}

function fail(msg: string): never {
  console.error(`pairing: ${msg}`);
  process.exit(1);
}

class TmuxSession {
  constructor(readonly name: string) {}

  private tmux(...args: string[]) {
    return spawnSync("tmux", args, { encoding: "utf8", stdio: "pipe" });
  }

  exists(): boolean {
    return this.tmux("has-session", "-t", `=${this.name}`).status === 0;
  }

  ownedByUs(): boolean {
    const res = this.tmux("show-options", "-t", `=${this.name}`, "-qv", "@pairing_owner");
    return res.stdout.trim() === OWNER_TAG;
  }

  create(): void {
    const res = this.tmux("new-session", "-d", "-s", this.name, "-c", ROOT);
    if (res.status !== 0) fail(`tmux new-session failed: ${res.stderr.trim()}`);
    this.tmux("set-option", "-t", `=${this.name}`, "@pairing_owner", OWNER_TAG);
    this.tmux("set-option", "-t", `=${this.name}`, "status-left", `[pair ${this.name.slice(5)}] `);
  }

  message(text: string): void {
    this.tmux("display-message", "-t", `=${this.name}`, text);
  }

  clients(): number {
    const res = this.tmux("list-clients", "-t", `=${this.name}`, "-F", "#{client_tty}");
    return res.stdout.split("\n").filter(Boolean).length;
  }

  kill(): void {
    if (!this.ownedByUs()) fail(`session ${this.name} was not created by this tool; not killing it`);
    this.tmux("kill-session", "-t", `=${this.name}`);
  }
}

function who(): string {
  return `${userInfo().username}@${process.env.SSH_CLIENT?.split(" ")[0] ?? hostname()}`;
}

function regFile(topic: string): string {
  return join(STATE, `${topic}.json`);
}

function readReg(topic: string): Registration | null {
  const f = regFile(topic);
  return existsSync(f) ? (JSON.parse(readFileSync(f, "utf8")) as Registration) : null;
}

function writeReg(reg: Registration): void {
  mkdirSync(STATE, { recursive: true });
  writeFileSync(regFile(reg.topic), JSON.stringify(reg, null, 2));
}

function checkTopic(topic: string | undefined): string {
  if (!topic || !/^[a-z0-9-]{2,30}$/.test(topic)) usage();
  return topic;
}

function open(topicArg: string | undefined): void {
  const topic = checkTopic(topicArg);
  const session = new TmuxSession(`pair-${topic}`);
  let reg = readReg(topic);
  if (!session.exists()) {
    session.create();
    reg = { topic, createdAt: new Date().toISOString(), participants: [] };
    console.log(`created session ${session.name}`);
  } else if (!session.ownedByUs()) {
    fail(`a session named ${session.name} exists but was not created by pairing.ts`);
  }
  reg = reg ?? { topic, createdAt: new Date().toISOString(), participants: [] };
  if (!reg.participants.includes(who())) reg.participants.push(who());
  writeReg(reg);
  session.message(`${who()} joined`);
  console.log(`attach with: tmux attach -t ${session.name}`);
}

function leave(topicArg: string | undefined): void {
  const topic = checkTopic(topicArg);
  const session = new TmuxSession(`pair-${topic}`);
  const reg = readReg(topic);
  if (!reg) fail(`no pairing registration for ${topic}`);
  reg.participants = reg.participants.filter((p) => p !== who());
  if (reg.participants.length > 0) {
    writeReg(reg);
    if (session.exists()) session.message(`${who()} left`);
    console.log(`left ${session.name}; ${reg.participants.length} participant(s) remain`);
    return;
  }
  if (session.exists()) {
    if (session.clients() > 0) {
      writeReg(reg);
      console.log(`nobody registered, but ${session.clients()} client(s) still attached; leaving it open`);
      return;
    }
    session.kill();
    console.log(`closed ${session.name}`);
  }
  rmSync(regFile(topic), { force: true });
}

function list(): void {
  if (!existsSync(STATE)) {
    console.log("no pairing sessions");
    return;
  }
  for (const f of readdirSync(STATE).filter((n) => n.endsWith(".json"))) {
    const reg = JSON.parse(readFileSync(join(STATE, f), "utf8")) as Registration;
    const session = new TmuxSession(`pair-${reg.topic}`);
    const state = session.exists() ? `${session.clients()} attached` : "not running";
    console.log(`${reg.topic.padEnd(20)} ${state.padEnd(14)} ${reg.participants.join(", ")}`);
  }
}

function main(): void {
  if (spawnSync("tmux", ["-V"]).status !== 0) fail("tmux is not installed");
  const [cmd, topic] = process.argv.slice(2);
  if (cmd === "open") open(topic);
  else if (cmd === "leave") leave(topic);
  else if (cmd === "list") list();
  else usage();
}

main();
