// terraphim guard: the Node side of the secure-exec bridge.
//
// Protocol (version 2), documented in docs/secure-exec.md:
// - stdin: one JSON request object (read to EOF), naming the V8 sidecar the Rust side started.
// - stdout: JSON Lines, one message per line, written synchronously. Nothing else is ever written
//   to fd 1: process.stdout is redirected to stderr before secure-exec is loaded.
//     {"type":"stdout"|"stderr","data":STRING}
//     {"type":"violation","kind":KIND,"detail":STRING,"evidence":STRING}
//     {"type":"exit","code":INT,"error":STRING|null,"timings_ms":{...}}
// - stderr: diagnostics only (secure-exec's own messages, the V8 sidecar's stderr).
// The process then exits with process.exit(), so secure-exec's 60 s zombie timer never holds it.
//
// One request, one NodeRuntime, one V8 sidecar: this process serves a single run and exits.
// The driver itself never starts a process: the sidecar comes from the Rust side, and
// secure-exec's command executor is never installed.

import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import dns from "node:dns/promises";
import Module, { createRequire } from "node:module";
import vm from "node:vm";
import { EventEmitter } from "node:events";
import { PassThrough, Readable } from "node:stream";

const t0 = performance.now();
const PROTOCOL = 2;

// fd 1 belongs to the protocol from here on.
const protocolFd = 1;
process.stdout.write = (chunk, encoding, cb) => process.stderr.write(chunk, encoding, cb);

function send(message) {
  fs.writeSync(protocolFd, JSON.stringify(message) + "\n");
}

function finish(code, error, timings) {
  send({ type: "exit", code, error: error ?? null, timings_ms: timings ?? {} });
  process.exit(0);
}

function fail(message) {
  // A driver-level failure: the Rust side treats it as a failed run (fail closed).
  send({ type: "error", message });
  process.exit(3);
}

const violations = [];
const MAX_VIOLATIONS = 200;
function violation(kind, detail, evidence) {
  if (violations.length >= MAX_VIOLATIONS) return;
  const key = `${kind}\0${detail}`;
  if (violations.includes(key)) return;
  violations.push(key);
  send({ type: "violation", kind, detail, evidence: String(evidence ?? "") });
}

function readRequest() {
  let raw;
  try {
    raw = fs.readFileSync(0, "utf8");
  } catch (e) {
    fail(`failed to read the request from stdin: ${e.message}`);
  }
  let req;
  try {
    req = JSON.parse(raw);
  } catch (e) {
    fail(`failed to parse the request: ${e.message}`);
  }
  if (req.protocol !== PROTOCOL) fail(`unsupported protocol version ${req.protocol}, expected ${PROTOCOL}`);
  for (const key of ["deps_dir", "cwd", "scratch", "read_roots", "hidden", "network", "memory_mb", "wall_ms", "max_output_bytes", "sidecar"]) {
    if (req[key] === undefined) fail(`request lacks "${key}"`);
  }
  if (typeof req.code !== "string" && typeof req.file !== "string") fail(`request needs "code" or "file"`);
  return req;
}

const req = readRequest();
try {
  // The VFS resolves relative paths against this process's cwd; the policy against req.cwd.
  // They must be the same directory.
  process.chdir(req.cwd);
} catch (e) {
  fail(`failed to enter ${req.cwd}: ${e.message}`);
}

// ---- the V8 sidecar ----

// The Rust side started the V8 sidecar (confined like this process, in a session of its own) at the
// same moment as this process, and already sent it the bridge code to snapshot, so the snapshot is
// built while Node starts. secure-exec (one file, bundled by bundle.mjs at install) is loaded,
// and its own sidecar launcher, createV8Runtime, is handed that process and its auth token instead
// of spawning one; everything else about the runtime is unchanged. The Rust side also watches how
// the sidecar ends (a signal says which limit it hit).
const sidecar = req.sidecar;
if (!sidecar || typeof sidecar.socket !== "string" || typeof sidecar.token !== "string" || !Number.isInteger(sidecar.pid)) {
  fail(`request lacks "sidecar" {socket, token, pid}`);
}
const bundleDir = path.join(req.deps_dir, "bundle");
const tImport0 = performance.now();
let se;
try {
  se = loadBundle(path.join(bundleDir, "secure-exec.cjs"));
  const v8Runtime = se.createV8Runtime({ child: startedSidecar(sidecar), authToken: sidecar.token });
  // Failures surface through secure-exec's exec(); this only keeps them from being "unhandled".
  v8Runtime.catch(() => {});
  se.__terraphimAdoptV8Runtime(v8Runtime, fs.readFileSync(path.join(bundleDir, "bridge.js"), "utf8"));
} catch (e) {
  fail(`failed to load secure-exec from ${bundleDir}: ${e.message}`);
}
const tImport1 = performance.now();

