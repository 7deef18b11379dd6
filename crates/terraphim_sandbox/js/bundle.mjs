// terraphim guard: build step run once after the pinned packages are installed.
//
// Usage: node bundle.mjs DIR   (DIR holds node_modules/ from the lockfile)
//
// Writes DIR/bundle/:
// - secure-exec.cjs: secure-exec 0.2.1 and its JavaScript dependencies in one CommonJS file, so a
//   run loads one file instead of resolving and compiling a few hundred modules (~300 ms per run),
//   and secure-exec.cjs.cache, V8's code cache of it (the driver skips most of the compiling);
// - polyfills/*.js: the Node stdlib polyfills secure-exec hands to the isolate. secure-exec builds
//   each one with esbuild on first use in every process (~100 ms each, and a console.log needs
//   two); here they are built once, by the same function, and read from disk at run time;
// - bridge.js: secure-exec's bridge code for the V8 sidecar's snapshot, so the sidecar can be
//   started before secure-exec itself is loaded;
// - version: BUNDLE_FORMAT, checked by the Rust side (an older bundle asks for setup-js again).
//
// Nothing here widens what the isolate or its host side may do: the polyfill texts are byte for
// byte what secure-exec would build, the bridge code is what it would send, and each source edit
// below (explained where it is made) must match exactly once or the build fails, so a new pinned
// version cannot skip one silently.
import fs from "node:fs";
import path from "node:path";
import Module, { createRequire } from "node:module";
import vm from "node:vm";
import { pathToFileURL } from "node:url";

export const BUNDLE_FORMAT = 6;

const dir = path.resolve(process.argv[2] ?? "");
if (!process.argv[2] || !fs.existsSync(path.join(dir, "node_modules", "secure-exec", "package.json"))) {
  console.error(`bundle: no node_modules/secure-exec in ${dir}`);
  process.exit(1);
}
const nm = path.join(dir, "node_modules");
const out = path.join(dir, "bundle");
const tmp = path.join(dir, `bundle.tmp-${process.pid}`);
for (const stale of fs.readdirSync(dir).filter((n) => n.startsWith("bundle.tmp-"))) {
  fs.rmSync(path.join(dir, stale), { recursive: true, force: true });
}
fs.mkdirSync(path.join(tmp, "polyfills"), { recursive: true });

const require = createRequire(path.join(dir, "package.json"));
const esbuild = require("esbuild");
const nodejsDist = path.join(nm, "@secure-exec", "nodejs", "dist");

