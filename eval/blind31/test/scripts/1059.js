#!/usr/bin/env node
// repack-debug-apk.js — produce an instrumentable copy of our *release* APK
// for the network-security tests: decode it with apktool, switch on
// android:debuggable and a network security config that trusts the test CA,
// rebuild, zipalign and sign it with the debug keystore.
//
//   node tools/repack-debug-apk.js dist/companion-2.4.0.apk
//   node tools/repack-debug-apk.js dist/companion-2.4.0.apk --install   # adb install -r to the emulator
//
// The output goes to build/repacked/<name>-instrumented.apk. It is signed
// with the Android debug keystore (~/.android/debug.keystore, the well-known
// "android" password that Android Studio creates), never with the release
// key, so it cannot be mistaken for or uploaded as a real release.
//
// A notes file next to the output (<name>-instrumented.apk.txt) records the
// input signer and what was changed in the manifest. --install only ever
// targets an emulator (emulator-NNNN), never a physical device.

"use strict";

const { execFileSync, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "build", "repacked");
const TEST_CA = path.join(ROOT, "test", "certs", "mitm-test-ca.pem");
const DEBUG_KEYSTORE = process.env.DEBUG_KEYSTORE || path.join(os.homedir(), ".android", "debug.keystore");
const DEBUG_STOREPASS = "android";
const DEBUG_ALIAS = "androiddebugkey";

const NSC = `<?xml version="1.0" encoding="utf-8"?>
<network-security-config>
  <debug-overrides>
    <trust-anchors>
      <certificates src="@raw/mitm_test_ca" />
      <certificates src="system" />
    </trust-anchors>
  </debug-overrides>
</network-security-config>
`;

function log(msg) {
  console.log(`[repack] ${msg}`);
}

function tool(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...opts });
  if (res.error && res.error.code === "ENOENT") throw new Error(`${cmd} not found on PATH`);
  if (res.status !== 0) throw new Error(`${cmd} ${args[0]} failed:\n${(res.stderr || res.stdout).slice(-1500)}`);
  return res.stdout;
}

function buildTools() {
  const sdk = process.env.ANDROID_HOME || process.env.ANDROID_SDK_ROOT;
  if (!sdk) throw new Error("ANDROID_HOME is not set");
  const dir = path.join(sdk, "build-tools");
  const versions = fs.readdirSync(dir).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  if (!versions.length) throw new Error("no Android build-tools installed");
  const latest = path.join(dir, versions[versions.length - 1]);
  return { zipalign: path.join(latest, "zipalign"), apksigner: path.join(latest, "apksigner") };
}

function patchManifest(decoded) {
  const file = path.join(decoded, "AndroidManifest.xml");
  let xml = fs.readFileSync(file, "utf8");
  xml = xml.replace(/\sandroid:debuggable="[^"]*"/, "");
  xml = xml.replace(/\sandroid:networkSecurityConfig="[^"]*"/, "");
  xml = xml.replace(
    /<application\b/,
    '<application android:debuggable="true" android:networkSecurityConfig="@xml/network_security_config"',
  );
  fs.writeFileSync(file, xml);
}

function addTestCa(decoded) {
  if (!fs.existsSync(TEST_CA)) throw new Error(`test CA missing: ${path.relative(ROOT, TEST_CA)}`);
  const raw = path.join(decoded, "res", "raw");
  const xmlDir = path.join(decoded, "res", "xml");
  fs.mkdirSync(raw, { recursive: true });
  fs.mkdirSync(xmlDir, { recursive: true });
  fs.copyFileSync(TEST_CA, path.join(raw, "mitm_test_ca.pem"));
  fs.writeFileSync(path.join(xmlDir, "network_security_config.xml"), NSC);
}

function ensureDebugKeystore() {
  if (fs.existsSync(DEBUG_KEYSTORE)) return;
  log("creating the standard Android debug keystore");
  fs.mkdirSync(path.dirname(DEBUG_KEYSTORE), { recursive: true });
  tool("keytool", [
    "-genkeypair", "-v", "-keystore", DEBUG_KEYSTORE, "-storepass", DEBUG_STOREPASS, "-alias", DEBUG_ALIAS,
    "-keypass", DEBUG_STOREPASS, "-keyalg", "RSA", "-keysize", "2048", "-validity", "10000",
    "-dname", "CN=Android Debug,O=Android,C=US",
  ]);
}