// Load the CommonJS bundle as Node would, but with the code cache bundle.mjs wrote next to it (V8
// checks it against the source, its version and flags, and compiles normally on any mismatch).
function loadBundle(file) {
  let cachedData;
  try {
    cachedData = fs.readFileSync(`${file}.cache`);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, "utf8")), {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

// What createV8Runtime needs of a ChildProcess: the socket path as the first stdout line, stderr
// (the sidecar writes to the Rust side's stderr pipe directly), kill, unref and events (no "exit":
// the sidecar is not this process's child; its end shows as a closed IPC connection).
function startedSidecar({ socket, pid }) {
  const child = new EventEmitter();
  child.pid = pid;
  child.stdout = Readable.from([`${socket}\n`]);
  child.stderr = new PassThrough();
  child.stderr.unref = () => {};
  child.kill = (signal) => {
    try {
      process.kill(pid, signal ?? "SIGTERM");
      return true;
    } catch {
      return false;
    }
  };
  child.unref = () => {};
  return child;
}

// secure-exec's exec() ends with a fixed 100 ms grace (polling every 10 ms) for host-side handles
// that a bridge callback might still register. Every bridge call has been answered by the time
// the isolate reports its result, and child processes are denied here, so the grace only delays
// the result. The wait for handles that do exist (an open server, a request in flight) is kept.
se.NodeExecutionDriver.prototype.waitForManagedResources = async function waitForManagedResources() {
  while (!this.disposed && this.hasManagedResources()) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

// ---- filesystem policy: realpath every path, so a symlink cannot lead out of an allowed tree ----

function realRoot(p) {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}

const readRoots = req.read_roots.map(realRoot).filter((p) => p !== null);
// Hidden paths (as given and resolved) are off limits even beneath a read root.
const hidden = [...new Set(req.hidden.flatMap((p) => [path.resolve(p), realRoot(p)]).filter((p) => p !== null))];
const scratch = realRoot(req.scratch);
if (scratch === null) fail(`scratch dir ${req.scratch} does not exist`);

function within(p, root) {
  return p === root || p.startsWith(root.endsWith("/") ? root : root + "/");
}

// The real location of `p`: realpath of the longest existing prefix plus the rest. The rest
// does not exist yet, so it holds no symlink.
function resolveReal(p) {
  const abs = path.resolve(req.cwd, p);
  let head = abs;
  const tail = [];
  for (;;) {
    try {
      const real = fs.realpathSync(head);
      return tail.length ? path.join(real, ...tail.reverse()) : real;
    } catch (e) {
      if (e.code !== "ENOENT" && e.code !== "ENOTDIR") return null;
      const parent = path.dirname(head);
      if (parent === head) return null;
      tail.push(path.basename(head));
      head = parent;
    }
  }
}

const READ_OPS = new Set(["read", "readdir", "stat", "exists", "readlink"]);
// Links are never created: a link made in the scratch dir could point anywhere and turn a later
// check-then-open into a race.
const NEVER_OPS = new Set(["symlink", "link"]);

function fsPolicy(request) {
  const op = request.op;
  const real = resolveReal(virtualToHost(request.path));
  if (NEVER_OPS.has(op)) {
    violation("fs-write", `${op} ${request.path}`, `links are not allowed in the sandbox`);
    return { allow: false, reason: "links are not allowed" };
  }
  if (real === null) {
    const kind = READ_OPS.has(op) ? "fs-read" : "fs-write";
    violation(kind, `${op} ${request.path}`, "path cannot be resolved");
    return { allow: false, reason: "path cannot be resolved" };
  }
  const literal = path.resolve(req.cwd, virtualToHost(request.path));
  if (hidden.some((h) => within(real, h) || within(literal, h))) {
    const kind = READ_OPS.has(op) ? "fs-read" : "fs-write";
    violation(kind, `${op} ${request.path}`, `hidden by the profile${real === literal ? "" : ` (resolves to ${real})`}`);
    return { allow: false, reason: "hidden by the profile" };
  }
  if (READ_OPS.has(op)) {
    if (within(real, scratch) || readRoots.some((r) => within(real, r))) return { allow: true };
    // Existence probes next to the roots' ancestors (module resolution walks up to / looking for
    // package.json and node_modules) are denied without a report.
    if ((op === "stat" || op === "exists") && readRoots.some((r) => within(r, path.dirname(real)))) {
      return { allow: false, reason: "outside the read roots" };
    }
    const via = real === virtualToHost(request.path) ? "" : ` (resolves to ${real})`;
    violation("fs-read", `${op} ${request.path}`, `outside the read roots${via}`);
    return { allow: false, reason: "outside the read roots" };
  }
  if (within(real, scratch) && real !== scratch) return { allow: true };
  const via = real === virtualToHost(request.path) ? "" : ` (resolves to ${real})`;
  violation("fs-write", `${op} ${request.path}`, `writes are allowed only in the scratch dir${via}`);
  return { allow: false, reason: "writes are allowed only in the scratch dir" };
}

// The VFS below the permission layer. secure-exec hands the permission callback the path as the
// script wrote it, but resolves a relative path elsewhere (against "/"): with only the callback,
// `readFileSync("etc/passwd")` from a project dir passes the check as <project>/etc/passwd and
// then reads /etc/passwd. So every call that reaches the host filesystem is checked again here,
// on the absolute path node:fs would open, and is then made on the resolved real path.
const VFS_OPS = {
  prepareOpenSync: ["open"],
  readFile: ["read"],
  readTextFile: ["read"],
  readDir: ["readdir"],
  readDirWithTypes: ["readdir"],
  writeFile: ["write"],
  createDir: ["createDir"],
  mkdir: ["mkdir"],
  exists: ["exists"],
  stat: ["stat"],
  lstat: ["stat"],
  removeFile: ["rm"],
  removeDir: ["rm"],
  rename: ["rename", "rename"],
  symlink: [null, "symlink"],
  link: ["link", "link"],
  readlink: ["readlink"],
  chmod: ["chmod"],
  chown: ["chown"],
  utimes: ["utimes"],
  truncate: ["truncate"],
  realpath: ["stat"],
  pread: ["read"],
  pwrite: ["write"],
};

function eacces(op, p, reason) {
  const err = new Error(`EACCES: permission denied, ${op} '${p}': ${reason}`);
  err.code = "EACCES";
  return err;
}

function guardedFileSystem(inner) {
  return new Proxy(inner, {
    get(target, prop) {
      const value = target[prop];
      if (typeof value !== "function" || typeof prop !== "string") return value;
      const ops = VFS_OPS[prop];
      if (!ops) {
        // A method this bridge does not know: fail closed.
        return () => {
          throw eacces(prop, "?", "filesystem operation not supported by the sandbox");
        };
      }
      return function (...args) {
        const real = [...args];
        ops.forEach((op, i) => {
          if (op === null) return;
          let effective = op;
          if (op === "open") {
            const flags = Number(args[1]);
            effective = (flags & 0o100) !== 0 || (flags & 0o1000) !== 0 || (flags & 3) !== 0 ? "write" : "read";
          }
          const abs = path.resolve(process.cwd(), String(args[i]));
          const decision = fsPolicy({ op: effective, path: abs });
          if (!decision.allow) throw eacces(effective, abs, decision.reason);
          // lstat/readlink/rm/rename act on the link itself: resolve only its parent.
          const onLink = prop === "lstat" || prop === "readlink" || prop === "removeFile" || prop === "removeDir" || prop === "rename";
          real[i] = onLink ? path.join(resolveReal(path.dirname(abs)), path.basename(abs)) : resolveReal(abs);
        });
        return value.apply(target, real);
      };
    },
  });
}

// The isolate's os.tmpdir() is "/tmp" (fixed by the V8 sidecar), so /tmp inside the sandbox is the
// scratch dir: the host's /tmp is never visible. Paths under a read root keep their meaning even
// when the root itself lies in /tmp.
function virtualToHost(p) {
  const abs = path.resolve(req.cwd, p);
  if (within(abs, "/tmp") && !within(abs, scratch) && !readRoots.some((r) => within(abs, r)) && !req.read_roots.some((r) => within(abs, r))) {
    return path.join(scratch, path.relative("/tmp", abs));
  }
  return abs;
}

function relativeToCwd(inner) {
  return new Proxy(inner, {
    get(target, prop) {
      const value = target[prop];
      if (typeof value !== "function" || typeof prop !== "string" || !VFS_OPS[prop]) return value;
      const ops = VFS_OPS[prop];
      return function (...args) {
        const fixed = args.map((a, i) => (ops[i] !== undefined && ops[i] !== null && typeof a === "string" ? virtualToHost(a) : a));
        return value.apply(target, fixed);
      };
    },
  });
}

// ---- network policy ----

function hostOf(request) {
  if (request.hostname) return request.hostname;
  if (request.host) return request.host;
  if (request.url) {
    try {
      return new URL(request.url).hostname;
    } catch {
      return null;
    }
  }
  return null;
}

function bare(host) {
  const h = String(host).toLowerCase();
  return h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");
// Addresses off the public internet, which an "allow" profile may not reach: loopback, private,
// link-local (cloud metadata), shared, reserved, documentation, multicast, and every IPv6 form
// of an IPv4 address.
const NON_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16],
  ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
  ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
]) {
  NON_PUBLIC.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128], ["::1", 128], ["::ffff:0:0", 96], ["64:ff9b::", 96], ["100::", 64], ["2001:db8::", 32],
  ["2002::", 16], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
]) {
  NON_PUBLIC.addSubnet(address, prefix, "ipv6");
}

