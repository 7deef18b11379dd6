//! Canonical forms, shared by commands and patterns so that both sides are compared alike:
//! look-alike characters folded, command names by basename, flag clusters split, known long
//! flags mapped to their short form, paths normalised lexically.

use terraphim_shell_vocab::{GIT_CONFIG_READS, GIT_CONFIG_REMOVALS, GIT_CONFIG_VERBS};

/// How a canonical word is used in its simple command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WordKind {
    /// The command name (always the first word).
    Name,
    /// An option such as `-r` or `--force`.
    Flag,
    /// Anything else: subcommands, operands, option values.
    Operand,
    /// An output redirection target, written `>PATH`.
    Redirect,
}

/// One canonical word of a simple command.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Word {
    /// Canonical text.
    pub text: String,
    /// How the word is used.
    pub kind: WordKind,
    /// An operand that directly follows a flag (likely that flag's value).
    pub follows_flag: bool,
}

/// Fold Unicode dash and space look-alikes to ASCII.
pub fn fold_lookalikes(s: &str) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            // Em dash and horizontal bar are what typographic autocorrect makes of `--`.
            '\u{2014}' | '\u{2015}' => out.push_str("--"),
            '\u{2010}'..='\u{2013}'
            | '\u{2212}'
            | '\u{FE58}'
            | '\u{FE63}'
            | '\u{FF0D}'
            | '\u{00AD}' => out.push('-'),
            '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}' => out.push(' '),
            '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' => {}
            other => out.push(other),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The basename of a command word: `/usr/bin/rm` -> `rm`.
pub fn command_basename(word: &str) -> &str {
    match word.rsplit_once('/') {
        Some((_, base)) if !base.is_empty() => base,
        _ => word,
    }
}

/// The program a command word names: its basename, with `\\` as a separator too
/// (`C:\\Git\\bin\\git.exe`), and without a Windows `.exe` suffix, whose name is matched
/// case-insensitively (`GIT.EXE`, `git.exe` -> `git`; `python3.11.exe` -> `python3.11`). A
/// name that is another program under a new name is that program (`ysqlsh` -> `psql`, `gmake`
/// -> `make`: `terraphim_shell_vocab::PROGRAM_ALIASES`), so the program's rules judge it.
pub fn program_name(word: &str) -> String {
    let name = file_program_name(word);
    let program = terraphim_shell_vocab::aliased_program(&name);
    if program == name {
        name
    } else {
        program.to_string()
    }
}

/// [`program_name`] before aliases: the program file's own name.
fn file_program_name(word: &str) -> String {
    let base = command_basename(word);
    let base = match base.rsplit_once('\\') {
        Some((_, b)) if !b.is_empty() => b,
        _ => base,
    };
    match base
        .len()
        .checked_sub(4)
        .and_then(|i| base.get(i..).map(|ext| (i, ext)))
    {
        Some((i, ext)) if i > 0 && ext.eq_ignore_ascii_case(".exe") => {
            base[..i].to_ascii_lowercase()
        }
        _ => base.to_string(),
    }
}

/// Normalise a path-like operand lexically: the home has one root, `~` (`$HOME` and `${HOME}`
/// name the same directory, so a pattern written `~/.cache/**` judges `$HOME/.cache/pip` too),
/// repeated and trailing slashes, `.` and `..` components of absolute and home-relative paths.
pub fn normalise_path(word: &str) -> String {
    if word.contains(char::is_whitespace) {
        // Not a path: a message, a script, a SQL statement.
        return word.to_string();
    }
    let replaced;
    // (A byte search first: a substring search sets up a searcher, and most words have no `$`.)
    let word = if word.contains('$') && word.contains("${HOME}") {
        replaced = word.replace("${HOME}", "$HOME");
        replaced.as_str()
    } else {
        word
    };
    let (root, rest) = if let Some(rest) = word.strip_prefix('/') {
        ("/", rest)
    } else if word == "~" || word.starts_with("~/") {
        ("~/", word.get(2..).unwrap_or(""))
    } else if word == "$HOME" || word.starts_with("$HOME/") {
        ("~/", word.get(6..).unwrap_or(""))
    } else {
        // Relative paths keep their shape, minus a trailing slash (`build/` -> `build`); the
        // slash of `host:/` is another machine's root, not a trailing one (`host:` is its home).
        let trimmed = word.trim_end_matches('/');
        return if trimmed.is_empty() {
            word.to_string()
        } else if (trimmed.ends_with(':') || bare_variable(trimmed)) && trimmed.len() < word.len() {
            // `$DIR/` keeps its slash too: were DIR unset or empty it is `/`, where `$DIR`
            // is the working directory's nothing (`rm -rf $DIR/` is SC2115's `rm -rf /`).
            format!("{trimmed}/")
        } else {
            trimmed.to_string()
        };
    };
    // The root, then the components joined by `/`, `..` dropping the one before it.
    let mut out = String::with_capacity(word.len());
    out.push_str(root);
    let base = out.len();
    for part in rest.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                let cut = out[base..].rfind('/').map_or(base, |i| base + i);
                out.truncate(cut);
            }
            p => {
                if out.len() > base {
                    out.push('/');
                }
                out.push_str(p);
            }
        }
    }
    if out.len() == base && root != "/" {
        // `~/` (and `$HOME/`) alone is `~`.
        out.truncate(base - 1);
    }
    out
}

