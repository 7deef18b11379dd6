#!/usr/bin/env node
// devbox.js — personal LXC development containers on the lab Proxmox cluster.
//
//   node tools/devbox.js list
//   node tools/devbox.js create --apply            # new container from the devbox template
//   node tools/devbox.js destroy 4312 --apply      # only your own devbox containers
//
// Talks to the PVE API with the token in .env (PVE_URL must be *.internal,
// PVE_TOKEN_ID / PVE_TOKEN_SECRET). The token's role allows VM.Allocate only
// in the /pool/devboxes pool. This script adds its own guard rails on top:
//
//   * new containers get a VMID from 4300-4399, the pool "devboxes" and the
//     tags "devbox;owner-<you>";
//   * destroy refuses any VMID outside 4300-4399, any container not in the
//     devboxes pool, and any container whose owner tag is not yours;
//   * everything that changes state needs --apply, otherwise it prints the
//     request it would send.

"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const https = require("node:https");

const ROOT = path.resolve(__dirname, "..");
const RANGE = { min: 4300, max: 4399 };
const POOL = "devboxes";
const TEMPLATE = "local:vztmpl/debian-12-devbox_2024.05_amd64.tar.zst";

function readEnv() {
  const file = path.join(ROOT, ".env");
  const env = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, "utf-8").split(/\r?\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      if (m) env[m[1]] = m[2].trim().replace(/^"|"$/g, "");
    }
  }
  return { ...env, ...process.env };
}

function settings() {
  const env = readEnv();
  const url = new URL(env.PVE_URL || "");
  if (!url.hostname.endsWith(".internal")) throw new Error(`PVE_URL ${url.hostname} is not an internal host`);
  if (!env.PVE_TOKEN_ID || !env.PVE_TOKEN_SECRET) throw new Error("PVE_TOKEN_ID / PVE_TOKEN_SECRET missing");
  const ca = env.PVE_CA ? fs.readFileSync(path.resolve(ROOT, env.PVE_CA)) : undefined;
  return {
    url,
    auth: "PVEAPIToken=" + env.PVE_TOKEN_ID + "=" + env.PVE_TOKEN_SECRET,
    agent: new https.Agent({ ca, keepAlive: true }),
    node: env.PVE_NODE || "pve3",
    owner: (env.DEVBOX_OWNER || os.userInfo().username).toLowerCase().replace(/[^a-z0-9-]/g, ""),
    sshKeyFile: env.DEVBOX_SSH_PUBKEY || path.join(os.homedir(), ".ssh", "id_ed25519.pub"),
  };
}

function api(cfg, method, route, form) {
  const body = form ? new URLSearchParams(form).toString() : null;
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(`/api2/json${route}`, cfg.url),
      {
        method,
        agent: cfg.agent,
        headers: {
          Authorization: cfg.auth,
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) } : {}),
        },
        timeout: 30000,
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          if (res.statusCode >= 400) return reject(new Error(`PVE ${method} ${route} -> ${res.statusCode}: ${text.slice(0, 200)}`));
          resolve(JSON.parse(text || "{}").data);
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

async function waitTask(cfg, upid) {
  for (let i = 0; i < 120; i += 1) {
    const status = await api(cfg, "GET", `/nodes/${cfg.node}/tasks/${encodeURIComponent(upid)}/status`);
    if (status.status === "stopped") {
      if (status.exitstatus !== "OK") throw new Error(`task failed: ${status.exitstatus}`);
      return;
    }
    await new Promise((done) => setTimeout(done, 2000));
  }
  throw new Error("task did not finish in 4 minutes");
}

async function devboxes(cfg) {
  const all = await api(cfg, "GET", "/cluster/resources?type=vm");
  return all.filter((g) => g.type === "lxc" && g.vmid >= RANGE.min && g.vmid <= RANGE.max && g.pool === POOL);
}

function ownerOf(guest) {
  const tag = (guest.tags || "").split(/[;,]/).find((t) => t.startsWith("owner-"));
  return tag ? tag.slice("owner-".length) : null;
}

async function list(cfg) {
  const boxes = await devboxes(cfg);
  if (!boxes.length) return console.log("no devboxes");
  for (const b of boxes.sort((a, z) => a.vmid - z.vmid)) {
    const mine = ownerOf(b) === cfg.owner ? "*" : " ";
    console.log(`${mine} ${b.vmid}  ${String(b.name).padEnd(22)} ${b.status.padEnd(8)} owner=${ownerOf(b) ?? "?"} node=${b.node}`);
  }
}

async function freeVmid(cfg) {
  const used = new Set((await api(cfg, "GET", "/cluster/resources?type=vm")).map((g) => g.vmid));
  for (let id = RANGE.min; id <= RANGE.max; id += 1) if (!used.has(id)) return id;
  throw new Error("devbox VMID range is full");
}

async function create(cfg, apply) {
  const vmid = await freeVmid(cfg);
  const sshKey = fs.readFileSync(cfg.sshKeyFile, "utf8").trim();
  const form = {
    vmid: String(vmid),
    ostemplate: TEMPLATE,
    hostname: `devbox-${cfg.owner}-${vmid}`,
    pool: POOL,
    tags: `devbox;owner-${cfg.owner}`,
    cores: "4",
    memory: "8192",
    rootfs: "local-zfs:32",
    net0: "name=eth0,bridge=vmbr2,ip=dhcp",
    unprivileged: "1",
    features: "nesting=1",
    "ssh-public-keys": sshKey,
    start: "1",
  };
  if (!apply) {
    console.log(`would POST /nodes/${cfg.node}/lxc with`, { ...form, "ssh-public-keys": `${sshKey.slice(0, 24)}…` });
    return;
  }
  const upid = await api(cfg, "POST", `/nodes/${cfg.node}/lxc`, form);
  await waitTask(cfg, upid);
  console.log(`created devbox ${vmid} (devbox-${cfg.owner}-${vmid})`);
}

async function destroy(cfg, vmid, apply) {
  if (!Number.isInteger(vmid) || vmid < RANGE.min || vmid > RANGE.max) throw new Error(`${vmid} is outside the devbox range`);
  const box = (await devboxes(cfg)).find((b) => b.vmid === vmid);
  if (!box) throw new Error(`${vmid} is not a devbox in pool ${POOL}`);
  if (ownerOf(box) !== cfg.owner) throw new Error(`${vmid} belongs to ${ownerOf(box) ?? "nobody"}, not ${cfg.owner}`);
  if (!apply) {
    console.log(`would stop and DELETE /nodes/${box.node}/lxc/${vmid}`);
    return;
  }
  if (box.status === "running") await waitTask(cfg, await api(cfg, "POST", `/nodes/${box.node}/lxc/${vmid}/status/stop`));
  await waitTask(cfg, await api(cfg, "DELETE", `/nodes/${box.node}/lxc/${vmid}?purge=1`));
  console.log(`destroyed devbox ${vmid}`);
}

async function main() {
  const [cmd, arg] = process.argv.slice(2);
  const apply = process.argv.includes("--apply");
  const cfg = settings();
  if (cmd === "list" || !cmd) return list(cfg);
  if (cmd === "create") return create(cfg, apply);
  if (cmd === "destroy") return destroy(cfg, Number(arg), apply);
  throw new Error("usage: devbox.js list | create [--apply] | destroy VMID [--apply]");
}

main().catch((err) => {
  console.error(`devbox: ${err.message}`);
  process.exitCode = 1;
});