// May the profile reach this IP address?
function addressAllowed(ip) {
  const family = net.isIPv4(ip) ? "ipv4" : net.isIPv6(ip) ? "ipv6" : null;
  if (family === null) return false;
  if (req.network === "loopback") return LOOPBACK.check(ip, family);
  if (req.network === "allow") return !NON_PUBLIC.check(ip, family);
  return false;
}

// May the profile reach this host (an address or a name)? A name that passes is checked again,
// on the addresses it resolves to, when the connection is made (guardedHostAdapter).
function hostAllowed(host, op) {
  if (!host) return false;
  const name = bare(host);
  if (op === "listen" && req.network === "allow") return true;
  if (net.isIP(name)) return addressAllowed(name);
  if (name === "localhost" || name.endsWith(".localhost")) return req.network === "loopback";
  return req.network === "allow";
}

function networkPolicy(request) {
  const host = hostOf(request);
  const target = request.url ?? `${host ?? "?"}${request.port ? ":" + request.port : ""}`;
  if (req.network !== "deny" && hostAllowed(host, request.op)) return { allow: true };
  const what = req.network === "allow" ? "only public hosts" : req.network === "loopback" ? "only loopback hosts" : "no network";
  violation("network", `${request.op} ${target}`, `network is "${req.network}" in this profile (${what})`);
  return { allow: false, reason: `network is ${req.network}` };
}

