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
    // httpie and xh write the body with `--download`, to the file `-o` names.
    ("http", &["-o", "--output"]),
    ("https", &["-o", "--output"]),
    ("xh", &["-o", "--output"]),
    ("xhs", &["-o", "--output"]),
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
    ("iconv", &["-o", "--output"]),
    ("lighthouse", &["--output-path"]),
    // ImageMagick writes the image as it stands at `-write FILE` besides its last operand.
    ("magick", &["-write"]),
    ("convert", &["-write"]),
];

/// Per downloader: its options that name the directory a download lands in, under the name the
/// URL gives it. A download into a directory whose every file runs at login
/// (`wget -P ~/.config/autostart URL`) writes there as `-O DIR/NAME` would; only the place
/// decides (`place_decided_writes`), so a download into the project stays with its entries.
const DOWNLOAD_DIRS: &[(&str, &[&str])] = &[
    ("wget", &["-P", "--directory-prefix"]),
    ("aria2c", &["-d", "--dir"]),
];

/// Programs that rewrite the files they are given in place (line-ending converters, ImageMagick's
/// `mogrify`, text substitution tools): a file operand is written as `> FILE` writes it. Per
/// program: how many leading operands are its program (`sd FIND REPLACE FILE...`), the options
/// that take a value (so the value is no file), and the options under which it writes nothing
/// in place (`sd -p` previews; `dos2unix -n IN OUT` writes only each pair's second file;
/// `mogrify -path DIR` writes into DIR, named as a written directory).
struct InPlace {
    name: &'static str,
    program_operands: usize,
    valued: &'static [&'static str],
    no_write: &'static [&'static str],
    /// Options under which the files come in pairs and only each pair's second is written.
    pairs: &'static [&'static str],
    /// The option whose value is the directory written instead of the operands.
    into_dir: Option<&'static str>,
}

const IN_PLACE: &[InPlace] = &[
    InPlace {
        name: "dos2unix",
        program_operands: 0,
        valued: &["-c", "--convmode", "-i", "--info"],
        no_write: &[],
        pairs: &["-n", "--newfile"],
        into_dir: None,
    },
    InPlace {
        name: "unix2dos",
        program_operands: 0,
        valued: &["-c", "--convmode", "-i", "--info"],
        no_write: &[],
        pairs: &["-n", "--newfile"],
        into_dir: None,
    },
    InPlace {
        name: "mogrify",
        program_operands: 0,
        valued: MAGICK_VALUED,
        no_write: &[],
        pairs: &[],
        into_dir: Some("-path"),
    },
    InPlace {
        name: "sd",
        program_operands: 2,
        valued: &["-f", "--flags", "-n", "--max-replacements"],
        no_write: &["-p", "--preview"],
        pairs: &[],
        into_dir: None,
    },
    InPlace {
        name: "fastmod",
        program_operands: 2,
        valued: &[
            "-e",
            "--extensions",
            "-g",
            "--glob",
            "--iglob",
            "-d",
            "--dir",
        ],
        no_write: &[],
        pairs: &[],
        into_dir: None,
    },
];

/// ImageMagick options whose value is a word, not an image (`-resize 50%`, `-path DIR`): enough
/// of them that a value is not taken for a file; a value taken for one can only add a file the
/// place check then finds harmless.
const MAGICK_VALUED: &[&str] = &[
    "-path",
    "-resize",
    "-format",
    "-quality",
    "-thumbnail",
    "-crop",
    "-rotate",
    "-density",
    "-colorspace",
    "-gravity",
    "-extent",
    "-background",
    "-fill",
    "-sampling-factor",
    "-interlace",
    "-define",
    "-geometry",
    "-scale",
    "-sample",
    "-depth",
    "-type",
    "-units",
    "-filter",
    "-alpha",
    "-compress",
    "-set",
];

