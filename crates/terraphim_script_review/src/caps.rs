//! Capabilities: tables of rows (API -> capability) shared by the language walkers, and the
//! combination rules that turn capabilities used together into a verdict.
//!
//! A walker that meets a call it has no special handling for asks [`lookup`] with the call's
//! qualified name (`pynput.keyboard.Listener`, `k32.WriteProcessMemory`, `mss.mss`): the rows
//! say which capability the call is and how strong it counts alone. Capabilities whose meaning
//! depends on what else the script does (a downloaded file, a file made executable, a file run)
//! are recorded on the sink with [`crate::engine::Sink::cap`] and judged together by
//! [`combine`] once the whole script was walked.

use crate::engine::{Sink, Taint, Val};
use crate::model::{Category, Language, Verdict};

/// A capability a script uses whose risk depends on the others it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cap {
    /// Downloaded content written to a file (detail: the path).
    DownloadToFile,
    /// A downloaded archive unpacked (detail: where).
    DownloadExtract,
    /// A file made executable (detail: the path).
    MakeExecutable,
    /// A file started as a program (detail: the path, `…` where built at run time).
    RunFile,
    /// A program run from a relative path (`./tool`).
    RunRelative,
    /// The clipboard read.
    ClipboardRead,
    /// The clipboard written.
    ClipboardWrite,
    /// A package manifest rewritten with content built at run time.
    ManifestRewrite,
    /// A package published to a registry.
    Publish,
    /// A package published only on a branch the user's explicit opt-in reaches.
    PublishOnRequest,
    /// A manifest rewritten that does not lie in the project (detail: the path).
    ForeignManifestRewrite,
    /// A credential file read (detail: what it is).
    CredentialRead,
    /// The user's identity read (user name, uid).
    UserInfo,
    /// The machine's identity read (host name, node, interfaces).
    HostName,
    /// A file written whose path is built at run time (detail: the path as known).
    UnknownWrite,
    /// A trust anchor named in a string of the script (detail: what it is and the string).
    AnchorNamed,
}

impl Cap {
    fn step(self) -> &'static str {
        match self {
            Cap::DownloadToFile => "download to file",
            Cap::DownloadExtract => "download and unpack",
            Cap::MakeExecutable => "make executable",
            Cap::RunFile => "run file",
            Cap::RunRelative => "run local program",
            Cap::ClipboardRead => "clipboard read",
            Cap::ClipboardWrite => "clipboard write",
            Cap::ManifestRewrite => "manifest rewrite",
            Cap::Publish | Cap::PublishOnRequest => "package publish",
            Cap::ForeignManifestRewrite => "manifest rewrite",
            Cap::CredentialRead => "credential read",
            Cap::UserInfo => "user identity read",
            Cap::HostName => "host identity read",
            Cap::UnknownWrite => "write",
            Cap::AnchorNamed => "names",
        }
    }
}

/// What a row says about a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Effect {
    /// A finding on its own: category, severity, rule id, capability, why.
    Finding(Category, Verdict, &'static str, &'static str, &'static str),
    /// The call's result is decoded or hidden data (steganography, pixel data).
    Decoded,
    /// The call reads the clipboard (a secret source, and half of a hijack).
    ClipboardRead,
    /// The call writes the clipboard.
    ClipboardWrite,
    /// The call starts a file as a program (its first argument).
    RunFile,
    /// The call deserialises data in a way that can run code.
    Deserialize,
}

use Category as C;
use Verdict::{Dangerous as D, Suspicious as S};

