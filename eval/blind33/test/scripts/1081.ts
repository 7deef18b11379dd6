#!/usr/bin/env -S npx tsx
// Debug helper: show the Mender/hosted configuration the deploy scripts will use.
import { existsSync, readFileSync } from "node:fs";

function envFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  return Object.fromEntries(
    readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

const cfg = { ...envFile(".env"), ...envFile("ops/mender/.env") };

console.log("Mender server :", cfg.MENDER_SERVER ?? "https://hosted.mender.io");
console.log("Tenant token  :", cfg.MENDER_TENANT_TOKEN ?? "(unset)");
console.log("PAT           :", cfg.MENDER_TOKEN ?? "(unset)");
console.log("Signing key   :", cfg.MENDER_SIGN_KEY ?? "keys/dev-artifact.key");
if (cfg.MENDER_SIGN_KEY && existsSync(cfg.MENDER_SIGN_KEY)) {
  console.log(readFileSync(cfg.MENDER_SIGN_KEY, "utf8"));
}
