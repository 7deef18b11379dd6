#!/usr/bin/env -S npx tsx
/**
 * install-kiosk-local.ts — make this laptop behave like a lobby screen for a
 * demo: copy the kiosk session files into the user's and system config.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

const SOURCE = "build/kiosk/lobby-1";
const COPIES: Array<[string, string]> = [
  [join(SOURCE, "chromium-flags.conf"), "/etc/chromium.d/99-kiosk"],
  [join(SOURCE, "xsession.sh"), join(homedir(), ".xsession")],
  [join(SOURCE, "kiosk.service"), "/etc/systemd/system/kiosk-demo.service"],
];

for (const [from, to] of COPIES) {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  console.log(`${from} -> ${to}`);
}
console.log("log out and pick the default X session to see the kiosk");
