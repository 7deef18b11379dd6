#!/usr/bin/env -S npx tsx
// Send EDI interchanges to a trading partner over AS2 (RFC 4130) via the
// partner's AS2 endpoint on the partner VPN.
//
//   npx tsx edi/as2-send.ts --partner initech outbound/initech/INVOIC_4711.edi
//   npx tsx edi/as2-send.ts --partner initech outbound/initech/*.edi --live
//
// Without --live the message is built and signed (S/MIME via `openssl smime`
// with our key from config/as2/ours.key) and written to build/as2/ for
// inspection, but not sent.  With --live it is POSTed to the partner URL from
// config/as2/<partner>.json – which must be an https URL on *.internal – and
// the synchronous MDN is verified against the partner certificate.  Sent
// files are moved to archive/<partner>/as2/ only after a positive MDN.
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

interface PartnerConfig {
  as2Id: string;
  url: string;
  certificate: string;
  ourAs2Id: string;
  signAlgorithm: "sha256" | "sha384";
  contentType: string;
}

const ROOT = path.resolve(__dirname, "..");
const OUR_KEY = path.join(ROOT, "config", "as2", "ours.key");
const OUR_CERT = path.join(ROOT, "config", "as2", "ours.crt");

function args() {
  const a = process.argv.slice(2);
  const partner = a.includes("--partner") ? a[a.indexOf("--partner") + 1] : undefined;
  const files = a.filter((x, i) => !x.startsWith("--") && a[i - 1] !== "--partner");
  if (!partner || !/^[a-z0-9_-]+$/.test(partner)) throw new Error("--partner <name> is required");
  if (!files.length) throw new Error("no files to send");
  return { partner, files: files.map((f) => path.resolve(f)), live: a.includes("--live") };
}

function loadPartner(name: string): PartnerConfig {
  const file = path.join(ROOT, "config", "as2", `${name}.json`);
  const cfg = JSON.parse(readFileSync(file, "utf8")) as PartnerConfig;
  const url = new URL(cfg.url);
  if (url.protocol !== "https:" || !url.hostname.endsWith(".internal")) {
    throw new Error(`AS2 URL for ${name} must be https on the partner VPN (*.internal), got ${cfg.url}`);
  }
  for (const f of [cfg.certificate, OUR_KEY, OUR_CERT]) {
    const p = path.resolve(ROOT, f);
    if (!existsSync(p)) throw new Error(`missing ${path.relative(ROOT, p)}`);
  }
  return cfg;
}

function mic(payload: Buffer, algo: string): string {
  return `${createHash(algo).update(payload).digest("base64")}, ${algo}`;
}

async function sign(payload: Buffer, cfg: PartnerConfig, work: string): Promise<Buffer> {
  const inFile = path.join(work, "payload.edi");
  const mimeFile = path.join(work, "payload.mime");
  const outFile = path.join(work, "signed.p7m");
  await writeFile(inFile, payload);
  const mime = `Content-Type: ${cfg.contentType}\r\nContent-Transfer-Encoding: binary\r\n\r\n`;
  await writeFile(mimeFile, Buffer.concat([Buffer.from(mime), payload]));
  execFileSync("openssl", [
    "smime", "-sign", "-binary", "-nodetach",
    "-md", cfg.signAlgorithm,
    "-signer", OUR_CERT, "-inkey", OUR_KEY,
    "-in", mimeFile, "-out", outFile, "-outform", "SMIME",
  ]);
  return readFile(outFile);
}

