//! Options whose value is a file the command writes (`curl -o FILE`, `sort -o FILE`, `openssl
//! ... -out FILE`, `gcc -o FILE`). Such a file is written as a `> FILE` redirect writes it, so
//! where the place alone decides a redirect (an operating system file, a trust anchor), the
//! option is judged as that redirect: `sort -o /etc/hosts x` is `sort x > /etc/hosts`.
//! Writes elsewhere (the project, the home) stay with the tool's own entries: a compiler's
//! output in the project is its job, not a truncation of work.

use crate::canon::command_basename;
use crate::paths;

/// Per program: its options that name a written file. A one-letter option (`-o`) takes its
/// value attached (`-ofile`), as the next word, or as the next word after a cluster it ends
/// (`curl -sSLo FILE`); a long one (`--output`, `-out`) as the next word or after `=`.
const OUTPUT_OPTIONS: &[(&str, &[&str])] = &[
    (
        "curl",
        &[
            "-o",
            "--output",
            "-D",
            "--dump-header",
            "-c",
            "--cookie-jar",
            "--trace",
            "--trace-ascii",
            "--libcurl",
            "--stderr",
            "--etag-save",
            "--hsts",
            "--alt-svc",
        ],
    ),
    (
        "wget",
        &[
            "-O",
            "--output-document",
            "-o",
            "--output-file",
            "-a",
            "--append-output",
            "--save-cookies",
        ],
    ),
    ("openssl", &["-out", "-keyout"]),
    ("sort", &["-o", "--output"]),
    ("gcc", &["-o"]),
    ("g++", &["-o"]),
    ("cc", &["-o"]),
    ("c++", &["-o"]),
    ("clang", &["-o"]),
    ("clang++", &["-o"]),
    ("ld", &["-o", "--output"]),
    ("rustc", &["-o"]),
    ("go", &["-o"]),
    ("gpg", &["-o", "--output"]),
    ("gpg2", &["-o", "--output"]),
    // macOS's keychain tool: `security export -o FILE` writes the items it exports.
    ("security", &["-o"]),
    ("pandoc", &["-o", "--output"]),
    ("pg_dump", &["-f", "--file"]),
    ("pg_dumpall", &["-f", "--file"]),
    ("mysqldump", &["-r", "--result-file"]),
    ("mariadb-dump", &["-r", "--result-file"]),
    ("mongodump", &["-o", "--out"]),
    ("mongoexport", &["-o", "--out"]),
    ("redis-cli", &["--rdb"]),
    ("gitleaks", &["-r", "--report-path"]),
    ("docker", &["-o", "--output"]),
    ("podman", &["-o", "--output"]),
    ("git", &["-o", "--output"]),
    ("tcpdump", &["-w"]),
    ("strace", &["-o", "--output"]),
    ("ltrace", &["-o", "--output"]),
    (
        "valgrind",
        &[
            "--log-file",
            "--xml-file",
            "--massif-out-file",
            "--callgrind-out-file",
            "--cachegrind-out-file",
            "--dhat-out-file",
        ],
    ),
    ("time", &["-o", "--output"]),
    ("perf", &["-o", "--output"]),
    ("py-spy", &["-o", "--output"]),
    ("base64", &["-o", "--output"]),
];

/// The files `argv` writes through its output options that are operating system files or
/// trust anchors, as the words name them.
pub(super) fn place_decided_writes(argv: &[String]) -> Vec<String> {
    let Some(name) = argv.first().map(|n| command_basename(n)) else {
        return Vec::new();
    };
    let Some((_, options)) = OUTPUT_OPTIONS.iter().find(|(n, _)| *n == name) else {
        return Vec::new();
    };
    written_files(&argv[1..], options)
        .into_iter()
        .filter(|f| paths::is_system_file(f) || paths::is_trust_anchor(f, None, None))
        .map(str::to_string)
        .collect()
}

