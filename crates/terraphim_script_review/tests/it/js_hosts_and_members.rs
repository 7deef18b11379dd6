//! JavaScript and TypeScript: local URLs whose port is known only at run time, URLs checked to
//! be on this machine by their `hostname`, and members taken out of an object the script built
//! (issue 17). Each lowering has its dangerous twin beside it.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A helper probing URLs given `base + svc.health` for each service of a list, `base` being
/// `http://127.0.0.1:${port}` with a port found at run time: every URL it is given is on this
/// machine, though their port is unknown. A list whose services name another host beside
/// loopback sends requests there.
#[test]
fn urls_on_this_machine_with_a_port_known_at_run_time() {
    let probe = |services: &str, base: &str| {
        format!(
            "const http = require('http');\nconst net = require('net');\nconst SERVICES = {services};\nfunction freePort() {{\n  return new Promise((resolve) => {{\n    const srv = net.createServer();\n    srv.listen(0, '127.0.0.1', () => {{\n      const {{ port }} = srv.address();\n      srv.close(() => resolve(port));\n    }});\n  }});\n}}\nfunction probe(url) {{\n  return new Promise((resolve) => {{\n    const req = http.get(url, {{ timeout: 2000 }}, (res) => {{\n      res.resume();\n      resolve(res.statusCode < 500);\n    }});\n    req.on('error', () => resolve(false));\n  }});\n}}\nasync function waitHealthy(name, url) {{\n  while (!(await probe(url))) await new Promise((r) => setTimeout(r, 300));\n  console.log(`${{name}} is up`);\n}}\nasync function up() {{\n  for (const svc of SERVICES) {{\n    const port = await freePort();\n    const url = {base};\n    await waitHealthy(svc.name, url + svc.health);\n  }}\n}}\nup();\n"
        )
    };
    let local = "[{ name: 'api', health: '/__health' }, { name: 'web', health: '/' }]";
    let mixed = "[{ name: 'api', host: '127.0.0.1', health: '/__health' }, { name: 'web', host: 'collect.example.net', health: '/' }]";
    rows(&[
        (Js, probe(local, "`http://127.0.0.1:${port}`"), Clean, ""),
        (Js, probe(local, "`http://localhost:${port}`"), Clean, ""),
        // Twin: one service of the list on another host.
        (
            Js,
            probe(mixed, "`http://${svc.host}:${port}`"),
            Suspicious,
            "network",
        ),
        // Twin: a host nobody knows before the port.
        (
            Js,
            probe(local, "`http://${process.argv[2]}:${port}`"),
            Suspicious,
            "network",
        ),
    ]);
}

/// `new URL(value)` checked by its `hostname` against a literal list of this machine's names,
/// leaving otherwise: the URL itself (`url.toString()`, `url.href`) points at this machine. A
/// list naming another host, a check that does not leave, or a check of another URL says
/// nothing about it.
#[test]
fn a_url_checked_by_its_hostname_is_on_this_machine() {
    let webhook = |list: &str, leave: &str, checked: &str| {
        format!(
            "import {{ createHmac }} from 'node:crypto';\nfunction target(): string {{\n  const url = new URL(process.argv[2]);\n  const other = new URL(process.argv[3]);\n  if (!{list}.includes({checked}.hostname)) {{\n    {leave}\n  }}\n  return url.toString();\n}}\nasync function main(): Promise<void> {{\n  const body = JSON.stringify({{ type: 'invoice.paid' }});\n  const sig = createHmac('sha256', 'whsec_test').update(body).digest('hex');\n  const res = await fetch(target(), {{ method: 'POST', body, headers: {{ 'stripe-signature': sig }} }});\n  console.log(res.status);\n}}\nmain();\n"
        )
    };
    let local = "['localhost', '127.0.0.1']";
    let leave = "throw new Error('the webhook URL must be local');";
    rows(&[
        (Ts, webhook(local, leave, "url"), Clean, ""),
        (Ts, webhook(local, "process.exit(2);", "url"), Clean, ""),
        // Twins: another host in the list, a check that goes on, another URL checked.
        (
            Ts,
            webhook("['localhost', 'hooks.example.net']", leave, "url"),
            Suspicious,
            "network",
        ),
        (
            Ts,
            webhook(local, "console.warn('not local');", "url"),
            Suspicious,
            "network",
        ),
        (Ts, webhook(local, leave, "other"), Suspicious, "network"),
    ]);
}