/// Commands whose single-dash options are whole words (`find -delete`), not clusters.
const SINGLE_DASH_LONG: &[&str] = &[
    "find",
    "java",
    "javac",
    "go",
    "terraform",
    "tofu",
    "gcc",
    "g++",
    "clang",
    "cc",
    "ffmpeg",
    "openssl",
    "xcodebuild",
    "ant",
    "mvn",
    "dd",
    "tput",
    "qemu-img",
    "qemu-system-x86_64",
    "iptables",
    "ip6tables",
    "ip",
    "kill",
    "pkill",
    "killall",
    "xclip",
    "mkcert",
    // ImageMagick and libwebp: `magick IN -resize 50% -strip OUT`, `mogrify -path DIR`,
    // `cwebp -q 80 IN -o OUT`: `-resize` is one option, not `-r -e -s -i -z`.
    "magick",
    "convert",
    "mogrify",
    "identify",
    "montage",
    "compare",
    "composite",
    "cwebp",
    // Game engines' command lines: `Unity -batchmode -runTests -projectPath .`, Unreal's
    // `RunUAT.sh BuildCookRun -project=X -build -cook`, `UnrealEditor-Cmd X -run=Y`.
    "Unity",
    "unity",
    "RunUAT.sh",
    "RunUAT.bat",
    "RunUAT.command",
    "UnrealEditor-Cmd",
    "UnrealEditor",
    "UE4Editor-Cmd",
    // Go and gflags programs: `yb-admin -master_addresses H list_tables`, `aptly repo show
    // -with-packages R`, and MAME's `mame -verifysets -rompath DIR`.
    "yb-admin",
    "aptly",
    "mame",
];

/// Long flags (and single-letter alternates) that mean the same as a short flag, per command or
/// per `command subcommand`. Both commands and patterns pass through this table.
fn alias(head: &str, sub: &str, flag: &str) -> Option<&'static [&'static str]> {
    let by_sub = match (head, sub, flag) {
        ("git", "push", "--force") => Some(&["-f"][..]),
        ("git", "push", "--delete") => Some(&["-d"][..]),
        ("git", "clean", "--force") => Some(&["-f"][..]),
        ("git", "clean", "--dry-run") => Some(&["-n"][..]),
        ("git", "branch", "--delete") => Some(&["-d"][..]),
        ("git", "tag", "--delete") => Some(&["-d"][..]),
        ("git", "branch", "--force") => Some(&["-f"][..]),
        ("git", "branch", "-D") => Some(&["-d", "-f"][..]),
        ("git", "branch", "--move") => Some(&["-m"][..]),
        ("git", "branch", "-M") => Some(&["-m", "-f"][..]),
        ("git", "checkout", "--force") => Some(&["-f"][..]),
        ("git", "clone", "--config") => Some(&["-c"][..]),
        ("git", "commit", "--no-verify") => Some(&["-n"][..]),
        ("git", "commit", "--message") => Some(&["-m"][..]),
        ("git", "commit", "--all") => Some(&["-a"][..]),
        ("git", "add", "--all") => Some(&["-A"][..]),
        ("git", "stash", "--include-untracked") => Some(&["-u"][..]),
        ("docker" | "podman", _, "--force") => Some(&["-f"][..]),
        ("docker" | "podman", _, "--all") => Some(&["-a"][..]),
        ("npm" | "pnpm" | "yarn", _, "--global") => Some(&["-g"][..]),
        ("kubectl", _, "--namespace") => Some(&["-n"][..]),
        ("kubectl", _, "--all-namespaces") => Some(&["-A"][..]),
        _ => None,
    };
    if by_sub.is_some() {
        return by_sub;
    }
    match (head, flag) {
        ("rm" | "cp" | "mv" | "ln" | "shred", "--force") => Some(&["-f"]),
        ("rm" | "cp" | "scp" | "rsync" | "grep" | "rg", "--recursive") => Some(&["-r"]),
        ("rm" | "cp", "-R") => Some(&["-r"]),
        ("rm", "--dir") => Some(&["-d"]),
        ("rm", "--interactive") => Some(&["-i"]),
        ("chmod" | "chown" | "chgrp" | "setfacl", "--recursive") => Some(&["-R"]),
        ("shred", "--remove") => Some(&["-u"]),
        ("tar" | "bsdtar", "--extract" | "--get") => Some(&["-x"]),
        ("tar" | "bsdtar", "--create") => Some(&["-c"]),
        ("tar" | "bsdtar", "--directory") => Some(&["-C"]),
        ("tar" | "bsdtar", "--file") => Some(&["-f"]),
        ("shred", "--zero") => Some(&["-z"]),
        ("sed", "--in-place") => Some(&["-i"]),
        ("curl", "--output") => Some(&["-o"]),
        ("curl", "--data") => Some(&["-d"]),
        ("curl", "--upload-file") => Some(&["-T"]),
        ("curl", "--location") => Some(&["-L"]),
        ("curl", "--silent") => Some(&["-s"]),
        ("curl", "--fail") => Some(&["-f"]),
        ("curl", "--form") => Some(&["-F"]),
        ("wget", "--output-document") => Some(&["-O"]),
        ("wget", "--quiet") => Some(&["-q"]),
        ("nc" | "ncat" | "netcat", "--listen") => Some(&["-l"]),
        ("tee", "--append") => Some(&["-a"]),
        ("wipefs", "--all") => Some(&["-a"]),
        ("wipefs", "--no-act") => Some(&["-n"]),
        ("wipefs", "--offset") => Some(&["-o"]),
        ("crontab", "--remove") => Some(&["-r"]),
        ("kill" | "pkill" | "killall", "-KILL" | "-SIGKILL" | "--signal=KILL") => Some(&["-9"]),
        ("xclip", "-out") => Some(&["-o"]),
        ("xclip", "-in") => Some(&["-i"]),
        ("xclip", "-sel" | "-selection") => Some(&["-selection"]),
        ("xsel", "--output") => Some(&["-o"]),
        ("xsel", "--input") => Some(&["-i"]),
        ("xsel", "--clipboard") => Some(&["-b"]),
        ("base64", "--decode") => Some(&["-d"]),
        ("xxd", "--revert") => Some(&["-r"]),
        ("truncate", "--size") => Some(&["-s"]),
        ("pip" | "pip3", "--user") => Some(&["--user"]),
        ("python" | "python3" | "node" | "perl" | "ruby" | "php", "--eval") => Some(&["-e"]),
        ("su", "--command") => Some(&["-c"]),
        _ => None,
    }
}

