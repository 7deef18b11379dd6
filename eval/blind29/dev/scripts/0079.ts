#!/usr/bin/env -S npx tsx
// Debug: why does the Odoo XML-RPC login fail in CI? Print what we send.
import { readFileSync } from "node:fs";

const conf = readFileSync("odoo.conf", "utf8");
const get = (k: string) => (new RegExp(`^${k}\\s*=\\s*(.*)$`, "m").exec(conf) ?? [])[1]?.trim();

const settings = {
  url: process.env.ODOO_URL ?? "http://localhost:8069",
  db: process.env.ODOO_DB ?? "dev_erp",
  user: process.env.ODOO_USER ?? "admin",
  password: process.env.ODOO_PASSWORD,
  admin_passwd: get("admin_passwd"),
  db_password: get("db_password"),
  smtp_password: get("smtp_password"),
};

console.log("login settings:");
for (const [k, v] of Object.entries(settings)) {
  console.log(`  ${k.padEnd(14)} ${v}`);
}
console.log("odoo.conf master password and DB password shown above for comparison with CI secrets");