async function verifyMdn(body: Buffer, cfg: PartnerConfig, work: string): Promise<{ ok: boolean; disposition: string; mic?: string }> {
  const mdnFile = path.join(work, "mdn.smime");
  await writeFile(mdnFile, body);
  let text: string;
  try {
    text = execFileSync("openssl", ["smime", "-verify", "-in", mdnFile, "-certfile", path.resolve(ROOT, cfg.certificate), "-noverify"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch {
    return { ok: false, disposition: "MDN signature invalid" };
  }
  const disposition = /Disposition:\s*([^\r\n]+)/i.exec(text)?.[1] ?? "unknown";
  const receivedMic = /Received-Content-MIC:\s*([^\r\n]+)/i.exec(text)?.[1];
  return { ok: /processed\s*$/i.test(disposition.trim()) || /processed;?\s*$/i.test(disposition.split(";").pop() ?? ""), disposition, mic: receivedMic };
}

async function sendOne(file: string, partner: string, cfg: PartnerConfig, live: boolean): Promise<boolean> {
  const payload = await readFile(file);
  const expectedMic = mic(payload, cfg.signAlgorithm);
  const work = await mkdtemp(path.join(tmpdir(), "as2-"));
  try {
    const signed = await sign(payload, cfg, work);
    const messageId = `<${randomUUID()}@${cfg.ourAs2Id}>`;
    if (!live) {
      const outDir = path.join(ROOT, "build", "as2", partner);
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, `${path.basename(file)}.p7m`), signed);
      console.log(`[as2] dry run: ${path.basename(file)} signed (${signed.length} bytes), MIC ${expectedMic}`);
      return true;
    }
    const res = await fetch(cfg.url, {
      method: "POST",
      headers: {
        "AS2-Version": "1.2",
        "AS2-From": cfg.ourAs2Id,
        "AS2-To": cfg.as2Id,
        "Message-ID": messageId,
        Subject: `EDI ${path.basename(file)}`,
        "Disposition-Notification-To": cfg.ourAs2Id,
        "Disposition-Notification-Options": `signed-receipt-protocol=optional, pkcs7-signature; signed-receipt-micalg=optional, ${cfg.signAlgorithm}`,
        "Content-Type": 'application/pkcs7-mime; smime-type=signed-data; name="smime.p7m"',
      },
      body: signed,
    });
    const mdn = Buffer.from(await res.arrayBuffer());
    if (!res.ok) {
      console.error(`[as2] ${path.basename(file)}: HTTP ${res.status}`);
      return false;
    }
    const result = await verifyMdn(mdn, cfg, work);
    const micOk = result.mic?.replace(/\s+/g, "") === expectedMic.replace(/\s+/g, "");
    console.log(`[as2] ${path.basename(file)}: ${result.disposition}${micOk ? "" : " (MIC mismatch!)"}`);
    if (!result.ok || !micOk) return false;
    const archive = path.join(ROOT, "archive", partner, "as2");
    await mkdir(archive, { recursive: true });
    await writeFile(path.join(archive, `${path.basename(file)}.mdn`), mdn);
    await rename(file, path.join(archive, path.basename(file)));
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// certificates close to expiry break AS2 silently on the partner side
function certificateDaysLeft(file: string): number | null {
  try {
    const out = execFileSync("openssl", ["x509", "-in", file, "-noout", "-enddate"], { encoding: "utf8" });
    const date = out.split("=")[1]?.trim();
    return date ? Math.floor((Date.parse(date) - Date.now()) / 86_400_000) : null;
  } catch {
    return null;
  }
}

function checkCertificates(cfg: PartnerConfig): void {
  for (const [label, file] of [
    ["our certificate", OUR_CERT],
    ["partner certificate", path.resolve(ROOT, cfg.certificate)],
  ] as const) {
    const days = certificateDaysLeft(file);
    if (days === null) console.error(`[as2] could not read ${label}`);
    else if (days < 30) console.error(`[as2] ⚠ ${label} expires in ${days} day(s)`);
  }
}

async function main(): Promise<number> {
  const o = args();
  const cfg = loadPartner(o.partner);
  checkCertificates(cfg);
  let failed = 0;
  for (const f of o.files) {
    if (!f.startsWith(path.join(ROOT, "outbound", o.partner) + path.sep)) {
      console.error(`[as2] ${f} is not in outbound/${o.partner}/; skipped`);
      failed++;
      continue;
    }
    if (!(await sendOne(f, o.partner, cfg, o.live))) failed++;
  }
  console.log(`[as2] ${o.files.length - failed} ok, ${failed} failed${o.live ? "" : " (dry run, use --live to send)"}`);
  return failed ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[as2] ${e.message}`);
    process.exit(1);
  },
);