/// Split a raw flag word into canonical flags, given the command's name and subcommand.
/// Returns the flags and, for `--opt=value`, the value.
pub fn canonical_flags(head: &str, sub: &str, word: &str) -> (Vec<String>, Option<String>) {
    let (flag, value) = match word.split_once('=') {
        Some((f, v)) if f.starts_with("--") || SINGLE_DASH_LONG.contains(&head) => {
            (f, Some(v.to_string()))
        }
        _ => (word, None),
    };
    if let Some(mapped) = alias(head, sub, flag) {
        return (mapped.iter().map(|s| (*s).to_string()).collect(), value);
    }
    if value.is_none()
        && let Some(rest) = record_separator_cluster(head, flag)
    {
        let (mut flags, value) = canonical_flags(head, sub, &format!("-{rest}"));
        flags.insert(0, "-0".to_string());
        return (flags, value);
    }
    let is_cluster = !flag.starts_with("--")
        && flag.len() > 2
        && !SINGLE_DASH_LONG.contains(&head)
        && flag[1..].chars().all(|c| c.is_ascii_alphabetic());
    // getopt's reading of a cluster: letters are flags until one that takes a value, which
    // takes the rest (`git switch -cfeature` is `-c feature`, `tar -xfa.tar` is `-x -f a.tar`).
    if value.is_none() && !flag.starts_with("--") && !SINGLE_DASH_LONG.contains(&head) {
        let letters = flag.get(1..).unwrap_or("");
        let mut flags = Vec::new();
        for (i, c) in letters.char_indices() {
            if !c.is_ascii_alphabetic() {
                break;
            }
            let single = format!("-{c}");
            match alias(head, sub, &single) {
                Some(mapped) => flags.extend(mapped.iter().map(|s| (*s).to_string())),
                None => flags.push(single),
            }
            let rest = &letters[i + 1..];
            if !rest.is_empty() && cluster_takes_value(head, sub, c) {
                return (flags, Some(rest.to_string()));
            }
        }
    }
    if is_cluster {
        let mut flags = Vec::new();
        for c in flag[1..].chars() {
            let single = format!("-{c}");
            match alias(head, sub, &single) {
                Some(mapped) => flags.extend(mapped.iter().map(|s| (*s).to_string())),
                None => flags.push(single),
            }
        }
        return (flags, value);
    }
    // `-n10`, `-O'sh -c id'`: a short flag with its value attached.
    let mut chars = flag.chars();
    if value.is_none()
        && !flag.starts_with("--")
        && !SINGLE_DASH_LONG.contains(&head)
        && chars.next() == Some('-')
        && let Some(letter) = chars.next().filter(char::is_ascii_alphabetic)
    {
        let rest = chars.as_str();
        if let Some(flags) = in_place_with_suffix(head, &flag[1..]) {
            return (flags, None);
        }
        if !rest.is_empty() {
            let single = format!("-{letter}");
            let flags = match alias(head, sub, &single) {
                Some(mapped) => mapped.iter().map(|s| (*s).to_string()).collect(),
                None => vec![single],
            };
            return (flags, Some(rest.to_string()));
        }
    }
    (vec![flag.to_string()], value)
}

/// perl's and ruby's `-0DIGITS` (the input record separator, `-0777` to read whole files)
/// takes only octal digits, and the letters clustered after them are switches of their own:
/// `-0pi` is `-0 -p -i`, an in-place edit. The letters after the digits, if any.
fn record_separator_cluster<'w>(head: &str, flag: &'w str) -> Option<&'w str> {
    if !matches!(head, "perl" | "ruby") {
        return None;
    }
    let rest = flag
        .strip_prefix("-0")?
        .trim_start_matches(|c: char| c.is_digit(8));
    rest.starts_with(|c: char| c.is_ascii_alphabetic())
        .then_some(rest)
}

/// sed's, perl's and ruby's `-iSUFFIX` names the backup written next to each file: the option
/// is `-i`, after the flags clustered before it (`-pi.bak`: `-p -i`). A suffix with a `/` puts
/// the backup elsewhere and is read as a value instead (None).
fn in_place_with_suffix(head: &str, letters: &str) -> Option<Vec<String>> {
    if !matches!(head, "sed" | "gsed" | "perl" | "ruby") {
        return None;
    }
    let at = letters.find('i')?;
    let (before, suffix) = (&letters[..at], &letters[at + 1..]);
    let plain = |c: char| "pnalswErsuz".contains(c);
    if suffix.is_empty()
        || suffix.contains('/')
        || suffix.starts_with('=')
        || !before.chars().all(plain)
    {
        return None;
    }
    Some(
        before
            .chars()
            .map(|c| format!("-{c}"))
            .chain(["-i".to_string()])
            .collect(),
    )
}

/// Whether a word is one variable's expansion and nothing else (`$DIR`, `${OUT}`).
fn bare_variable(word: &str) -> bool {
    let Some(name) = word.strip_prefix('$') else {
        return false;
    };
    let name = name
        .strip_prefix('{')
        .and_then(|n| n.strip_suffix('}'))
        .unwrap_or(name);
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Insert an operand before the redirections (which canonical text keeps last).
pub fn insert_operand(words: &mut Vec<Word>, text: String) {
    let at = words
        .iter()
        .position(|w| w.kind == WordKind::Redirect)
        .unwrap_or(words.len());
    words.insert(
        at,
        Word {
            text,
            kind: WordKind::Operand,
            follows_flag: false,
        },
    );
}

/// Database clients, whose operands and option values can be SQL statements or client commands.
pub const SQL_CLIENTS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "duckdb",
    "sqlcmd",
    "clickhouse-client",
    "cqlsh",
    "snowsql",
    "bq",
];

/// `word` with each single-quoted SQL string literal written `''` (a doubled quote inside one is
/// part of it). Left as written: a statement that runs text as SQL (`EXECUTE`, `PREPARE`, a
/// `DO` block, a procedure call), an unclosed literal, and any word where a client could read
/// a quote otherwise than here: a backslash (MySQL's and `E'..'` escapes, psql's
/// meta-commands), a double quote or backquote (MySQL strings, quoted names), `$` (dollar
/// quoting) or a comment (`--`, `#`, `/*`), each of which can put a quote this reads as
/// opening a literal outside one.
fn sql_literals_blanked(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    let runs_text = ["exec", "prepare", "do '", "call "]
        .iter()
        .any(|k| lower.contains(k));
    let other_quoting =
        word.contains(['\\', '"', '`', '$', '#']) || word.contains("--") || word.contains("/*");
    if runs_text || other_quoting || !word.contains('\'') {
        return word.to_string();
    }
    let mut out = String::with_capacity(word.len());
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '\'' {
            continue;
        }
        loop {
            match chars.next() {
                Some('\'') if chars.peek() == Some(&'\'') => {
                    chars.next();
                }
                Some('\'') => break,
                Some(_) => {}
                None => return word.to_string(),
            }
        }
        out.push('\'');
    }
    out
}