// The host side of the isolate's sockets (fetch, http, net, dgram all end here). Names are
// resolved once, every address is checked against the profile, and the connection goes to the
// checked address, so a name cannot resolve to one address for the check and another for the
// connection.
function guardedHostAdapter(inner) {
  async function checked(op, host, port) {
    const name = bare(host);
    let addresses;
    try {
      addresses = net.isIP(name) ? [name] : (await dns.lookup(name, { all: true, verbatim: true })).map((a) => a.address);
    } catch (e) {
      const err = new Error(`getaddrinfo ${e.code ?? "ENOTFOUND"} ${host}`);
      err.code = e.code ?? "ENOTFOUND";
      throw err;
    }
    const refused = addresses.find((a) => !addressAllowed(a));
    if (addresses.length === 0 || refused !== undefined) {
      violation("network", `${op} ${host}:${port}`, `${host} resolves to ${refused ?? "no address"}, which network "${req.network}" does not allow`);
      const err = new Error(`EACCES: network ${op} denied: ${host}`);
      err.code = "EACCES";
      throw err;
    }
    return addresses[0];
  }
  return {
    ...inner,
    tcpConnect: async (host, port) => inner.tcpConnect(await checked("connect", host, port), port),
    udpSend: async (socket, data, host, port) => inner.udpSend(socket, data, await checked("send", host, port), port),
  };
}

function childProcessPolicy(request) {
  const argv = [request.command, ...(request.args ?? [])].join(" ");
  violation("spawn", argv, "child processes are not allowed in the secure-exec backend");
  return { allow: false, reason: "child processes are not allowed" };
}

// Environment: nothing of the host's environment is visible, and nothing is reported (reading
// process.env is ordinary for scripts and not an escape attempt).
function envPolicy() {
  return { allow: false, reason: "environment is denied" };
}

// ---- the script ----

function loadScript() {
  if (typeof req.code === "string") {
    const code = req.print ? `console.log(eval(${JSON.stringify(req.code)}))` : req.code;
    return { code, filePath: path.join(req.cwd, "[eval].js") };
  }
  const decision = fsPolicy({ op: "read", path: req.file });
  if (!decision.allow) finish(1, `cannot read ${req.file}: ${decision.reason}`, {});
  const filePath = resolveReal(req.file);
  let code;
  try {
    code = fs.readFileSync(filePath, "utf8");
  } catch (e) {
    return finish(1, `cannot read ${req.file}: ${e.message}`, {});
  }
  if (/\.(ts|mts|cts|tsx)$/.test(filePath)) code = transpileTypeScript(code, filePath);
  return { code, filePath };
}

