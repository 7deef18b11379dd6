// tools/dev-tls.ts - local TLS material for the dev stack without mkcert:
// an EC P-256 CA and leaf certificates, generated with node:crypto for keys
// and `openssl x509`/`openssl req` (fixed argv) for signing. Output goes to
// ./.certs (git-ignored). Nothing is added to any OS or browser trust store;
// the compose file mounts .certs/ca.pem as NODE_EXTRA_CA_CERTS instead.
//
//   npx tsx tools/dev-tls.ts ca
//   npx tsx tools/dev-tls.ts leaf api.localhost web.localhost
//   npx tsx tools/dev-tls.ts list
//   npx tsx tools/dev-tls.ts clean
import { execFileSync } from "node:child_process";
import { generateKeyPairSync, X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DIR = join(process.cwd(), ".certs");
const CA_KEY = join(DIR, "ca.key");
const CA_PEM = join(DIR, "ca.pem");
const NAME_RE = /^(localhost|([a-z0-9-]+\.)*[a-z0-9-]+\.(localhost|internal|test))$/;
const IP_RE = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$|^::1$/;

function openssl(args: string[]): string {
  return execFileSync("openssl", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function writeKey(path: string): void {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  writeFileSync(path, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  chmodSync(path, 0o600);
}

function ensureDir(): void {
  mkdirSync(DIR, { recursive: true, mode: 0o700 });
}

function createCa(days = 825): void {
  ensureDir();
  if (existsSync(CA_PEM)) {
    console.log("CA exists; use `clean` to start over");
    return;
  }
  writeKey(CA_KEY);
  openssl([
    "req", "-x509", "-new", "-key", CA_KEY, "-sha256", "-days", String(days),
    "-subj", "/CN=ledger local dev CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE,pathlen:0",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
    "-out", CA_PEM,
  ]);
  const ca = new X509Certificate(readFileSync(CA_PEM));
  console.log(`CA created, sha256 ${ca.fingerprint256}`);
}

function validateNames(names: string[]): string[] {
  if (!names.length) throw new Error("give at least one name, e.g. api.localhost");
  return names.map((n) => {
    const name = n.toLowerCase();
    if (IP_RE.test(name)) return `IP:${name}`;
    if (!NAME_RE.test(name)) throw new Error(`${n}: only localhost, *.localhost, *.internal, *.test or loopback IPs`);
    return `DNS:${name}`;
  });
}

function issue(names: string[], days = 90): void {
  if (!existsSync(CA_PEM)) throw new Error("no CA yet: run `dev-tls.ts ca`");
  const sans = validateNames(names);
  const base = join(DIR, names[0].replace(/[^a-z0-9.-]/gi, "_"));
  const work = mkdtempSync(join(tmpdir(), "dev-tls-"));
  try {
    writeKey(`${base}.key`);
    const ext = join(work, "ext.cnf");
    writeFileSync(
      ext,
      ["basicConstraints=CA:FALSE", "keyUsage=critical,digitalSignature", "extendedKeyUsage=serverAuth", `subjectAltName=${sans.join(",")}`, ""].join("\n"),
    );
    const csr = join(work, "req.csr");
    openssl(["req", "-new", "-key", `${base}.key`, "-subj", `/CN=${names[0]}`, "-out", csr]);
    openssl([
      "x509", "-req", "-in", csr, "-CA", CA_PEM, "-CAkey", CA_KEY, "-CAcreateserial",
      "-days", String(days), "-sha256", "-extfile", ext, "-out", `${base}.pem`,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(`${base}.chain.pem`, readFileSync(`${base}.pem`, "utf8") + readFileSync(CA_PEM, "utf8"));
  const leaf = new X509Certificate(readFileSync(`${base}.pem`));
  const ca = new X509Certificate(readFileSync(CA_PEM));
  if (!leaf.verify(ca.publicKey)) throw new Error("issued certificate does not verify against the CA");
  console.log(`issued ${base}.pem for ${sans.join(", ")} (valid to ${leaf.validTo})`);
}

function list(): void {
  if (!existsSync(DIR)) {
    console.log("no .certs directory");
    return;
  }
  for (const f of readdirSync(DIR).filter((x) => x.endsWith(".pem") && !x.endsWith(".chain.pem")).sort()) {
    const cert = new X509Certificate(readFileSync(join(DIR, f)));
    const days = Math.floor((new Date(cert.validTo).getTime() - Date.now()) / 86_400_000);
    console.log(`${f.padEnd(32)} ${String(days).padStart(5)} days  ${cert.subjectAltName ?? cert.subject.replace(/\n/g, " ")}`);
  }
}

function clean(): void {
  rmSync(DIR, { recursive: true, force: true });
  console.log("removed .certs");
}

function composeSnippet(): void {
  // paths for docker-compose.override.yml; no key material is printed
  const leaves = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith(".chain.pem")) : [];
  console.log("services:");
  console.log("  api:");
  console.log("    environment:");
  console.log("      NODE_EXTRA_CA_CERTS: /certs/ca.pem");
  if (leaves[0]) {
    const base = leaves[0].replace(/\.chain\.pem$/, "");
    console.log(`      TLS_CERT_FILE: /certs/${base}.chain.pem`);
    console.log(`      TLS_KEY_FILE: /certs/${base}.key`);
  }
  console.log("    volumes:");
  console.log("      - ./.certs:/certs:ro");
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2);
  switch (cmd) {
    case "ca":
      createCa();
      break;
    case "leaf":
      issue(rest);
      break;
    case "list":
      list();
      break;
    case "clean":
      clean();
      break;
    case "compose":
      composeSnippet();
      break;
    default:
      console.log("usage: dev-tls.ts ca | leaf <name...> | list | clean");
      process.exitCode = 2;
  }
}

try {
  main();
} catch (e) {
  console.error(`dev-tls: ${(e as Error).message}`);
  process.exit(1);
}