/// One row: the last components of a qualified call name, and what the call is. A row matches
/// a name equal to it or ending in `.` + it, so `WriteProcessMemory` matches
/// `kernel32.WriteProcessMemory` and `ctypes.windll.kernel32.WriteProcessMemory`.
pub(crate) type Row = (&'static str, Effect);

const INJECT: Effect = Effect::Finding(
    C::Escape,
    D,
    "process-injection",
    "process memory write",
    "writes into or starts code in another process (process injection)",
);
const KEYLOG: Effect = Effect::Finding(
    C::SecretRead,
    D,
    "keylogging",
    "keystroke capture",
    "captures keystrokes (a keylogger reads passwords as they are typed)",
);
const SCREEN: Effect = Effect::Finding(
    C::SecretRead,
    S,
    "screen-capture",
    "screen capture",
    "captures the screen, which shows whatever the user has open",
);
const MINER: Effect = Effect::Finding(
    C::Escape,
    D,
    "cryptominer",
    "cryptominer",
    "runs a cryptocurrency miner",
);

/// Calls in Python, JavaScript and TypeScript (the shared part of the API knowledge).
pub(crate) const CALL_ROWS: &[Row] = &[
    // Process injection and memory access (ctypes / ffi / node-ffi).
    ("WriteProcessMemory", INJECT),
    ("CreateRemoteThread", INJECT),
    ("CreateRemoteThreadEx", INJECT),
    ("VirtualAllocEx", INJECT),
    ("NtWriteVirtualMemory", INJECT),
    ("QueueUserAPC", INJECT),
    ("process_vm_writev", INJECT),
    ("ptrace", INJECT),
    // Keystroke capture.
    ("pynput.keyboard.Listener", KEYLOG),
    ("keyboard.Listener", KEYLOG),
    ("keyboard.on_press", KEYLOG),
    ("keyboard.on_release", KEYLOG),
    ("keyboard.hook", KEYLOG),
    ("keyboard.record", KEYLOG),
    ("SetWindowsHookExA", KEYLOG),
    ("SetWindowsHookExW", KEYLOG),
    ("SetWindowsHookEx", KEYLOG),
    ("GetAsyncKeyState", KEYLOG),
    ("pyxhook.HookManager", KEYLOG),
    ("iohook.start", KEYLOG),
    ("uiohook.start", KEYLOG),
    // Screen capture.
    ("mss.mss", SCREEN),
    ("pyautogui.screenshot", SCREEN),
    ("ImageGrab.grab", SCREEN),
    ("pyscreenshot.grab", SCREEN),
    ("screenshot-desktop", SCREEN),
    ("desktopCapturer.getSources", SCREEN),
    // Hidden data: what comes out is decoded.
    ("lsb.reveal", Effect::Decoded),
    ("stegano.lsb.reveal", Effect::Decoded),
    ("steganography.decode", Effect::Decoded),
    ("LSBSteg.decode_text", Effect::Decoded),
    ("Image.open", Effect::Decoded),
    ("PIL.Image.open", Effect::Decoded),
    ("cv2.imread", Effect::Decoded),
    ("imageio.imread", Effect::Decoded),
    ("wave.open", Effect::Decoded),
    // The clipboard.
    ("pyperclip.copy", Effect::ClipboardWrite),
    ("clipboard.copy", Effect::ClipboardWrite),
    ("clipboardy.write", Effect::ClipboardWrite),
    ("clipboardy.writeSync", Effect::ClipboardWrite),
    ("clipboard.writeText", Effect::ClipboardWrite),
    ("pyperclip.paste", Effect::ClipboardRead),
    ("clipboardy.read", Effect::ClipboardRead),
    ("clipboardy.readSync", Effect::ClipboardRead),
    ("clipboard.readText", Effect::ClipboardRead),
    // Starting a file as a program.
    ("os.startfile", Effect::RunFile),
    // Deserialisation that runs code.
    ("pickle.load", Effect::Deserialize),
    ("pickle.Unpickler", Effect::Deserialize),
    ("cPickle.load", Effect::Deserialize),
    ("dill.load", Effect::Deserialize),
    ("joblib.load", Effect::Deserialize),
    ("torch.load", Effect::Deserialize),
    ("shelve.open", Effect::Deserialize),
    ("yaml.unsafe_load", Effect::Deserialize),
    ("yaml.unsafe_load_all", Effect::Deserialize),
    ("jsonpickle.decode", Effect::Deserialize),
    ("marshal.load", Effect::Deserialize),
    ("node-serialize.unserialize", Effect::Deserialize),
    ("serialize.unserialize", Effect::Deserialize),
];

/// Programs (shell commands, argv lists) that are a capability by their name alone.
pub(crate) const PROGRAM_ROWS: &[Row] = &[
    ("xmrig", MINER),
    ("minerd", MINER),
    ("cpuminer", MINER),
    ("ethminer", MINER),
    ("t-rex", MINER),
    ("nbminer", MINER),
    ("lolminer", MINER),
    ("scrot", SCREEN),
    ("gnome-screenshot", SCREEN),
    ("screencapture", SCREEN),
    ("xinput", KEYLOG),
    ("logkeys", KEYLOG),
    ("pbcopy", Effect::ClipboardWrite),
    ("wl-copy", Effect::ClipboardWrite),
];

/// Commands that destroy what lives outside the machine (infrastructure, registries, remote
/// data): the program, the words that must all be among its arguments, and what it destroys.
pub(crate) const REMOTE_DESTROY_ROWS: &[(&str, &[&str], &str)] = &[
    (
        "terraform",
        &["destroy"],
        "the infrastructure a Terraform state manages",
    ),
    (
        "terraform",
        &["apply", "-destroy"],
        "the infrastructure a Terraform state manages",
    ),
    (
        "tofu",
        &["destroy"],
        "the infrastructure an OpenTofu state manages",
    ),
    ("pulumi", &["destroy"], "a Pulumi stack's resources"),
    (
        "kubectl",
        &["delete", "namespace"],
        "a Kubernetes namespace and everything in it",
    ),
    (
        "kubectl",
        &["delete", "ns"],
        "a Kubernetes namespace and everything in it",
    ),
    (
        "kubectl",
        &["delete", "--all"],
        "every Kubernetes resource of a kind",
    ),
    ("helm", &["uninstall"], "a deployed Helm release"),
    (
        "aws",
        &["s3", "rm", "--recursive"],
        "the objects of an S3 bucket",
    ),
    (
        "aws",
        &["s3", "rb", "--force"],
        "an S3 bucket and its objects",
    ),
    ("aws", &["ec2", "terminate-instances"], "EC2 instances"),
    ("aws", &["rds", "delete-db-instance"], "an RDS database"),
    ("gsutil", &["rm", "-r"], "the objects of a storage bucket"),
    ("gcloud", &["projects", "delete"], "a Google Cloud project"),
    (
        "gcloud",
        &["compute", "instances", "delete"],
        "Compute Engine instances",
    ),
    ("az", &["group", "delete"], "an Azure resource group"),
    ("gh", &["repo", "delete"], "a GitHub repository"),
    ("gh", &["release", "delete"], "a GitHub release"),
    ("dropdb", &[], "a PostgreSQL database"),
    ("redis-cli", &["flushall"], "every key of a Redis server"),
    ("redis-cli", &["flushdb"], "every key of a Redis database"),
    (
        "docker",
        &["volume", "prune"],
        "Docker volumes and their data",
    ),
    (
        "docker",
        &["system", "prune", "--volumes"],
        "Docker volumes and their data",
    ),
];

/// A row of the shared list of commands that print a credential
/// ([`terraphim_shell_vocab::secrets::CREDENTIAL_PRINTS`]): the program, the words that must all
/// be among its arguments, what they print, and the token variable whose service the credential
/// is for (so a request to that service's documented host is its use, not a leak, as it is for
/// the variable). `token=$(gh auth token)`, `subprocess.run(["git", "credential", "fill"],
/// input=q)`: the value is that secret.
pub(crate) type CredentialRow = terraphim_shell_vocab::secrets::CredentialPrint;

/// The row of the credential a command prints, if it prints one.
pub(crate) fn printed_credential(
    program: &str,
    words: &[String],
) -> Option<&'static CredentialRow> {
    terraphim_shell_vocab::secrets::credential_print(program, words)
}

