#!/usr/bin/env node
// trace-companion.js — attach our Frida tracing agent to the *companion app we
// develop*, running on the Android emulator, and record its network calls
// for the API contract tests.
//
//   node tools/trace-companion.js                # spawn the app, trace for 60 s
//   node tools/trace-companion.js --attach       # attach to the running app instead
//   node tools/trace-companion.js --seconds 300
//
// Guard rails (this is instrumentation of our own debug build, nothing else):
//   * the device must be an emulator (id emulator-NNNN) — never a physical phone;
//   * the target package is fixed to com.example.companion.debug;
//   * the agent source is tools/frida/agent.js from this repository.
// Trace events are written as JSON lines to build/traces/<timestamp>.jsonl.
// On exit we detach and, if we spawned the app, kill that app process only.
//
// After the run, observed calls are compared with api/openapi.json; calls
// that the contract does not document make the script exit 1.

"use strict";

const frida = require("frida");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const PACKAGE = "com.example.companion.debug";
const AGENT = path.join(ROOT, "tools", "frida", "agent.js");
const OUT_DIR = path.join(ROOT, "build", "traces");

function options(argv) {
  const o = { attach: false, seconds: 60 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--attach") o.attach = true;
    else if (argv[i] === "--seconds") o.seconds = Number(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!(o.seconds > 0 && o.seconds <= 3600)) throw new Error("--seconds must be between 1 and 3600");
  return o;
}

async function emulator() {
  const devices = await frida.enumerateDevices();
  const usb = devices.filter((d) => d.type === "usb" || d.type === "remote");
  const emu = usb.find((d) => /^emulator-\d+$/.test(d.id));
  if (!emu) {
    const seen = usb.map((d) => d.id).join(", ") || "none";
    throw new Error(`no Android emulator found (devices: ${seen}); start one with: emulator -avd companion_api34`);
  }
  return emu;
}

function openTrace() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl`);
  return { file, stream: fs.createWriteStream(file, { flags: "wx" }) };
}

function summarise(file) {
  const counts = new Map();
  for (const line of fs.readFileSync(file, "utf8").split(/\n/)) {
    if (!line) continue;
    const ev = JSON.parse(line);
    if (ev.type !== "http") continue;
    const key = `${ev.method} ${ev.host}${ev.pathTemplate ?? ev.path}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

function contractCheck(file) {
  // compare observed endpoints with the OpenAPI paths the app is supposed to use
  const spec = path.join(ROOT, "api", "openapi.json");
  if (!fs.existsSync(spec)) return [];
  const doc = JSON.parse(fs.readFileSync(spec, "utf8"));
  const templates = Object.keys(doc.paths ?? {}).map((p) => ({
    template: p,
    re: new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  const unknown = new Set();
  for (const line of fs.readFileSync(file, "utf8").trim().split("\n")) {
    if (!line) continue;
    const ev = JSON.parse(line);
    if (ev.type !== "http" || !ev.path) continue;
    const bare = ev.path.split("?")[0];
    if (!templates.some((t) => t.re.test(bare))) unknown.add(`${ev.method} ${bare}`);
  }
  return [...unknown].sort();
}

function writeSummary(file, events, unknown) {
  const out = file.replace(/\.jsonl$/, ".summary.json");
  fs.writeFileSync(out, JSON.stringify({
    trace: path.basename(file),
    events,
    undocumentedCalls: unknown,
    calls: summarise(file).map(([call, n]) => ({ call, n })),
  }, null, 2));
  return out;
}

function checkFridaServerVersion(device) {
  // frida-server on the emulator must match the client library version
  return device.querySystemParameters().then((params) => {
    const server = params?.frida?.version;
    const client = frida.version ?? require("frida/package.json").version;
    if (server && client && server.split(".")[0] !== client.split(".")[0]) {
      throw new Error(`frida-server ${server} on the emulator does not match client ${client}`);
    }
  }).catch((err) => {
    if (String(err.message).includes("does not match")) throw err;
  });
}

async function main() {
  const opts = options(process.argv.slice(2));
  if (!fs.existsSync(AGENT)) throw new Error(`agent missing at ${path.relative(ROOT, AGENT)} (npm run build:agent)`);
  const device = await emulator();
  console.log(`device ${device.id} (${device.name})`);
  await checkFridaServerVersion(device);

  let pid;
  let spawned = false;
  if (opts.attach) {
    const procs = await device.enumerateApplications({ identifiers: [PACKAGE] });
    const app = procs.find((p) => p.identifier === PACKAGE && p.pid);
    if (!app) throw new Error(`${PACKAGE} is not running; omit --attach to spawn it`);
    pid = app.pid;
  } else {
    pid = await device.spawn([PACKAGE]);
    spawned = true;
  }

  const session = await device.attach(pid);
  const { file, stream } = openTrace();
  let events = 0;
  const script = await session.createScript(fs.readFileSync(AGENT, "utf8"));
  script.message.connect((message) => {
    if (message.type === "send") {
      stream.write(JSON.stringify({ t: Date.now(), ...message.payload }) + "\n");
      events += 1;
    } else if (message.type === "error") {
      console.error(`agent error: ${message.description}`);
    }
  });
  await script.load();
  if (spawned) await device.resume(pid);
  console.log(`tracing ${PACKAGE} (pid ${pid}) for ${opts.seconds}s → ${path.relative(ROOT, file)}`);

  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    try {
      await script.unload();
    } catch {
      // app may already be gone
    }
    await session.detach().catch(() => {});
    if (spawned) await device.kill(pid).catch(() => {});
    await new Promise((r) => stream.end(r));
    console.log(`${events} events recorded`);
    for (const [call, n] of summarise(file).slice(0, 25)) console.log(`  ${String(n).padStart(5)}  ${call}`);
    const unknown = contractCheck(file);
    for (const call of unknown) console.log(`  not in api/openapi.json: ${call}`);
    console.log(`summary: ${path.relative(ROOT, writeSummary(file, events, unknown))}`);
    if (unknown.length) process.exitCode = 1;
  };
  process.once("SIGINT", () => finish().then(() => process.exit(130)));
  session.detached.connect((reason) => {
    console.log(`session detached (${reason})`);
    finish().then(() => process.exit(0));
  });
  await new Promise((r) => setTimeout(r, opts.seconds * 1000));
  await finish();
}

main().catch((err) => {
  console.error(`trace-companion: ${err.message}`);
  process.exitCode = 1;
});