/// Every file `argv` writes through its output options, wherever it lies.
pub(super) fn option_writes(argv: &[String]) -> Vec<String> {
    let Some(name) = argv.first().map(|n| command_basename(n)) else {
        return Vec::new();
    };
    OUTPUT_OPTIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, options)| {
            written_files(&argv[1..], options)
                .into_iter()
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The files a wrapper (`strace`, `valgrind`, `time`, `perf record`) writes through its own
/// `options` (the words before the command it runs).
pub(super) fn wrapper_writes(name: &str, options: &[String]) -> Vec<String> {
    let argv: Vec<String> = std::iter::once(name.to_string())
        .chain(options.iter().cloned())
        .collect();
    option_writes(&argv)
}

/// The values of `options` in `args` (the words after the program's name).
fn written_files<'a>(args: &'a [String], options: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let next = args.get(i + 1).map(String::as_str);
        i += 1;
        if arg == "--" {
            break;
        }
        if !arg.starts_with('-') || arg == "-" {
            continue;
        }
        for opt in options {
            let short = opt.len() == 2 && !opt.starts_with("--");
            if arg == *opt {
                out.extend(next);
            } else if short && !arg.starts_with("--") {
                let letter = &opt[1..];
                if let Some(value) = arg.strip_prefix(opt) {
                    // `-ofile`: the value attached.
                    out.push(value);
                } else if arg[1..].ends_with(letter)
                    && arg[1..arg.len() - 1]
                        .bytes()
                        .all(|b| b.is_ascii_alphabetic())
                {
                    // `-sSLo FILE`: a cluster of flags the option ends.
                    out.extend(next);
                }
            } else if let Some(value) = arg
                .strip_prefix(opt)
                .and_then(|rest| rest.strip_prefix('='))
            {
                out.push(value);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_options_that_name_system_files_or_trust_anchors() {
        let rows: &[(&str, &[&str])] = &[
            ("curl -o /etc/hosts https://x", &["/etc/hosts"]),
            (
                "curl -sSLo /usr/local/bin/t https://x",
                &["/usr/local/bin/t"],
            ),
            ("curl --output=/etc/hosts https://x", &["/etc/hosts"]),
            ("curl -o/etc/hosts https://x", &["/etc/hosts"]),
            ("/usr/bin/sort -u -o /etc/passwd x", &["/etc/passwd"]),
            ("openssl enc -in /tmp/x -out /etc/shadow", &["/etc/shadow"]),
            (
                "gcc -o .git/hooks/pre-commit h.c",
                &[".git/hooks/pre-commit"],
            ),
            (
                "wget -O /etc/apt/sources.list https://x",
                &["/etc/apt/sources.list"],
            ),
            // Not system files nor anchors: the tool's own entries judge them.
            ("curl -o /dev/null https://x", &[]),
            ("curl -o build/x.json https://x", &[]),
            ("go build -o bin/server ./cmd/server", &[]),
            ("curl -o /tmp/x https://x", &[]),
            ("curl -o /opt/tools/t https://x", &[]),
            ("sort -n /etc/hosts", &[]),
            // Not an output option of this program, or not an option.
            ("ssh -o /etc/x host", &[]),
            ("gcc -O2 -c /usr/x.c", &[]),
            ("curl -- -o /etc/hosts", &[]),
        ];
        for (line, want) in rows {
            let argv: Vec<String> = line.split_whitespace().map(String::from).collect();
            assert_eq!(place_decided_writes(&argv), *want, "{line}");
        }
    }

    #[test]
    fn files_a_wrapper_writes_beside_its_command() {
        // (wrapper, its own options, the files they write)
        let rows: &[(&str, &str, &[&str])] = &[
            ("strace", "-f -o trace.txt", &["trace.txt"]),
            ("ltrace", "-otrace.txt", &["trace.txt"]),
            ("valgrind", "--log-file=~/.bashrc", &["~/.bashrc"]),
            (
                "valgrind",
                "--tool=massif --massif-out-file=m.out",
                &["m.out"],
            ),
            ("time", "-o /etc/profile -f %e", &["/etc/profile"]),
            ("perf", "-o perf.data -g", &["perf.data"]),
            ("py-spy", "-o flame.svg --rate 50 --", &["flame.svg"]),
            ("strace", "-f -e trace=open", &[]),
            ("nice", "-n 5", &[]),
        ];
        for (name, options, want) in rows {
            let options: Vec<String> = options.split_whitespace().map(String::from).collect();
            assert_eq!(wrapper_writes(name, &options), *want, "{name} {options:?}");
        }
    }
}