// ---- polyfills, built by secure-exec's own bundlePolyfill ----
const polyfillsPath = path.join(nodejsDist, "polyfills.js");
const polyfills = await import(pathToFileURL(polyfillsPath).href);
const custom = [...fs.readFileSync(polyfillsPath, "utf8").matchAll(/\["([^"]+)", resolveCustomPolyfillSource\(/g)].map((m) => m[1]);
if (custom.length === 0) throw new Error("bundle: no custom polyfill entries found in polyfills.js");
const available = polyfills.getAvailableStdlib();
const names = [...new Set([...available, ...custom])].sort();
// Files are numbered (names such as "stream/web" hold slashes); FILES maps a name to its number.
const files = {};
for (const [i, name] of names.entries()) {
  if (!polyfills.hasPolyfill(name)) throw new Error(`bundle: ${name} is not a polyfill`);
  const code = await polyfills.bundlePolyfill(name);
  fs.writeFileSync(path.join(tmp, "polyfills", `${i}.js`), code);
  files[name] = i;
}

// The module that replaces polyfills.js in the bundle: same exports, texts read from disk.
const polyfillModule = `
import { readFileSync } from "node:fs";
const AVAILABLE = ${JSON.stringify(available)};
const FILES = new Map(Object.entries(${JSON.stringify(files)}));
const cache = new Map();
export async function bundlePolyfill(moduleName) {
  const cached = cache.get(moduleName);
  if (cached) return cached;
  const file = FILES.get(moduleName);
  if (file === undefined) throw new Error(\`No polyfill available for module: \${moduleName}\`);
  const code = readFileSync(new URL(\`./polyfills/\${file}.js\`, __terraphimBundleUrl), "utf8");
  cache.set(moduleName, code);
  return code;
}
export function getAvailableStdlib() {
  return [...AVAILABLE];
}
export function hasPolyfill(moduleName) {
  return FILES.has(moduleName.replace(/^node:/, ""));
}
export async function prebundleAllPolyfills() {
  await Promise.all(AVAILABLE.map((m) => bundlePolyfill(m)));
  return new Map(cache);
}
`;

// ---- exact source edits ----
function edit(file, source, from, to) {
  const at = source.indexOf(from);
  if (at < 0 || source.indexOf(from, at + 1) >= 0) {
    throw new Error(`bundle: expected exactly one ${JSON.stringify(from.slice(0, 60))} in ${file}`);
  }
  return source.slice(0, at) + to + source.slice(at + from.length);
}

const executionDriver = path.join(nodejsDist, "execution-driver.js");
// Export two hooks from the execution driver: the bridge code it sends to the sidecar, and a way
// to hand it a sidecar started earlier (by the same createV8Runtime) with the bridge code that
// sidecar was given.
const EXECUTION_DRIVER_HOOKS = `
export function __terraphimBridgeCode() {
    return buildFullBridgeCode();
}
export function __terraphimAdoptV8Runtime(promise, bridgeCode) {
    if (sharedV8Runtime || sharedV8RuntimePromise) throw new Error("a V8 runtime already exists");
    // The bridge code the sidecar was started with is bundle/bridge.js, which buildFullBridgeCode
    // wrote at install time; reusing it saves reading and joining the 1 MB again.
    if (typeof bridgeCode === "string" && bridgeCode.length > 0) bridgeCodeCache = bridgeCode;
    sharedV8RuntimePromise = promise.then((rt) => {
        sharedV8Runtime = rt;
        sharedV8RuntimePromise = null;
        return rt;
    });
}
`;

const v8Runtime = path.join(nm, "@secure-exec", "v8", "dist", "runtime.js");
// The bridge starts the V8 sidecar itself (from Rust, confined like the driver, at the same moment
// as the driver) and warms its snapshot; createV8Runtime is handed that process and its auth token
// instead of spawning one. Without both options it behaves as before.
const V8_RUNTIME_EDITS = [
  [
    `    const authToken = randomBytes(16).toString("hex");`,
    `    const authToken = options?.authToken ?? randomBytes(16).toString("hex");`,
  ],
  [
    `    const child = spawn(binaryPath, [], {`,
    `    const child = options?.child ?? spawn(binaryPath, [], {`,
  ],
  // The hash only lets a session skip resending unchanged bridge code on a later Execute; the
  // first Execute sends it regardless (its stand-in -1 is never a hash, and differs from the
  // initial null, so the code is sent). Hashing 1 MB byte by byte in JavaScript took ~20 ms.
  [
    `                        const bridgeHash = fnv1aHash(execOptions.bridgeCode);`,
    `                        const bridgeHash = lastBridgeCodeHash === null ? -1 : fnv1aHash(execOptions.bridgeCode);`,
  ],
];
const bridgeHandlers = path.join(nodejsDist, "bridge-handlers.js");
// secure-exec 0.2.1 sends the isolate's fetch and http requests through a kernel socket that it
// connects (and checks against the network policy) first, handing it to http.request as
// `createConnection`. It also passes `agent: false`, and with an agent Node ignores
// `createConnection`: the request went out on a second, direct host connection while the checked
// socket sat idle, so a listener serving one connection at a time never answered (the fetch hung
// until the wall limit). Without `agent: false` the request uses the checked socket.
const KERNEL_HTTP_AGENT = [
  `                agent: false,
                createConnection: () => requestTransport,`,
  `                createConnection: () => requestTransport,`,
];

const rel = (file) => {
  const r = path.relative(out, file).split(path.sep).join("/");
  return r.startsWith(".") ? r : `./${r}`;
};

const plugin = {
  name: "terraphim",
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      if (args.path === polyfillsPath) return { contents: polyfillModule, loader: "js", resolveDir: nodejsDist };
      let source = fs.readFileSync(args.path, "utf8");
      // Modules find files next to themselves (the bridge source, the sidecar binary, package
      // roots): keep each module's own location, relative to the bundle so DIR may move.
      // (Code only: a quoted "import.meta.url" is data, e.g. in secure-exec's source transforms.)
      source = source.replace(/(?<![\w."'$])import\.meta\.url(?![\w"'$])/g, `new URL(${JSON.stringify(rel(args.path))}, __terraphimBundleUrl).href`);
      if (args.path === executionDriver) source += EXECUTION_DRIVER_HOOKS;
      if (args.path === bridgeHandlers) source = edit(args.path, source, ...KERNEL_HTTP_AGENT);
      if (args.path === v8Runtime) for (const [from, to] of V8_RUNTIME_EDITS) source = edit(args.path, source, from, to);
      return { contents: source, loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
};

// One entry: secure-exec's own exports, the sidecar launcher, the hooks, and the socket table and
// host network adapter the driver builds its guarded network from.
const ENTRIES = {
  "secure-exec": `export * from ${JSON.stringify(path.join(nm, "secure-exec", "dist", "index.js"))};
export { createV8Runtime } from ${JSON.stringify(v8Runtime)};
export { __terraphimBridgeCode, __terraphimAdoptV8Runtime } from ${JSON.stringify(executionDriver)};
export { SocketTable } from "@secure-exec/core";
export { createNodeHostNetworkAdapter } from "@secure-exec/nodejs";`,
};
// esbuild (the JS API, which then starts its binary) is needed only to transform ES module or
// TypeScript sources; loading it eagerly cost ~30 ms per run. The bundle gets a stand-in with the
// functions secure-exec uses, which loads the real package from node_modules on first call.
const LAZY_ESBUILD = `
let real;
const load = () => (real ??= require("esbuild"));
export const transform = (...args) => load().transform(...args);
export const transformSync = (...args) => load().transformSync(...args);
export const build = (...args) => load().build(...args);
export const buildSync = (...args) => load().buildSync(...args);
`;
const lazyEsbuild = {
  name: "terraphim-lazy-esbuild",
  setup(build) {
    build.onResolve({ filter: /^esbuild$/ }, (args) =>
      args.namespace === "terraphim-lazy" ? { path: "esbuild", external: true } : { path: "esbuild", namespace: "terraphim-lazy" },
    );
    build.onLoad({ filter: /.*/, namespace: "terraphim-lazy" }, () => ({ contents: LAZY_ESBUILD, loader: "js", resolveDir: nm }));
  },
};
const entries = {
  name: "terraphim-entries",
  setup(build) {
    build.onResolve({ filter: /^terraphim-entry:/ }, (args) => ({ path: args.path.slice("terraphim-entry:".length), namespace: "terraphim-entry" }));
    build.onLoad({ filter: /.*/, namespace: "terraphim-entry" }, (args) => ({ contents: ENTRIES[args.path], loader: "js", resolveDir: nm }));
  },
};

await esbuild.build({
  entryPoints: Object.fromEntries(Object.keys(ENTRIES).map((k) => [k, `terraphim-entry:${k}`])),
  bundle: true,
  outdir: tmp,
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  platform: "node",
  target: "node20",
  // esbuild finds its own binary next to itself; cbor-x is loaded only under Bun.
  external: ["esbuild", "cbor-x"],
  // Where the bundle lies, for the modules that find files next to themselves.
  banner: { js: `const __terraphimBundleUrl = require("node:url").pathToFileURL(__filename).href;` },
  plugins: [entries, lazyEsbuild, plugin],
  logLevel: "warning",
});

// The bridge code the sidecar snapshots, as the bundled secure-exec builds it. The paths inside
// the bundle are relative and tmp sits next to out, so importing from tmp resolves the same files.
// Load the bundle the way the driver does, keep V8's code cache of it (the driver hands it back
// to V8, which checks it against the source and its own version and flags and ignores it on any
// mismatch), and extract the bridge code. The paths inside the bundle are relative to out, and
// tmp sits next to out, so loading from tmp resolves the same files.
const bundleFile = path.join(tmp, "secure-exec.cjs");
const script = new vm.Script(Module.wrap(fs.readFileSync(bundleFile, "utf8")), {
  filename: bundleFile,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
const bundledModule = { exports: {} };
script.runInThisContext()(bundledModule.exports, createRequire(bundleFile), bundledModule, bundleFile, tmp);
const bundled = bundledModule.exports;
fs.writeFileSync(path.join(tmp, "bridge.js"), bundled.__terraphimBridgeCode());
fs.writeFileSync(path.join(tmp, "secure-exec.cjs.cache"), script.createCachedData());

fs.writeFileSync(path.join(tmp, "version"), `${BUNDLE_FORMAT}\n`);
fs.rmSync(out, { recursive: true, force: true });
fs.renameSync(tmp, out);
console.error(`bundle: ${names.length} polyfills and secure-exec.cjs in ${out}`);
process.exit(0);