/// `const { client, host } = connect()` of an object literal the helper returned: each name is
/// the member it takes, not what the other members hold (a connection URL read from `.env`
/// whose path is printed elsewhere). A member that holds the secret, and a member of an object
/// with data spread in that the review cannot see (which may replace it), keep it.
#[test]
fn members_destructured_from_an_object_the_script_built() {
    let redis = |returned: &str, shown: &str| {
        format!(
            "const fs = require('node:fs');\nconst Redis = require('ioredis');\nfunction envLocal() {{\n  const env = {{}};\n  for (const line of fs.readFileSync('.env.local', 'utf8').split('\\n')) {{\n    const i = line.indexOf('=');\n    if (i > 0) env[line.slice(0, i).trim()] = line.slice(i + 1).trim();\n  }}\n  return env;\n}}\nfunction connect() {{\n  const url = process.env.REDIS_URL || envLocal().REDIS_URL || 'redis://localhost:6379/0';\n  const u = new URL(url);\n  if (!['localhost', '127.0.0.1'].includes(u.hostname)) process.exit(2);\n  const db = u.pathname;\n  const client = new Redis(url);\n  return {returned};\n}}\nasync function main() {{\n  const {{ client, db, host }} = connect();\n  const size = await client.dbsize();\n  console.log({shown});\n}}\nmain();\n"
        )
    };
    let own = "{ client, db, host: u.hostname }";
    rows(&[
        (Js, redis(own, "`${size} keys on ${host}`"), Clean, ""),
        // Twins: the member holding the URL's path printed; an object with the parsed .env
        // spread into it.
        (Js, redis(own, "`db ${db}`"), Dangerous, "exfiltration"),
        (
            Js,
            redis(
                "{ client, host: u.hostname, ...envLocal() }",
                "`${size} keys on ${host}`",
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            redis(
                "{ ...envLocal(), client, host: u.hostname }",
                "`${size} keys on ${host}`",
            ),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A signing key variable whose default is a key's file (`process.env.COSIGN_KEY ??
/// "cosign.key"`) names the key's file, as the tool's `--key` takes it: printing the command
/// prints a path. The same variable without such a default, or a token variable with a default
/// that is no key file, is the secret itself.
#[test]
fn a_key_variable_defaulting_to_a_key_file_names_a_file() {
    let sign = |value: &str| {
        format!(
            "import {{ execFileSync }} from 'node:child_process';\nconst image = 'registry.example.com/app@sha256:0123';\nconst args = ['sign', '--yes', '--key', {value}, image];\nconsole.log(`[plan] cosign ${{args.join(' ')}}`);\nif (process.argv.includes('--execute')) execFileSync('cosign', args, {{ stdio: 'inherit' }});\n"
        )
    };
    rows(&[
        (
            Ts,
            sign("process.env.COSIGN_KEY ?? 'cosign.key'"),
            Clean,
            "",
        ),
        // Twins: the variable alone, and a token variable whose default is no key file.
        (
            Ts,
            sign("process.env.COSIGN_KEY"),
            Dangerous,
            "exfiltration",
        ),
        (
            Ts,
            sign("process.env.COSIGN_KEY ?? 'dev-signing-secret'"),
            Dangerous,
            "exfiltration",
        ),
        (
            Ts,
            sign("process.env.NPM_TOKEN ?? 'cosign.key'"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A stand-in for the command guard's rules on removing containers and their volumes: it
/// denies `docker volume rm` and `docker rm -f` whatever they name, confines an expansion as
/// the command name, and allows the rest.
#[derive(Debug)]
struct VolumeRemovalDenied;

impl terraphim_script_review::CommandJudge for VolumeRemovalDenied {
    fn judge(
        &self,
        command: &str,
        _: &terraphim_script_review::Context,
    ) -> terraphim_script_review::CommandVerdict {
        use terraphim_script_review::{CommandTier, CommandVerdict};
        let words: Vec<&str> = command.split_whitespace().collect();
        let verdict = |tier, rule: &str| CommandVerdict {
            tier,
            reason: rule.into(),
            rule: rule.into(),
            pattern: None,
            operands: Vec::new(),
        };
        if words.first().is_some_and(|w| w.starts_with("\"$")) {
            return verdict(CommandTier::Opaque, "opaque");
        }
        if words.starts_with(&["docker", "volume", "rm"])
            || (words.starts_with(&["docker", "rm"]) && words.contains(&"-f"))
        {
            return verdict(CommandTier::Deny, "container removal");
        }
        verdict(CommandTier::Allow, "known")
    }

    fn identity(&self) -> String {
        "volume-removal-denied".into()
    }
}

/// A program started with an argument vector one of whose words is known only at run time
/// (`docker volume rm -f ${v.name}` for every volume a listing returned) goes to the command
/// guard with that word as a variable's value: what the known words do, the guard denies
/// whatever the word holds. A harmless program with the same run-time word, and a name with a
/// part the script spells (its own thing), stay clean.
#[test]
fn argv_words_known_at_run_time_reach_the_guard() {
    let volumes = |cmd: &str| {
        format!(
            "import {{ execFile }} from 'node:child_process';\nimport {{ promisify }} from 'node:util';\nconst run = promisify(execFile);\nasync function main(): Promise<void> {{\n  const {{ stdout }} = await run('docker', ['volume', 'ls', '--format', '{{{{.Name}}}}']);\n  const names = stdout.split('\\n').filter(Boolean);\n  await Promise.all(names.map((n) => run('docker', [{cmd}])));\n  console.log(`${{names.length}} volume(s)`);\n}}\nmain();\n"
        )
    };
    let ctx = terraphim_script_review::Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    let judged = |code: &str| {
        terraphim_script_review::review_source_judged(
            code,
            Ts,
            &ctx,
            &terraphim_script_review::Config::default(),
            Some(&VolumeRemovalDenied),
        )
    };
    let removed = judged(&volumes("'volume', 'rm', '-f', n"));
    assert_eq!(removed.verdict, Dangerous, "{removed:#?}");
    assert!(
        removed
            .findings
            .iter()
            .any(|f| f.rule.starts_with("guard:")),
        "{removed:#?}"
    );
    let shown = judged(&volumes("'volume', 'inspect', n"));
    assert_eq!(shown.verdict, Clean, "{shown:#?}");
    // A name with a part the script spells names a thing of its own: left to the review.
    let own = judged(&volumes("'volume', 'rm', '-f', `cache-${n}`"));
    assert_eq!(own.verdict, Clean, "{own:#?}");
}
