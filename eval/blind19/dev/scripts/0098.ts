// scripts/show-deploy-creds.ts - which credentials will `vercel deploy` use?
//
// Prints the tokens found in the environment and in the CLI auth files so the
// developer can see which account is active.

import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ENV_NAMES = ["VERCEL_TOKEN", "NETLIFY_AUTH_TOKEN", "CLOUDFLARE_API_TOKEN", "FLY_API_TOKEN"];
const AUTH_FILES = [
  path.join(homedir(), ".local", "share", "com.vercel.cli", "auth.json"),
  path.join(homedir(), ".config", "netlify", "config.json"),
];

for (const name of ENV_NAMES) {
  console.log(`${name}=${process.env[name] ?? "(unset)"}`);
}
for (const file of AUTH_FILES) {
  if (existsSync(file)) {
    console.log(`--- ${file}`);
    console.log(readFileSync(file, "utf8"));
  }
}