function manifestFacts(decoded) {
  // a few facts for the log, so reviewers can see what was changed
  const xml = fs.readFileSync(path.join(decoded, "AndroidManifest.xml"), "utf8");
  return {
    package: (xml.match(/package="([^"]+)"/) || [])[1] ?? "?",
    versionName: (xml.match(/android:versionName="([^"]+)"/) || [])[1] ?? "?",
    debuggable: /android:debuggable="true"/.test(xml),
    nsc: /android:networkSecurityConfig=/.test(xml),
  };
}

function refuseReleaseSigned(apk, apksigner) {
  // make sure we never overwrite an input that is itself the repacked output
  if (apk.startsWith(OUT + path.sep)) throw new Error("input is already a repacked APK");
  const certs = spawnSync(apksigner, ["verify", "--print-certs", apk], { encoding: "utf8" });
  const dn = (certs.stdout.match(/certificate DN: (.*)/) || [])[1] ?? "";
  if (/Android Debug/.test(dn)) log("input is debug-signed already; repacking anyway");
  return dn;
}

function writeNotes(target, before, after, inputDn) {
  const notes = [
    `input signer: ${inputDn || "?"}`,
    `package: ${after.package} ${after.versionName}`,
    `debuggable: ${before.debuggable} -> ${after.debuggable}`,
    `networkSecurityConfig: ${before.nsc} -> ${after.nsc}`,
    "signed with: Android debug keystore (not for distribution)",
  ];
  fs.writeFileSync(`${target}.txt`, notes.join("\n") + "\n");
}

function main() {
  const [apkArg, ...rest] = process.argv.slice(2);
  if (!apkArg) throw new Error("usage: repack-debug-apk.js APK [--install]");
  const apk = path.resolve(apkArg);
  if (!fs.existsSync(apk)) throw new Error(`${apkArg} not found`);
  const install = rest.includes("--install");
  const { zipalign, apksigner } = buildTools();

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "repack-"));
  try {
    const decoded = path.join(work, "decoded");
    log(`decoding ${path.basename(apk)}`);
    tool("apktool", ["d", "-f", "-o", decoded, apk]);
    const inputDn = refuseReleaseSigned(apk, apksigner);
    const before = manifestFacts(decoded);
    patchManifest(decoded);
    addTestCa(decoded);
    const after = manifestFacts(decoded);
    const unsigned = path.join(work, "unsigned.apk");
    log("rebuilding");
    tool("apktool", ["b", "-o", unsigned, decoded]);
    const aligned = path.join(work, "aligned.apk");
    tool(zipalign, ["-f", "-p", "4", unsigned, aligned]);
    ensureDebugKeystore();
    fs.mkdirSync(OUT, { recursive: true });
    const target = path.join(OUT, `${path.basename(apk, ".apk")}-instrumented.apk`);
    tool(apksigner, [
      "sign", "--ks", DEBUG_KEYSTORE, "--ks-pass", `pass:${DEBUG_STOREPASS}`, "--ks-key-alias", DEBUG_ALIAS,
      "--out", target, aligned,
    ]);
    const verify = tool(apksigner, ["verify", "--print-certs", target]);
    const subject = (verify.match(/certificate DN: (.*)/) || [])[1] || "?";
    log(`signed ${path.relative(ROOT, target)} (${subject})`);
    writeNotes(target, before, after, inputDn);
    if (install) {
      const devices = execFileSync("adb", ["devices"], { encoding: "utf8" });
      const emu = devices.split("\n").map((l) => l.split("\t")[0]).find((id) => /^emulator-\d+$/.test(id));
      if (!emu) throw new Error("--install needs a running emulator (physical devices are not used)");
      tool("adb", ["-s", emu, "install", "-r", "-t", target]);
      log(`installed on ${emu}`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

try {
  main();
} catch (err) {
  console.error(`repack-debug-apk: ${err.message}`);
  process.exitCode = 1;
}