/// Whether a word's value is only known at run time (`$X`, `$(..)`, backquotes).
pub fn is_dynamic(word: &str) -> bool {
    word.contains('$') || word.contains('`')
}

/// Whether a word is an option for canonicalisation purposes.
pub fn is_flag(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && word != "--"
}

/// Build canonical words from unquoted argv words. The first word is the command name; `--`
/// ends options; redirection targets come last as `>PATH`.
pub fn canonical_words(argv: &[String], redirects: &[String]) -> Vec<Word> {
    let mut out = Vec::with_capacity(argv.len() + redirects.len());
    let Some((first, rest)) = argv.split_first() else {
        return out;
    };
    let name = program_name(&fold_lookalikes(first));
    // tar's traditional first word bundles its options without a dash (`tar xzf a.tgz -C /`
    // is `tar -xzf a.tgz -C /`).
    let dashed;
    let rest = match rest.split_first() {
        Some((bundle, after))
            if matches!(name.as_str(), "tar" | "bsdtar") && tar_bundle(bundle) =>
        {
            dashed = std::iter::once(format!("-{bundle}"))
                .chain(after.iter().cloned())
                .collect::<Vec<_>>();
            dashed.as_slice()
        }
        _ => rest,
    };
    // kill's one option is the signal; every word after it is a process id, and a negative one
    // (`-1`: every process the caller may signal, `-PGID`: a group) is an operand.
    let signalled;
    let rest = if name == "kill" {
        signalled = kill_operands(rest);
        signalled.as_slice()
    } else {
        rest
    };
    // A container engine's `--mount type=bind,source=S,target=T[,readonly]` is the same bind as
    // `-v S:T[:ro]`: its value is written that way, so one pattern judges both spellings. A
    // bind's source is a directory: `-v /srv/data/:/data` is `-v /srv/data:/data`.
    let mounts;
    let rest = if matches!(name.as_str(), "docker" | "podman" | "nerdctl")
        && rest
            .iter()
            .any(|w| w.starts_with("--mount") || w.starts_with("--volume") || w.starts_with("-v"))
    {
        mounts = rest
            .iter()
            .enumerate()
            .map(|(i, w)| {
                if let Some(spec) = w.strip_prefix("--mount=") {
                    return mount_as_volume(spec)
                        .map_or_else(|| w.clone(), |v| format!("--mount={v}"));
                }
                if let Some(spec) = w.strip_prefix("--volume=") {
                    return format!("--volume={}", volume_source_trimmed(spec));
                }
                match i.checked_sub(1).map(|p| rest[p].as_str()) {
                    Some("--mount") => mount_as_volume(w).unwrap_or_else(|| w.clone()),
                    Some("-v" | "--volume") => volume_source_trimmed(w),
                    _ => w.clone(),
                }
            })
            .collect::<Vec<_>>();
        mounts.as_slice()
    } else {
        rest
    };
    // A SQL client's statements hold string literals, which are data (`INSERT ... VALUES ('DROP
    // TABLE x')` drops nothing): each is written `''`, so patterns see only the statement.
    let statements;
    let rest = if SQL_CLIENTS.contains(&name.as_str()) && rest.iter().any(|w| w.contains('\'')) {
        statements = rest
            .iter()
            .map(|w| sql_literals_blanked(w))
            .collect::<Vec<_>>();
        statements.as_slice()
    } else {
        rest
    };
    // The subcommand is the first operand that is not a flag's value; good enough for aliases.
    let mut sub = "";
    let mut prev_flag = false;
    for w in rest {
        if is_flag(w) {
            prev_flag = true;
        } else if !prev_flag {
            sub = w;
            break;
        } else {
            prev_flag = false;
        }
    }
    let sub = fold_lookalikes(sub);
    // `git config KEY VALUE` reads as `git config set KEY VALUE`, `git config KEY` as `git
    // config get KEY`, with the key's case folded as git folds it.
    let config = if name == "git" && sub == "config" {
        git_config_form(rest)
    } else {
        None
    };
    out.push(Word {
        text: name.clone(),
        kind: WordKind::Name,
        follows_flag: false,
    });
    let mut options_done = false;
    let mut prev_was_flag = false;
    // An interpreter's options end at its script: the words after `python pwb.py` are the
    // script's (`-cat:Typos` is no `-c` of python's, `-always` no cluster `-a -l -w -y -s`).
    // A single-dash word there is kept whole; long options are the same either way.
    let interpreter = terraphim_shell_vocab::is_interpreter(&name);
    let mut script_seen = false;
    // Flags that own the value after them stay in place (`curl -sS -m3` must not read as
    // `curl -S -m -s 3`): sorting moves only the flags between them.
    let mut pinned = vec![false; 1];
    for (at, raw) in rest.iter().enumerate() {
        let w = fold_lookalikes(raw);
        if !options_done && w == "--" {
            options_done = true;
            prev_was_flag = false;
            // `--` stays before the words it ends the options for: in `git -- push -f` and
            // `rm -- -f` they are operands, so the line is not `git push -f`, and a pattern can
            // say that every word after it is a path (`git checkout --`).
            if at + 1 < rest.len() {
                out.push(Word {
                    text: "--".to_string(),
                    kind: WordKind::Operand,
                    follows_flag: false,
                });
                pinned.push(false);
            }
            continue;
        }
        if !options_done && is_flag(&w) && script_seen && !w.starts_with("--") && w.len() > 2 {
            out.push(Word {
                text: w.to_string(),
                kind: WordKind::Flag,
                follows_flag: false,
            });
            pinned.push(false);
            prev_was_flag = true;
            continue;
        }
        if !options_done && is_flag(&w) {
            let (flags, value) = canonical_flags(&name, &sub, &w);
            let owns_value = value.is_some() || takes_value(&name, &w);
            let last = flags.len().saturating_sub(1);
            for (i, f) in flags.into_iter().enumerate() {
                if !out.iter().any(|o| o.kind == WordKind::Flag && o.text == f) {
                    out.push(Word {
                        text: f,
                        kind: WordKind::Flag,
                        follows_flag: false,
                    });
                    pinned.push(owns_value && i == last);
                }
            }
            if let Some(v) = value {
                out.push(Word {
                    text: normalise_path(&v),
                    kind: WordKind::Operand,
                    follows_flag: true,
                });
                pinned.push(false);
                prev_was_flag = false;
            } else {
                prev_was_flag = true;
            }
            continue;
        }
        if let Some(form) = config.filter(|f| f.key == at) {
            if let Some(verb) = form.verb {
                out.push(Word {
                    text: verb.to_string(),
                    kind: WordKind::Operand,
                    follows_flag: false,
                });
                pinned.push(false);
            }
            out.push(Word {
                text: git_config_key_case(&w),
                kind: WordKind::Operand,
                follows_flag: false,
            });
            pinned.push(false);
            prev_was_flag = false;
            continue;
        }
        script_seen |= interpreter && !prev_was_flag;
        out.push(Word {
            text: normalise_path(&w),
            kind: WordKind::Operand,
            follows_flag: prev_was_flag,
        });
        pinned.push(false);
        prev_was_flag = false;
    }
    sort_flag_runs(&mut out, &pinned);
    for r in redirects {
        out.push(Word {
            text: format!(">{}", normalise_path(&fold_lookalikes(r))),
            kind: WordKind::Redirect,
            follows_flag: false,
        });
    }
    out
}