/// The secret a row's command prints, as a value's taint names it: what it is, then the command
/// in backquotes (for `gh auth token`, the GitHub CLI's token and that command).
pub(crate) fn printed_secret(row: &CredentialRow) -> String {
    let (prog, need, what, _) = row;
    format!("{what} (`{prog} {}`)", need.join(" "))
}

/// The token variable whose service a secret printed by a command is for (by the secret's
/// name, as [`printed_secret`] gives it).
pub(crate) fn printed_credential_var(secret: &str) -> Option<&'static str> {
    terraphim_shell_vocab::secrets::CREDENTIAL_PRINTS
        .iter()
        .find(|row| printed_secret(row) == secret)
        .and_then(|(_, _, _, var)| *var)
}

/// The row for a qualified call name, if any.
pub(crate) fn lookup(rows: &'static [Row], qual: &str) -> Option<Effect> {
    rows.iter()
        .find(|(api, _)| {
            qual == *api
                || qual
                    .strip_suffix(api)
                    .is_some_and(|head| head.ends_with('.'))
        })
        .map(|(_, e)| *e)
}

/// Apply a row's effect at a call: record findings and capabilities; returns the taint the
/// call's result carries.
pub(crate) fn apply(sink: &mut Sink<'_>, line: u32, qual: &str, effect: Effect) -> Taint {
    match effect {
        Effect::Finding(category, severity, rule, step, why) => {
            sink.add_rule(
                line,
                category,
                severity,
                rule,
                vec![format!("{step}: {qual}")],
                why,
            );
            Taint::default()
        }
        Effect::Decoded => Taint {
            decoded: true,
            ..Taint::default()
        },
        Effect::ClipboardRead => {
            sink.cap(line, Cap::ClipboardRead, qual);
            sink.add_rule(
                line,
                Category::SecretRead,
                Verdict::Suspicious,
                "secret-read",
                vec!["clipboard read".into()],
                "reads the clipboard",
            );
            Taint {
                secret: Some("the clipboard".into()),
                ..Taint::default()
            }
        }
        Effect::ClipboardWrite => {
            sink.cap(line, Cap::ClipboardWrite, qual);
            Taint::default()
        }
        Effect::RunFile => {
            sink.cap(line, Cap::RunFile, qual);
            Taint::default()
        }
        Effect::Deserialize => {
            sink.add_rule(
                line,
                Category::RemoteCode,
                Verdict::Suspicious,
                "unsafe-deserialize",
                vec![format!("deserialize: {qual}")],
                format!("deserialises with `{qual}`, which can run code hidden in the data"),
            );
            Taint::default()
        }
    }
}