// TypeScript is transpiled on the host by esbuild (a parser only: no code of the script runs
// there), then the JavaScript runs in the isolate. esbuild is pinned by the same lockfile.
function transpileTypeScript(code, filePath) {
  try {
    const require = createRequire(path.join(req.deps_dir, "node_modules", "secure-exec", "package.json"));
    const esbuild = require("esbuild");
    const loader = filePath.endsWith("x") ? "tsx" : "ts";
    return esbuild.transformSync(code, { loader, format: "cjs", sourcefile: filePath }).code;
  } catch (e) {
    return finish(1, `cannot transpile ${req.file}: ${e.message}`, {});
  }
}

const script = loadScript();

// ---- output, with a byte cap ----

let outputBytes = 0;
let outputCapped = false;
function onStdio(event) {
  if (outputCapped) return;
  const bytes = Buffer.byteLength(event.message);
  if (outputBytes + bytes > req.max_output_bytes) {
    outputCapped = true;
    violation("output", `output exceeded ${req.max_output_bytes} bytes`, `${outputBytes + bytes} bytes attempted`);
    return;
  }
  outputBytes += bytes;
  send({ type: event.channel === "stderr" ? "stderr" : "stdout", data: event.message });
}

// ---- run ----


// An adapter is installed even when the network is denied, so that attempts reach the policy and
// are reported; the policy refuses them before the adapter is called.
const adapter = se.createDefaultNetworkAdapter();
// secure-exec sends http(s) requests through its socket table (checked with networkPolicy as
// "connect"), whose host side is this guarded adapter; the table is built here only to give it
// that adapter.
const socketTable = new se.SocketTable({
  hostAdapter: guardedHostAdapter(se.createNodeHostNetworkAdapter()),
  networkCheck: networkPolicy,
});

const systemDriver = se.createNodeDriver({
    filesystem: guardedFileSystem(new se.NodeFileSystem()),
    networkAdapter: adapter,
    // commandExecutor stays unset: never the host executor. The policy denies every spawn anyway.
    permissions: { fs: fsPolicy, network: networkPolicy, childProcess: childProcessPolicy, env: envPolicy },
    processConfig: { cwd: req.cwd, env: {}, argv: ["node", script.filePath, ...(req.argv ?? [])] },
    osConfig: { homedir: scratch, tmpdir: scratch },
});
// secure-exec's module overlay turns a relative path into "/<path>" (its virtual root), while
// process.cwd() in the isolate is req.cwd. Relative paths are made absolute against req.cwd
// before any layer sees them, so that `readFileSync("package.json")` means the project's file.
systemDriver.filesystem = relativeToCwd(systemDriver.filesystem);

const runtime = new se.NodeRuntime({
  systemDriver,
  runtimeDriverFactory: {
    createRuntimeDriver: (options) => new se.NodeExecutionDriver({ ...options, socketTable }),
  },
  memoryLimit: req.memory_mb,
  cpuTimeLimitMs: req.wall_ms,
  onStdio,
  // The bridge's own cap (onStdio) must see the overflow first to report it.
  resourceBudgets: { maxOutputBytes: req.max_output_bytes * 4 + (1 << 20) },
});

const tExec0 = performance.now();
let result;
try {
  result = await runtime.exec(script.code, { filePath: script.filePath, cwd: req.cwd, stdin: req.stdin ?? "" });
} catch (e) {
  result = { code: 1, errorMessage: e instanceof Error ? e.message : String(e) };
}
const tExec1 = performance.now();

const message = result.errorMessage ?? null;
if (message) {
  // A sidecar that died (RLIMIT_CPU, RLIMIT_DATA, V8 out of memory) shows here as a closed IPC
  // connection; the Rust side reports it from the sidecar's exit status.
  if (result.code === 124 || /CPU time limit exceeded|timed out/i.test(message)) {
    violation("wall-time", `ran longer than ${req.wall_ms} ms`, message);
  } else if (/out of memory|heap limit|Array buffer allocation failed|allocation failed|Invalid array length|Invalid typed array length/i.test(message)) {
    violation("memory", `exceeded the ${req.memory_mb} MB memory limit`, message);
  }
}

finish(result.code, message, {
  boot: Math.round(t0),
  import: Math.round(tImport1 - tImport0),
  exec: Math.round(tExec1 - tExec0),
  total: Math.round(performance.now()),
});