/// `kill`'s words with its signal written one way (`-s KILL`, `-n 9`, `--signal=SIGKILL` and
/// `-SIGKILL` are `-KILL`, which the alias table makes `-9`) and its process ids after a `--`
/// when any of them starts with `-`, so `kill -HUP -1` reads as `kill -HUP -- -1`.
fn kill_operands(rest: &[String]) -> Vec<String> {
    let signal_name = |s: &str| {
        let s = s.to_ascii_uppercase();
        let s = s.strip_prefix("SIG").unwrap_or(&s).to_string();
        format!("-{s}")
    };
    let mut out = Vec::with_capacity(rest.len() + 1);
    let mut ids = rest;
    match rest {
        [flag, value, tail @ ..] if matches!(flag.as_str(), "-s" | "-n" | "--signal") => {
            out.push(signal_name(value));
            ids = tail;
        }
        [flag, tail @ ..] if flag.starts_with("--signal=") => {
            out.push(signal_name(&flag["--signal=".len()..]));
            ids = tail;
        }
        [flag, tail @ ..] if is_flag(flag) => {
            out.push(match flag.strip_prefix('-') {
                Some(sig) if sig.bytes().all(|b| b.is_ascii_alphabetic()) && sig.len() > 1 => {
                    signal_name(sig)
                }
                _ => flag.clone(),
            });
            ids = tail;
        }
        _ => {}
    }
    let ids = match ids.split_first() {
        Some((dashes, tail)) if dashes == "--" => tail,
        _ => ids,
    };
    if ids.iter().any(|w| w.starts_with('-')) {
        out.push("--".to_owned());
    }
    out.extend(ids.iter().cloned());
    out
}

/// A container engine's `--mount` value as the `-v` form of the same bind: `type=bind,
/// source=/,target=/host,readonly` is `/:/host:ro` (`src`, `dst`, `destination`, `ro` are its
/// other spellings). `None` for a mount that names no source path (a named volume, a tmpfs).
fn mount_as_volume(spec: &str) -> Option<String> {
    let (mut kind, mut source, mut target, mut read_only) = (None, None, None, false);
    for field in spec.split(',') {
        let (key, value) = match field.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (field.trim(), None),
        };
        match key {
            "type" => kind = value,
            "source" | "src" => source = value,
            "target" | "destination" | "dst" => target = value,
            "readonly" | "ro" => read_only = value.is_none_or(|v| matches!(v, "true" | "1")),
            _ => {}
        }
    }
    let source = source?;
    let is_path = source.starts_with(['/', '~', '$', '.']);
    if !(kind == Some("bind") || (kind.is_none() && is_path)) {
        return None;
    }
    let mut v = volume_source_trimmed(&format!("{source}:{}", target.unwrap_or("")));
    if read_only {
        v.push_str(":ro");
    }
    Some(v)
}

/// A `-v SRC:DST[:OPTS]` value with the source's trailing `/` dropped (`/srv/data/:/data` is
/// `/srv/data:/data`; `/` stays the root).
fn volume_source_trimmed(spec: &str) -> String {
    match spec.split_once(':') {
        Some((src, rest)) if src.len() > 1 && src.ends_with('/') => {
            let src = match src.trim_end_matches('/') {
                "" => "/",
                s => s,
            };
            format!("{src}:{rest}")
        }
        _ => spec.to_string(),
    }
}

/// Where `git config`'s key is in a command's words after the name, and the verb of git's newer
/// syntax the older one means (`git config KEY VALUE` is `git config set KEY VALUE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GitConfigForm {
    /// Index of the key among the words after the command name.
    pub key: usize,
    /// `set` or `get` for the older syntax without an action option; `None` when the words say
    /// it (`git config set ...`, `git config --get KEY`).
    pub verb: Option<&'static str>,
    /// Index of the value the key is set to, when the command sets it.
    pub sets: Option<usize>,
}

/// git's options before a subcommand that take the next word as their value.
const GIT_VALUE_OPTIONS: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--config-env",
    "--super-prefix",
];
/// `git config` options that take the next word as their value.
const GIT_CONFIG_VALUE_OPTIONS: &[&str] = &[
    "-f",
    "--file",
    "--blob",
    "--type",
    "-t",
    "--default",
    "--comment",
    "--value",
];