/// Callables that run a command or code, as serialised data names them: a pickle's `GLOBAL`
/// opcode (`cos\nsystem\n`, `csubprocess\nPopen\n`), a YAML tag
/// (`!!python/object/apply:os.system`), jsonpickle's `py/function`. The module, then the names
/// any of which completes it.
const SERIALIZED_CALLABLES: &[(&str, &[&str])] = &[
    (
        "os",
        &[
            "system", "popen", "execv", "execvp", "execl", "spawnv", "spawnl",
        ],
    ),
    ("posix", &["system", "popen", "execv"]),
    ("nt", &["system", "popen"]),
    (
        "subprocess",
        &[
            "Popen",
            "call",
            "run",
            "check_call",
            "check_output",
            "getoutput",
            "getstatusoutput",
        ],
    ),
    ("builtins", &["eval", "exec", "compile", "__import__"]),
    (
        "__builtin__",
        &["eval", "exec", "execfile", "compile", "__import__"],
    ),
    ("commands", &["getoutput", "getstatusoutput"]),
    ("pty", &["spawn"]),
    ("runpy", &["run_path", "run_module"]),
];

/// The code-running callable serialised data embedded in a script names (`os.system` in a
/// protocol-0 pickle `cos\nsystem\n(S'curl ... | sh'\ntR.`), if any: deserialising it runs
/// that callable. Data that only rebuilds values (`ccollections\nOrderedDict\n`, plain
/// tuples and dicts) names none. Words are split on everything but letters, digits and `_`;
/// a pickle's `c` opcode may stand right before the module's name.
pub(crate) fn serialized_callable(data: &str) -> Option<String> {
    if data.len() > 64 * 1024 {
        return None;
    }
    let words: Vec<&str> = data
        .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).find_map(|w| {
        SERIALIZED_CALLABLES.iter().find_map(|(module, names)| {
            let named = w[0] == *module || w[0].strip_prefix('c') == Some(module);
            (named && names.contains(&w[1])).then(|| format!("{module}.{}", w[1]))
        })
    })
}

/// Deserialising data whose text the script holds: when it names a code-running callable
/// ([`serialized_callable`]), running the script runs that callable. Records the dangerous
/// decode-to-exec finding and returns true.
pub(crate) fn deserialized_code(sink: &mut Sink<'_>, line: u32, qual: &str, data: &Val) -> bool {
    let found = data
        .text
        .iter()
        .chain(data.alts.iter())
        .find_map(|t| serialized_callable(t));
    let Some(callable) = found else {
        return false;
    };
    sink.add_rule(
        line,
        Category::ObfuscatedExecution,
        Verdict::Dangerous,
        "decode-to-exec",
        vec![
            format!("decode: {qual} of data embedded in the script"),
            format!("exec: {callable}"),
        ],
        format!("`{qual}` rebuilds data that calls `{callable}`: deserialising it runs code"),
    );
    true
}