/// The files `argv` rewrites in place, by [`IN_PLACE`] (`magick mogrify` as `mogrify`).
fn in_place_writes(argv: &[String]) -> Vec<&str> {
    let Some(first) = argv.first() else {
        return Vec::new();
    };
    let mut name = command_basename(first);
    let mut args = &argv[1..];
    if name == "magick" && args.first().is_some_and(|a| a == "mogrify") {
        name = "mogrify";
        args = &args[1..];
    }
    let Some(tool) = IN_PLACE.iter().find(|t| t.name == name) else {
        return Vec::new();
    };
    let mut operands = Vec::new();
    let mut new_file_pairs = false;
    let mut written_dir = None;
    let mut i = 0;
    let mut options_end = false;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        if options_end || !arg.starts_with('-') || arg == "-" {
            operands.push(arg);
            continue;
        }
        if arg == "--" {
            options_end = true;
            continue;
        }
        let flag = arg.split_once('=').map_or(arg, |(f, _)| f);
        if tool.no_write.contains(&flag) {
            return Vec::new();
        }
        new_file_pairs |= tool.pairs.contains(&flag);
        if tool.valued.contains(&flag) && !arg.contains('=') {
            if tool.into_dir == Some(flag) {
                written_dir = args.get(i).map(String::as_str);
            }
            i += 1;
        }
    }
    let files = operands.into_iter().skip(tool.program_operands);
    if let Some(dir) = written_dir {
        return vec![dir];
    }
    if new_file_pairs {
        return files.skip(1).step_by(2).collect();
    }
    files.collect()
}

/// The files `argv` writes through its output options that are operating system files or
/// trust anchors, as the words name them.
pub(super) fn place_decided_writes(argv: &[String]) -> Vec<String> {
    let Some(name) = argv.first().map(|n| command_basename(n)) else {
        return Vec::new();
    };
    let options = OUTPUT_OPTIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(&[][..], |(_, options)| *options);
    let dirs = DOWNLOAD_DIRS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(&[][..], |(_, options)| *options);
    written_files(&argv[1..], options)
        .into_iter()
        .chain(written_files(&argv[1..], dirs))
        .chain(in_place_writes(argv))
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
            // Programs that rewrite their operands in place.
            ("dos2unix ~/.bashrc", &["~/.bashrc"]),
            ("unix2dos -q /etc/hosts", &["/etc/hosts"]),
            ("dos2unix -n notes.txt ~/.profile", &["~/.profile"]),
            ("dos2unix -n ~/.profile notes.txt", &[]),
            ("dos2unix scripts/a.sh docs/b.md", &[]),
            (
                "sd -F old new .git/hooks/pre-commit",
                &[".git/hooks/pre-commit"],
            ),
            ("sd -p old new .git/hooks/pre-commit", &[]),
            ("sd /etc/hosts new src/a.rs", &[]),
            ("mogrify -resize 50% ~/.zshrc", &["~/.zshrc"]),
            ("magick mogrify -strip /etc/motd", &["/etc/motd"]),
            (
                "mogrify -path .git/hooks -resize 50% a.png",
                &[".git/hooks"],
            ),
            ("mogrify -resize 50% assets/a.png", &[]),
            ("fastmod --accept-all old new ~/.claude", &["~/.claude"]),
            ("fastmod --accept-all -e rs old new src", &[]),
            ("magick in.png -write ~/.bashrc out.png", &["~/.bashrc"]),
            (
                "iconv -f latin1 -t utf-8 -o /etc/issue a.txt",
                &["/etc/issue"],
            ),
            ("iconv -f latin1 -t utf-8 /etc/issue", &[]),
            // Session 57: a download's directory, and httpie's and xh's output file.
            (
                "wget -P ~/.config/autostart https://x.test/a.desktop",
                &["~/.config/autostart"],
            ),
            (
                "aria2c -d /etc/profile.d https://x.test/p.sh",
                &["/etc/profile.d"],
            ),
            ("wget -P build/downloads https://x.test/a.tgz", &[]),
            (
                "http --download -o ~/.xprofile https://x.test/x",
                &["~/.xprofile"],
            ),
            ("xh -d -o build/x.json https://x.test/x", &[]),
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