/// The key of a `git ... config ...` command (`rest` is the words after `git`) and whether a
/// value is set: git's older syntax (`git config [--add|--replace-all] KEY VALUE`, `git config
/// KEY`) and its newer one (`git config set KEY VALUE`). `None` when the words name no key.
pub fn git_config_form(rest: &[impl AsRef<str>]) -> Option<GitConfigForm> {
    let mut i = 0;
    loop {
        let w = fold_lookalikes(rest.get(i)?.as_ref());
        match w.as_ref() {
            "config" => break,
            f if is_flag(f) => i += if GIT_VALUE_OPTIONS.contains(&f) { 2 } else { 1 },
            _ => return None,
        }
    }
    let mut positional = Vec::new();
    let mut other_action = false;
    let mut options_done = false;
    let mut j = i + 1;
    while let Some(w) = rest.get(j) {
        let w = fold_lookalikes(w.as_ref());
        j += 1;
        if !options_done && w == "--" {
            options_done = true;
        } else if !options_done && is_flag(&w) {
            let flag = w.split_once('=').map_or(w.as_ref(), |(f, _)| f);
            if GIT_CONFIG_VALUE_OPTIONS.contains(&flag) && !w.contains('=') {
                j += 1;
            }
            // An option that reads, removes or renames rather than sets.
            other_action |= GIT_CONFIG_READS.contains(&flag) || GIT_CONFIG_REMOVALS.contains(&flag);
        } else {
            positional.push(j - 1);
        }
    }
    let first = fold_lookalikes(rest.get(*positional.first()?)?.as_ref()).into_owned();
    if GIT_CONFIG_VERBS.contains(&first.as_str()) {
        // The newer syntax; `rename-section` and `remove-section` name sections, not keys.
        let key = *positional.get(1)?;
        return matches!(first.as_str(), "get" | "set" | "unset").then_some(GitConfigForm {
            key,
            verb: None,
            sets: positional.get(2).copied().filter(|_| first == "set"),
        });
    }
    let sets = positional.get(1).copied().filter(|_| !other_action);
    Some(GitConfigForm {
        key: positional[0],
        verb: match (other_action, sets) {
            (true, _) => None,
            (false, Some(_)) => Some("set"),
            (false, None) => Some("get"),
        },
        sets,
    })
}

/// A git configuration key as git compares it: the section and the variable name are
/// case-insensitive (`core.hooksPath` is `core.hookspath`), a subsection is not
/// (`filter.LFS.clean` keeps `LFS`).
pub fn git_config_key_case(key: &str) -> String {
    match (key.find('.'), key.rfind('.')) {
        (Some(first), Some(last)) => format!(
            "{}{}{}",
            key[..first].to_ascii_lowercase(),
            &key[first..last],
            key[last..].to_ascii_lowercase()
        ),
        _ => key.to_ascii_lowercase(),
    }
}

/// Sort each run of adjacent flags, so `-fr`, `-r -f` and `--force --recursive` read alike. A
/// pinned flag (one that owns the value after it) ends a run and keeps its place.
fn sort_flag_runs(words: &mut [Word], pinned: &[bool]) {
    let mut i = 0;
    while i < words.len() {
        if words[i].kind != WordKind::Flag || pinned.get(i).copied().unwrap_or(false) {
            i += 1;
            continue;
        }
        let start = i;
        while i < words.len()
            && words[i].kind == WordKind::Flag
            && !pinned.get(i).copied().unwrap_or(false)
        {
            i += 1;
        }
        words[start..i].sort_by(|a, b| a.text.cmp(&b.text));
    }
}

/// Whether the short option `-c` of `head` (and subcommand `sub`) takes a value, for reading
/// a cluster: git's short options differ by subcommand, others come from [`takes_value`].
fn cluster_takes_value(head: &str, sub: &str, c: char) -> bool {
    if head != "git" {
        return takes_value(head, &format!("-{c}"));
    }
    let letters = match sub {
        "switch" => "cC",
        "checkout" => "bB",
        "commit" => "mFCc",
        "tag" => "mFu",
        "clone" => "bocu",
        "merge" => "mXs",
        "rebase" => "xXs",
        "stash" => "m",
        "log" | "shortlog" => "n",
        "" => "Cc",
        _ => "",
    };
    letters.contains(c)
}

/// Whether tar's first word is a bundle of its options written without a dash: letters only,
/// one of them an operation (`xzf`, `cvf`, `tf`).
fn tar_bundle(word: &str) -> bool {
    !word.is_empty()
        && word.bytes().all(|b| b.is_ascii_alphabetic())
        && word.bytes().any(|b| b"cxtruA".contains(&b))
}

/// Options that take the next word as their value, per command: they keep their place before
/// it when flags are sorted.
fn takes_value(head: &str, flag: &str) -> bool {
    let list: &[&str] = match head {
        "curl" => &[
            "-m",
            "-o",
            "-H",
            "-d",
            "-X",
            "-u",
            "-A",
            "-e",
            "-b",
            "-c",
            "-F",
            "-T",
            "-w",
            "-x",
            "-K",
            "-r",
            "-E",
            "-Y",
            "-y",
            "-z",
            "--max-time",
            "--connect-timeout",
            "--output",
            "--header",
            "--data",
            "--data-raw",
            "--data-binary",
            "--request",
            "--user",
            "--retry",
            "--user-agent",
            "--cookie",
            "--form",
            "--upload-file",
            "--proxy",
            "--config",
            "--write-out",
            "--json",
        ],
        "wget" => &[
            "-O",
            "-o",
            "-P",
            "-t",
            "-T",
            "-U",
            "-a",
            "-e",
            "-i",
            "--output-document",
        ],
        "grep" | "egrep" | "fgrep" | "rg" => &["-e", "-f", "-A", "-B", "-C", "-m", "-g", "-t"],
        "head" | "tail" => &["-n", "-c"],
        "git" => &["-C", "-c", "-m", "-F", "-b", "-B", "-X", "-s", "-o", "-S"],
        "tar" | "bsdtar" => &["-f", "-C", "-I", "-T", "-X"],
        "ssh" | "scp" | "sftp" => &["-i", "-p", "-P", "-o", "-l", "-F", "-J", "-L", "-R", "-D"],
        "sort" => &["-k", "-t", "-o", "-S", "-T"],
        "cut" => &["-d", "-f", "-b", "-c"],
        "xargs" => &["-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a"],
        "timeout" => &["-s", "-k"],
        "docker" | "podman" => &[
            "-e", "-v", "-p", "-w", "-u", "-f", "-t", "--name", "--env", "--mount", "--volume",
        ],
        "kubectl" => &["-n", "-f", "-l", "-o", "-c", "--context", "--namespace"],
        _ => &[],
    };
    list.contains(&flag)
}