/// Statistics and numerical programs that run a code file their arguments name, beside the
/// shells and interpreters the walkers know: the program's names, the options whose value is
/// such a file, the word after which one is (`stata -b do FILE`), and the endings an operand
/// run as code has.
/// One row of [`CODE_FILE_PROGRAMS`]: names, options, words before, endings.
type CodeFileRow = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const CODE_FILE_PROGRAMS: &[CodeFileRow] = &[
    (
        &[
            "stata",
            "stata-mp",
            "stata-se",
            "stata-be",
            "xstata",
            "xstata-mp",
            "xstata-se",
            "StataMP",
            "StataSE",
        ],
        &[],
        &["do", "run"],
        &[".do", ".ado"],
    ),
    (&["sas"], &["-autoexec", "-sysin"], &[], &[".sas"]),
    (&["Rscript"], &[], &[], &[".r", ".R"]),
    (&["R"], &["-f", "--file"], &[], &[]),
    (
        &["gretlcli", "gretlcli-mpi"],
        &["-b", "--batch"],
        &[],
        &[".inp"],
    ),
    (&["pspp", "stats", "spss"], &[], &[], &[".sps"]),
    (&["octave", "octave-cli"], &[], &[], &[".m"]),
    (&["julia"], &[], &[], &[".jl"]),
];

/// The places among `words` (the program first) of the code files a statistics or numerical
/// program runs (`stata-mp -b do helpers.do`, `sas -autoexec macros.sas -sysin qi.sas`,
/// `Rscript model.R`): a file the script downloaded or decoded, run there, is code from the
/// network or hidden in the script, as it is run by `bash` or `python`.
pub(crate) fn code_file_args(words: &[String]) -> Vec<String> {
    let Some(program) = words.first() else {
        return Vec::new();
    };
    let program = program.rsplit('/').next().unwrap_or(program);
    let Some((_, options, after, endings)) = CODE_FILE_PROGRAMS
        .iter()
        .find(|(names, ..)| names.contains(&program))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate().skip(1) {
        let prev = words[i - 1].as_str();
        if let Some(value) = options
            .iter()
            .find_map(|o| w.strip_prefix(o).and_then(|r| r.strip_prefix('=')))
        {
            out.push(value.to_owned());
            continue;
        }
        let named = options.contains(&prev) || (after.contains(&prev) && !w.starts_with('-'));
        let operand = !w.starts_with('-') && endings.iter().any(|e| w.ends_with(e));
        if named || operand {
            out.push(w.clone());
        }
    }
    out
}

/// The rule id and capability a finding of `category` stands for when the caller gives none.
pub(crate) fn default_rule(category: Category, severity: Verdict) -> (&'static str, &'static str) {
    match category {
        Category::SecretRead => ("secret-read", "secret read"),
        Category::Exfiltration => ("secret-to-sink", "private data to a sink"),
        Category::SourcePoisoning => ("trust-anchor-write", "write: code that runs later"),
        Category::ObfuscatedExecution => ("decode-to-exec", "dynamic code"),
        Category::RemoteCode if severity == Verdict::Dangerous => ("download-to-exec", "exec"),
        Category::RemoteCode => ("unknown-exec", "exec of a value built at run time"),
        Category::Persistence => ("trust-anchor-write", "write: persistence"),
        Category::ConfigTampering => ("trust-anchor-write", "write: tool configuration"),
        Category::Destructive => ("destructive", "delete or overwrite"),
        Category::Escape => ("escape", "escape"),
        Category::Network => ("network-unlisted-host", "network"),
        Category::OutsideWrite => ("write-outside", "write outside the project"),
        Category::Unreviewable => ("unreviewable", "review incomplete"),
        Category::SecondOpinion => ("second-opinion", "second opinion"),
        Category::GuardRule => ("guard", "command guard"),
    }
}

/// The source steps of a chain: where a value's data came from.
pub(crate) fn source_steps(t: &Taint) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(s) = &t.secret {
        out.push(format!("secret read: {s}"));
    }
    if t.env {
        out.push("env read: the whole environment".into());
    }
    if t.host {
        out.push("host info read".into());
    }
    if t.remote {
        out.push("network receive".into());
    }
    if t.decoded {
        out.push("decode".into());
    }
    out
}

/// The combination rules, run once the whole script was walked.
pub(crate) fn combine(sink: &mut Sink<'_>) {
    let caps = std::mem::take(&mut sink.caps);
    let first = |c: Cap| caps.iter().find(|(k, _, _)| *k == c);
    // A download the script checks against its pinned digest or signature, stopping when the
    // check fails, made executable: a pinned tool installed, not whatever a host served. Run
    // at once, it is still judged (the check may not be the one that guards that file).
    let verified = sink.verified;
    // A download and a program run or made executable, when they can be the same file: the
    // same path, the same name up to its extension (renamed to `.exe`), a path built at run
    // time, or anything unpacked from a downloaded archive.
    let pair = caps
        .iter()
        // A response written to a device (`-o /dev/null`) is thrown away, not kept to run.
        .filter(|(k, _, p)| {
            matches!(k, Cap::DownloadToFile | Cap::DownloadExtract) && !p.starts_with("/dev/")
        })
        .find_map(|d| {
            caps.iter()
                .find(|r| match (d.0, r.0) {
                    (Cap::DownloadExtract | Cap::DownloadToFile, Cap::MakeExecutable)
                        if verified =>
                    {
                        false
                    }
                    (Cap::DownloadExtract, Cap::RunRelative) => true,
                    (Cap::DownloadExtract, Cap::MakeExecutable | Cap::RunFile) => {
                        unpacked_there(&d.2, &r.2)
                    }
                    (Cap::DownloadToFile, Cap::MakeExecutable | Cap::RunFile) => {
                        same_file(&d.2, &r.2)
                    }
                    _ => false,
                })
                .map(|r| (d, r))
        });
    if let Some(((dk, _, dpath), (rk, rline, rwhat))) = pair {
        sink.add_rule(
            *rline,
            Category::RemoteCode,
            Verdict::Dangerous,
            "download-to-exec",
            vec![
                format!("{}: {dpath}", dk.step()),
                format!("{}: {rwhat}", rk.step()),
            ],
            format!("downloads a file ({dpath}) and runs or installs a program ({rwhat})"),
        );
    }
    if let (Some((_, _, r)), Some((_, wline, w))) =
        (first(Cap::ClipboardRead), first(Cap::ClipboardWrite))
    {
        sink.add_rule(
            *wline,
            Category::Escape,
            Verdict::Dangerous,
            "clipboard-hijack",
            vec![
                format!("clipboard read: {r}"),
                format!("clipboard write: {w}"),
            ],
            "reads the clipboard and replaces its content (clipboard hijacking)",
        );
    }
    // A publish only the user's explicit opt-in reaches is the release the script is for,
    // unless the script read a credential file or rewrote a manifest the project does not
    // hold (the worm's shape): then it counts as any publish.
    let worm_signs =
        first(Cap::CredentialRead).is_some() || first(Cap::ForeignManifestRewrite).is_some();
    let mut published = first(Cap::Publish).map(|(_, line, name)| (*line, name.clone()));
    for (k, line, name) in &caps {
        if *k != Cap::PublishOnRequest {
            continue;
        }
        if worm_signs {
            crate::command::package_publish(sink, *line, name);
            published = published.or(Some((*line, name.clone())));
        } else {
            sink.requested_publish_lines.push(*line);
        }
    }
    // A manifest rewritten by a walk that follows every member the script sets (JavaScript's),
    // none of them one that runs code: a version bump before the release, not a worm's hook.
    let bump_only = matches!(sink.lang, Language::JavaScript | Language::TypeScript)
        && !sink.manifest_code_member;
    if let (Some((_, _, m)), Some((pline, p)), false) =
        (first(Cap::ManifestRewrite), published, bump_only)
    {
        sink.add_rule(
            pline,
            Category::SourcePoisoning,
            Verdict::Dangerous,
            "rewrite-and-publish",
            vec![
                format!("manifest rewrite: {m}"),
                format!("package publish: {p}"),
            ],
            "rewrites a package manifest at run time and publishes the package (self-propagation)",
        );
    }
    if let (Some((_, _, u)), Some((_, hline, h))) = (first(Cap::UserInfo), first(Cap::HostName)) {
        sink.add_rule(
            *hline,
            Category::Exfiltration,
            Verdict::Suspicious,
            "sysinfo-collection",
            vec![
                format!("user identity read: {u}"),
                format!("host identity read: {h}"),
            ],
            "collects who the user is and which machine this is (reconnaissance)",
        );
    }
    // A trust anchor the script names, and a write whose path the review could not follow:
    // the write may be the one that reaches the anchor (a path carried through a lookup, a
    // callback or a loop the walk lost). Not shown, so not dangerous; not clean either.
    if let (Some((_, aline, a)), Some((_, wline, w))) =
        (first(Cap::AnchorNamed), first(Cap::UnknownWrite))
    {
        sink.add_rule(
            *wline,
            Category::ConfigTampering,
            Verdict::Suspicious,
            "anchor-may-be-written",
            vec![
                format!("{}: {a} (line {aline})", Cap::AnchorNamed.step()),
                format!("{}: {w}", Cap::UnknownWrite.step()),
            ],
            format!(
                "names {a} (line {aline}) and writes a file whose path is built at run time: \
                 the write may reach it"
            ),
        );
    }
    sink.caps = caps;
}