/// The canonical text of a simple command: its words joined by single spaces.
pub fn canonical_text(words: &[Word]) -> String {
    let mut s = String::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        if w.text.contains(char::is_whitespace) || w.text.is_empty() {
            s.push('\'');
            s.push_str(&w.text.replace('\'', "'\\''"));
            s.push('\'');
        } else {
            s.push_str(&w.text);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(argv: &[&str]) -> String {
        let argv: Vec<String> = argv.iter().map(|s| s.to_string()).collect();
        canonical_text(&canonical_words(&argv, &[]))
    }

    #[test]
    fn flags_are_made_equal() {
        let expected = canon(&["rm", "-f", "-r", "/"]);
        for argv in [
            &["rm", "-rf", "/"][..],
            &["rm", "-fr", "/"],
            &["/bin/rm", "--recursive", "--force", "/"],
            &["rm", "-R", "-f", "/"],
            &["rm", "\u{2013}rf", "/"],
        ] {
            assert_eq!(canon(argv), expected, "{argv:?}");
        }
    }

    #[test]
    fn kill_names_its_signal_one_way_and_reads_negative_ids_as_operands() {
        for (argv, expected) in [
            (&["kill", "4242"][..], "kill 4242"),
            (&["kill", "-9", "4242"], "kill -9 4242"),
            (&["kill", "-KILL", "4242"], "kill -9 4242"),
            (&["kill", "-SIGKILL", "4242"], "kill -9 4242"),
            (&["kill", "-s", "KILL", "4242"], "kill -9 4242"),
            (&["kill", "-s", "sigkill", "4242"], "kill -9 4242"),
            (&["kill", "--signal=KILL", "4242"], "kill -9 4242"),
            (&["kill", "-s", "TERM", "4242"], "kill -TERM 4242"),
            (&["kill", "-HUP", "-1"], "kill -HUP -- -1"),
            (&["kill", "-1", "-1"], "kill -1 -- -1"),
            (&["kill", "-1", "4242"], "kill -1 4242"),
            (&["kill", "-9", "--", "-1"], "kill -9 -- -1"),
            (&["kill", "--", "-1"], "kill -- -1"),
            (&["kill", "--", "1"], "kill 1"),
            (&["kill", "-TERM", "4242", "-1"], "kill -TERM -- 4242 -1"),
            (&["kill", "-l"], "kill -l"),
        ] {
            assert_eq!(canon(argv), expected, "{argv:?}");
        }
    }

    #[test]
    fn xclip_options_are_whole_words_and_xsel_long_options_are_its_short_ones() {
        for (argv, expected) in [
            (
                &["xclip", "-selection", "clipboard"][..],
                "xclip -selection clipboard",
            ),
            (&["xclip", "-sel", "c"], "xclip -selection c"),
            (&["xclip", "-out", "-sel", "c"], "xclip -o -selection c"),
            (&["xclip", "-in", "notes.md"], "xclip -i notes.md"),
            (&["xsel", "--clipboard", "--output"], "xsel -b -o"),
            (&["xsel", "--input"], "xsel -i"),
        ] {
            assert_eq!(canon(argv), expected, "{argv:?}");
        }
    }

    #[test]
    fn tars_traditional_bundle_is_its_options() {
        for (old, new) in [
            (
                &["tar", "xzf", "a.tgz", "-C", "/"][..],
                &["tar", "-xzf", "a.tgz", "-C", "/"][..],
            ),
            (
                &["tar", "cvf", "out.tar", "src"],
                &["tar", "-cvf", "out.tar", "src"],
            ),
            (&["bsdtar", "tf", "a.tar"], &["bsdtar", "-tf", "a.tar"]),
        ] {
            assert_eq!(canon(old), canon(new), "{old:?}");
        }
        // Only a first word of letters with an operation is a bundle.
        assert_eq!(canon(&["tar", "a.tgz"]), "tar a.tgz");
        assert_eq!(canon(&["tar", "-f", "a.tar", "xzf"]), "tar -f a.tar xzf");
    }

    #[test]
    fn paths_are_normalised() {
        for (raw, want) in [
            ("/", "/"),
            ("//", "/"),
            ("/etc/", "/etc"),
            ("/tmp/../", "/"),
            ("/tmp/../etc/./x/", "/etc/x"),
            ("~/", "~"),
            ("${HOME}/", "~"),
            ("$HOME/.ssh/", "~/.ssh"),
            ("build/", "build"),
            ("..", ".."),
            ("./*", "./*"),
            ("/a/b/../../..", "/"),
            ("/..", "/"),
            ("/a//b", "/a/b"),
            ("~", "~"),
            ("~/a/..", "~"),
            ("$HOME", "~"),
            ("$HOME/../x", "~/x"),
            ("${HOME}/a/./b/", "~/a/b"),
            ("${HOME}/.cache/pip", "~/.cache/pip"),
            ("$HOMEDIR/x", "$HOMEDIR/x"),
            ("$APP_DIR/", "$APP_DIR/"),
            ("${OUT}//", "${OUT}/"),
            ("$APP_DIR", "$APP_DIR"),
            ("$APP_DIR/build/", "$APP_DIR/build"),
        ] {
            assert_eq!(normalise_path(raw), want, "{raw}");
        }
    }

    #[test]
    fn single_dash_long_options_stay_whole() {
        assert_eq!(
            canon(&["find", ".", "-name", "x", "-delete"]),
            "find . -name x -delete"
        );
        assert_eq!(canon(&["git", "branch", "-D", "x"]), "git branch -d -f x");
        assert_eq!(
            canon(&["git", "push", "origin", "main", "--force"]),
            "git push origin main -f"
        );
        // ImageMagick's and cwebp's options are words, sorted as words.
        assert_eq!(
            canon(&["mogrify", "-resize", "50%", "-strip", "a.jpg"]),
            "mogrify -resize 50% -strip a.jpg"
        );
        assert_eq!(
            canon(&["cwebp", "-q", "80", "a.png", "-o", "a.webp"]),
            "cwebp -q 80 a.png -o a.webp"
        );
    }

    #[test]
    fn git_config_reads_as_get_or_set_of_a_case_folded_key() {
        for (argv, want) in [
            (
                &["git", "config", "core.hooksPath", "/tmp/h"][..],
                "git config set core.hookspath /tmp/h",
            ),
            (
                &["git", "config", "--global", "core.HooksPath", "x"],
                "git config --global set core.hookspath x",
            ),
            (
                &["git", "-C", "repo", "config", "--add", "alias.UP", "!sh"],
                "git -C repo config --add set alias.up !sh",
            ),
            (
                &["git", "config", "-f", ".gitmodules", "core.pager", "less"],
                "git config -f .gitmodules set core.pager less",
            ),
            (
                &["git", "config", "filter.LFS.Smudge", "x"],
                "git config set filter.LFS.smudge x",
            ),
            (
                &["git", "config", "core.hooksPath"],
                "git config get core.hookspath",
            ),
            (
                &["git", "config", "--get", "core.hooksPath"],
                "git config --get core.hookspath",
            ),
            (
                &["git", "config", "--unset", "core.hooksPath"],
                "git config --unset core.hookspath",
            ),
            (
                &["git", "config", "set", "--global", "Core.Editor", "vim"],
                "git config set --global core.editor vim",
            ),
            (&["git", "config", "--list"], "git config --list"),
            (
                &["git", "commit", "-m", "core.hooksPath x"],
                "git commit -m 'core.hooksPath x'",
            ),
        ] {
            assert_eq!(canon(argv), want, "{argv:?}");
        }
    }

    #[test]
    fn an_attached_branch_name_is_a_value_not_flags() {
        for (argv, want) in [
            (&["git", "switch", "-cfix"][..], "git switch -c fix"),
            (&["git", "switch", "-Cwip"], "git switch -C wip"),
            (&["git", "checkout", "-bdraft"], "git checkout -b draft"),
            (&["git", "checkout", "-Bredo"], "git checkout -B redo"),
            // The same letters as flags of other subcommands stay flags.
            (&["git", "clean", "-Xdf"], "git clean -X -d -f"),
            (&["git", "checkout", "-fb", "x"], "git checkout -b -f x"),
        ] {
            assert_eq!(canon(argv), want, "{argv:?}");
        }
    }

    #[test]
    fn an_in_place_backup_suffix_is_no_operand() {
        for (argv, want) in [
            (&["sed", "-i.bak", "s/a/b/", "f"][..], "sed -i s/a/b f"),
            // gsed is sed (`terraphim_shell_vocab::PROGRAM_ALIASES`)
            (&["gsed", "-i~", "s/a/b/", "f"], "sed -i s/a/b f"),
            (
                &["perl", "-i.orig", "-pe", "s/a/b/", "f"],
                "perl -e -i -p s/a/b f",
            ),
            (
                &["perl", "-pi.bak", "-e", "s/a/b/", "f"],
                "perl -e -i -p s/a/b f",
            ),
            // the record separator takes digits only; the letters after it are switches
            (
                &["perl", "-0pi", "-e", "s/a/b/", "f"],
                "perl -0 -e -i -p s/a/b f",
            ),
            (
                &["perl", "-0777pi.bak", "-e", "s/a/b/", "f"],
                "perl -0 -e -i -p s/a/b f",
            ),
            (&["ruby", "-0pi", "-e", "x", "f"], "ruby -0 -e -i -p x f"),
            (
                &["perl", "-0777", "-ne", "print", "f"],
                "perl -0777 -e -n print f",
            ),
            // a backup put elsewhere keeps its suffix, as a value
            (&["sed", "-i/tmp/*", "s/a/b/", "f"], "sed -i /tmp/* s/a/b f"),
        ] {
            assert_eq!(canon(argv), want, "{argv:?}");
        }
    }

    #[test]
    fn sql_string_literals_are_data() {
        for (word, want) in [
            (
                "INSERT INTO audit(cmd) VALUES ('DROP TABLE users')",
                "INSERT INTO audit(cmd) VALUES ('')",
            ),
            ("select 'it''s', 'a' || 'b'", "select '', '' || ''"),
            ("DROP TABLE t", "DROP TABLE t"),
            // text run as SQL, and an unclosed literal, stay as written
            (
                "DO $$ BEGIN EXECUTE 'DROP TABLE t'; END $$",
                "DO $$ BEGIN EXECUTE 'DROP TABLE t'; END $$",
            ),
            ("PREPARE p AS 'x'", "PREPARE p AS 'x'"),
            ("select 'a", "select 'a"),
            // quotes a client reads otherwise: the DROP after each runs
            (
                "SELECT 'a\\'; '; DROP TABLE t; --'",
                "SELECT 'a\\'; '; DROP TABLE t; --'",
            ),
            (
                "SELECT \"it's\"; DROP TABLE t; -- '",
                "SELECT \"it's\"; DROP TABLE t; -- '",
            ),
            (
                "SELECT 1; -- it's\nDROP TABLE t; -- '",
                "SELECT 1; -- it's\nDROP TABLE t; -- '",
            ),
            (
                "SELECT 1 /* ' */; DROP TABLE t; -- '",
                "SELECT 1 /* ' */; DROP TABLE t; -- '",
            ),
            (
                "SELECT $a$ it's $a$; DROP TABLE t; -- '",
                "SELECT $a$ it's $a$; DROP TABLE t; -- '",
            ),
            (
                "SELECT 1 # it's\nDROP TABLE t; # '",
                "SELECT 1 # it's\nDROP TABLE t; # '",
            ),
        ] {
            assert_eq!(sql_literals_blanked(word), want, "{word}");
        }
        // only a SQL client's words are read so
        let psql = canon(&["psql", "-c", "INSERT INTO t VALUES ('DROP TABLE x')"]);
        assert!(!psql.to_lowercase().contains("drop table"), "{psql}");
        let echo = canon(&["echo", "INSERT INTO t VALUES ('DROP TABLE x')"]);
        assert!(echo.to_lowercase().contains("drop table"), "{echo}");
    }
}