/// Whether two paths (as recorded: `…` for unknown parts) may name the same file.
/// Whether a program at `path` can be what an archive unpacked into `dest` held: `dest` is
/// unknown (the unpacker's name, a directory built at run time) or holds `path`.
fn unpacked_there(dest: &str, path: &str) -> bool {
    let dest = dest.trim_end_matches('/');
    !dest.contains('/')
        || dest.contains('…')
        || path.strip_prefix(dest).is_some_and(|r| r.starts_with('/'))
}

fn same_file(a: &str, b: &str) -> bool {
    let stem = |p: &str| {
        let name = p.rsplit('/').next().unwrap_or(p);
        name.split('.').next().unwrap_or(name).to_owned()
    };
    // A recorded API name (no path known) or a file whose name is built at run time may be
    // anything; a known name in a directory built at run time (`$VENV/bin/pip`) is that name.
    let unknown = |p: &str| {
        p.rsplit('/').next().unwrap_or(p).contains('…') || !p.contains('/') && !p.contains('.')
    };
    // A file saved under a data extension (`$OUT/$name.json`) is read, not run, unless the
    // run names that very path.
    let data = |p: &str| {
        let name = p.rsplit('/').next().unwrap_or(p);
        name.rsplit_once('.').is_some_and(|(_, ext)| {
            matches!(
                ext,
                "json"
                    | "csv"
                    | "txt"
                    | "md"
                    | "html"
                    | "xml"
                    | "log"
                    | "yaml"
                    | "yml"
                    | "toml"
                    | "png"
                    | "jpg"
                    | "svg"
                    | "pdf"
            )
        })
    };
    if (data(a) || data(b)) && a != b {
        return false;
    }
    unknown(a) || unknown(b) || stem(a) == stem(b)
}

/// Record a read of host or user information by the name of what read it.
pub(crate) fn identity(sink: &mut Sink<'_>, line: u32, what: &str) {
    let last = what.rsplit('.').next().unwrap_or(what);
    let user = matches!(
        last,
        "getuser" | "getlogin" | "getpwuid" | "whoami" | "id" | "logname" | "groups" | "userInfo"
    );
    let cap = if user { Cap::UserInfo } else { Cap::HostName };
    sink.cap(line, cap, what);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_whole_components_only() {
        assert!(lookup(CALL_ROWS, "kernel32.WriteProcessMemory").is_some());
        assert!(lookup(CALL_ROWS, "WriteProcessMemory").is_some());
        assert!(lookup(CALL_ROWS, "MyWriteProcessMemory").is_none());
        assert!(lookup(CALL_ROWS, "PIL.Image.open").is_some());
        assert!(lookup(CALL_ROWS, "os.open").is_none());
        assert!(lookup(PROGRAM_ROWS, "xmrig").is_some());
    }
}
