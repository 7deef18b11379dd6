//! Programs: shells, interpreters, wrappers and build runners, and the files runners read.

/// Files that build and test runners read as instructions, by file name.
pub const BUILD_INPUTS: &[&str] = &[
    "Makefile",
    "makefile",
    "GNUmakefile",
    "package.json",
    "conftest.py",
    "pytest.ini",
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "tox.ini",
    "noxfile.py",
    "Cargo.toml",
    "build.rs",
    "justfile",
    "Justfile",
    "Rakefile",
    "CMakeLists.txt",
    "build.gradle",
    "build.gradle.kts",
    "pom.xml",
    "Taskfile.yml",
    "deno.json",
    ".npmrc",
    "Gemfile",
    "Dockerfile",
    "Containerfile",
    "compose.yaml",
    "compose.yml",
    "docker-compose.yaml",
    "docker-compose.yml",
    "go.mod",
    "requirements.txt",
    // Manifests that an install of the project's manifest reads (`composer install`).
    "composer.json",
    "Pipfile",
];

/// Lockfiles that an install of the project's manifest installs (`project manifest install`,
/// `lockfile install`): one written earlier on the same line is code the agent brought in.
/// Not build inputs for the script review: a script that restores a lockfile writes no
/// instructions.
pub const LOCKFILES: &[&str] = &[
    "composer.lock",
    "Pipfile.lock",
    "package-lock.json",
    "npm-shrinkwrap.json",
    "pnpm-lock.yaml",
    "yarn.lock",
    "bun.lock",
    "bun.lockb",
    "uv.lock",
    "poetry.lock",
    "Gemfile.lock",
];

/// Runners that read the files of [`BUILD_INPUTS`] from the working directory.
pub const BUILD_RUNNERS: &[&str] = &[
    "make",
    "gmake",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "npx",
    "pytest",
    "py.test",
    "tox",
    "nox",
    "cargo",
    "just",
    "rake",
    "cmake",
    "gradle",
    "gradlew",
    "mvn",
    "task",
    "deno",
    "pip",
    "pip3",
    "uv",
    "poetry",
    "python",
    "python3",
    "go",
    "docker",
    "docker-compose",
    "podman",
    "podman-compose",
    "buildah",
    "bundle",
    "rspec",
    "jest",
    "vitest",
    "mocha",
    "playwright",
    "eslint",
    "prettier",
    "biome",
    "dotnet",
    "mvnw",
    "sbt",
    "mix",
    "swift",
    "ctest",
    "phpunit",
    "composer",
    "pdm",
    "pipenv",
    "hatch",
    "coverage",
];

/// Build tools that compile the project into its build-output directories (`cargo build`,
/// `go build -o bin/x`, `make`, `swift build`): a program they leave there may be run after
/// them on the same line as the project's own code. Interpreters, installers and test runners
/// of [`BUILD_RUNNERS`] build nothing to run.
pub const PROJECT_BUILDERS: &[&str] = &[
    "make",
    "gmake",
    "cargo",
    "go",
    "swift",
    "cmake",
    "ninja",
    "meson",
    "zig",
    "gradle",
    "gradlew",
    "mvn",
    "mvnw",
    "dotnet",
    "sbt",
    "mix",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "just",
    "task",
    "bazel",
    "bazelisk",
    "stack",
    "cabal",
    "dune",
    "xcodebuild",
    "gcc",
    "g++",
    "cc",
    "c++",
    "clang",
    "clang++",
    "ghc",
    "rustc",
    // The native compilers of other languages, which leave the program at their `-o` (or in a
    // build directory): COBOL, Fortran, Pascal, Ada, D, Nim, Crystal, CUDA, Emscripten, the
    // JVM's compilers (`kotlinc -d build/app.jar`, run as `java -jar build/app.jar`).
    "cobc",
    "gfortran",
    "flang",
    "ifx",
    "fpc",
    "gnatmake",
    "gdc",
    "ldc2",
    "dmd",
    "nim",
    "crystal",
    "tinygo",
    "nvcc",
    "emcc",
    "em++",
    "javac",
    "kotlinc",
];

/// Directories of a project where its compilers put the programs they build (`cargo`'s
/// `target`, `build` of make and CMake, SwiftPM's `.build`, Mix's `_build`, Zig's `zig-out`,
/// `dist` and `out` of bundlers and packagers): a program there is the project's build output.
pub const COMPILE_OUTPUT_DIRS: &[&str] = &[
    "target",
    "build",
    ".build",
    "_build",
    "dist",
    "out",
    "zig-out",
    "cmake-build-debug",
    "cmake-build-release",
];

/// Extensions of files that hold data or documentation, which no runner of the project loads
/// as code or instructions: literal text written to one (`echo 'DROP TABLE t;' >
/// tests/fixtures/q.sql`, a quoted heredoc into `docs/x.md`) is data, as the agent's own file
/// write is. Config formats tools read (`toml`, `ini`, `cfg`) and patches are not here. The
/// text formats of research data are data too, whatever the field: genomic intervals,
/// variants, annotations and sequences (`bed`, `vcf`, `gff`, `fasta`, `fastq`, `sam`),
/// molecules and structures (`pdb`, `cif`, `sdf`, `mol2`, `smi`, `xyz`), geometries
/// (`geojson`, `kml`, `gpx`, `wkt`), calendars, subtitles, message catalogs, bibliographies and
/// diagram sources: a tool's output written into one is the file the name promises.
pub const DATA_FILE_EXTENSIONS: &[&str] = &[
    "txt",
    "md",
    "markdown",
    "rst",
    "adoc",
    "sql",
    "csv",
    "tsv",
    "json",
    "jsonl",
    "ndjson",
    "yaml",
    "yml",
    "xml",
    "html",
    "htm",
    "svg",
    "snap",
    "golden",
    "expected",
    "b64",
    "bed",
    "bedgraph",
    "narrowpeak",
    "broadpeak",
    "vcf",
    "gff",
    "gff3",
    "gtf",
    "fasta",
    "fa",
    "fna",
    "faa",
    "fastq",
    "fq",
    "sam",
    "maf",
    "pdb",
    "cif",
    "mmcif",
    "sdf",
    "mol",
    "mol2",
    "smi",
    "xyz",
    "geojson",
    "topojson",
    "kml",
    "gpx",
    "wkt",
    "ics",
    "vtt",
    "srt",
    "po",
    "pot",
    "bib",
    "dot",
    "mmd",
];

/// Whether `path` names a data or documentation file by its extension
/// ([`DATA_FILE_EXTENSIONS`]) and is neither a dotfile (tools read those as configuration) nor
/// a file runners read as instructions ([`is_runner_source`]: `package.json`,
/// `Taskfile.yml`, `compose.yaml`).
pub fn is_data_file(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    !base.starts_with('.')
        && !is_runner_source(path)
        && base.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && DATA_FILE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
        })
}

/// Extensions of [`DATA_FILE_EXTENSIONS`] whose name says nothing of what the file holds: a
/// `.txt` file is whatever a command's output was dumped into (a listing, a log, a note the user
/// keeps), a `.b64` an encoded blob.
const UNSTRUCTURED_DATA_EXTENSIONS: &[&str] = &["txt", "b64"];

/// Whether `path` names a data or documentation file ([`is_data_file`]) of a format that says
/// what it holds (`data/clean.csv`, `db/schema.sql`, `docs/adr/7.md`, `config/app.json`), not
/// a plain `.txt` or `.b64`: a command's output written there is the file the name promises.
pub fn is_structured_data_file(path: &str) -> bool {
    is_data_file(path)
        && path.rsplit_once('.').is_some_and(|(_, ext)| {
            !UNSTRUCTURED_DATA_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
        })
}

/// Suffixes of a configuration template a project keeps in git for each developer to copy into
/// place (`.env.example`, `config.yml.dist`, `settings.py.sample`): a template holds
/// placeholders, never the secrets of the file made from it.
pub const TEMPLATE_SUFFIXES: &[&str] = &[".example", ".sample", ".template", ".dist"];

/// The name a template is copied to (`.env.example` gives `.env`, `app.yml.dist` gives
/// `app.yml`), when the path's last component is `NAME` plus one of [`TEMPLATE_SUFFIXES`]
/// (ASCII case-insensitively) and `NAME` is not empty.
pub fn template_target(path: &str) -> Option<&str> {
    let base = path.rsplit('/').next().unwrap_or(path);
    TEMPLATE_SUFFIXES.iter().find_map(|s| {
        let cut = base.len().checked_sub(s.len())?;
        (cut > 0 && base.is_char_boundary(cut) && base[cut..].eq_ignore_ascii_case(s))
            .then(|| &base[..cut])
    })
}

/// Extensions of source files a test runner, build or linter of the project may load and run
/// (test files, conftest plugins, JS configs such as `eslint.config.js`).
pub const RUNNABLE_SOURCE_EXTENSIONS: &[&str] = &[
    "py", "js", "mjs", "cjs", "ts", "mts", "cts", "tsx", "jsx", "go", "rs", "rb", "php", "java",
    "kt", "kts", "cs", "ex", "exs", "pl", "sh", "swift", "scala",
];

/// Whether a path names a file that a build or test runner reads as instructions.
/// pip's requirements files by their conventional names (`requirements-dev.txt`,
/// `requirements/test.txt`, the pinned `requirements.lock` and pip-compile's
/// `requirements.in`) are build inputs too: `pip install -r` installs what they name.
pub fn is_build_input(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    BUILD_INPUTS.contains(&base)
        || base.ends_with(".mk")
        || (base.ends_with(".txt")
            && (base.starts_with("requirements")
                || path.starts_with("requirements/")
                || path.contains("/requirements/")))
        || (base.starts_with("requirements") && (base.ends_with(".lock") || base.ends_with(".in")))
}

/// Whether a path names a [lockfile](LOCKFILES).
pub fn is_lockfile(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    LOCKFILES.contains(&base)
}

/// Whether a path names a file a [`BUILD_RUNNERS`] runner may read as instructions or load as
/// code: a [build input](is_build_input), a source file by its extension
/// ([`RUNNABLE_SOURCE_EXTENSIONS`]: a new test file, `conftest.py`, `eslint.config.js`), or an
/// rc file of a JS tool (`.eslintrc`, `.prettierrc`, `.babelrc`, `.mocharc`, ...).
pub fn is_runner_source(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    is_build_input(path)
        || base.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && RUNNABLE_SOURCE_EXTENSIONS.contains(&ext)
        })
        || [".eslintrc", ".prettierrc", ".babelrc", ".mocharc", ".swcrc"]
            .iter()
            .any(|rc| base.starts_with(rc))
}

/// Shells that run a `-c` string, stdin, or a script file.
pub const SHELLS: &[&str] = &[
    "bash",
    "sh",
    "zsh",
    "dash",
    "ksh",
    "mksh",
    "ash",
    "fish",
    "csh",
    "tcsh",
    "busybox-sh",
];
/// Interpreters that run code from stdin when given no script.
pub const INTERPRETERS: &[&str] = &[
    "python",
    "python2",
    "python3",
    "node",
    "nodejs",
    "perl",
    "ruby",
    "php",
    "deno",
    "bun",
    "lua",
    "Rscript",
    "julia",
    "osascript",
    "pwsh",
];
/// Wrappers that only change how the inner command runs; they are not judged themselves.
pub const WRAPPERS: &[&str] = &[
    "env",
    "nice",
    "ionice",
    "nohup",
    "timeout",
    "time",
    "stdbuf",
    "setsid",
    "command",
    "builtin",
    "exec",
    "xargs",
    "chrt",
    "taskset",
    "unbuffer",
    "flock",
    "caffeinate",
    "gtimeout",
    "parallel",
    "torsocks",
    "proxychains",
    "proxychains4",
    "coproc",
    "strace",
    "ltrace",
    "catchsegv",
    "valgrind",
    "chronic",
    "eatmydata",
    "nocache",
    // Run the command with a fake root, in a jail, on the host from a Flatpak, with a CPU or
    // bandwidth cap, a virtual display or a session bus, or as another user (container
    // entrypoints' `gosu`/`su-exec`, daemontools' `setuidgid`/`chpst`): the command does what
    // it does.
    "fakeroot",
    "firejail",
    "flatpak-spawn",
    "cpulimit",
    "trickle",
    "xvfb-run",
    "dbus-run-session",
    "gosu",
    "su-exec",
    "setuidgid",
    "s6-setuidgid",
    "chpst",
    // Bubblewrap runs the command in namespaces it builds; with the host's directories bound
    // in (`--bind / /`), the command does what it does.
    "bwrap",
];
/// Name lookups and network probes: the host names they are given are looked up by DNS, so
/// what a name spells leaves the machine whether or not the host answers.
pub const NAME_PROBES: &[&str] = &[
    "dig",
    "nslookup",
    "host",
    "drill",
    "ping",
    "ping6",
    "traceroute",
    "traceroute6",
    "tracepath",
    "mtr",
    "whois",
];

/// Options that make a program print its usage or version and exit, starting nothing, when the
/// program reads them as its own (before its subcommand or first operand): `--version`, `-V`,
/// `-v` (php, rails), `-version` (java, terraform), `--help`, `-h`.
pub const PRINT_ONLY_OPTIONS: &[&str] = &["--version", "-V", "--help", "-h", "-v", "-version"];

/// Subcommands of platform CLIs that change or publish something (`vercel deploy`, `fly
/// deploy`, `npm publish`, `kubectl apply`): once such a verb has taken its options, a later
/// word is its argument, never a subcommand of the tool (`vercel deploy --prod list` deploys
/// the directory `list`). A safe `TOOL ** READVERB` pattern does not vouch for a read verb found
/// there.
pub const WRITE_VERBS: &[&str] = &[
    "deploy", "publish", "push", "apply", "upload", "release", "promote", "rollback", "redeploy",
    "create", "update", "install", "set", "add", "put", "send", "import", "start", "stop",
    "restart", "scale", "submit", "trigger", "invoke", "execute", "exec", "migrate", "patch",
    "replace", "edit", "sync", "attach", "run", "up",
];

/// Wrappers that run the inner command with other privileges; judged themselves and unwrapped.
/// `runuser -u USER CMD` is util-linux's `sudo` for root (agents in containers run as root).
pub const PRIVILEGED: &[&str] = &["sudo", "doas", "pkexec", "run0", "runuser"];

/// Programs that only read files or the file system's state and have no option that writes,
/// deletes or runs another program (no pager with a shell escape, no `find -exec`, no
/// `journalctl --vacuum-size`, no `dmesg --clear`): run as root by a privileged wrapper (`sudo
/// tail -n 100 /var/log/syslog`), they read what the user may read with a password, and change
/// nothing.
pub const ROOT_READERS: &[&str] = &[
    "ls", "cat", "head", "tail", "wc", "stat", "du", "df", "grep", "zcat", "file", "id",
];

/// Programs that print only what a file is (its size, name, type or digest), never its text:
/// the guard's `settings file metadata` lift and the script review (a `.env` whose mode `stat`
/// prints is not read) agree on them.
pub const METADATA_READERS: &[&str] = &[
    "wc",
    "ls",
    "stat",
    "file",
    "du",
    "sha256sum",
    "sha1sum",
    "sha512sum",
    "md5sum",
    "b2sum",
    "cksum",
    "shasum",
    "test",
    "[",
];

/// Whether `name` (a command's basename) is one of [`SHELLS`].
pub fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name)
}

/// Whether `name` (a command's basename) is one of [`INTERPRETERS`], also with a version or a
/// Windows `.exe` suffix (`python3.12`, `node20`, `python3.11.exe`: see [`interpreter_name`]).
pub fn is_interpreter(name: &str) -> bool {
    interpreter_name(name).is_some()
}

/// The [`INTERPRETERS`] entry a command's basename runs: the name itself, or the name with a
/// version (`python3.11`, `node20`, `ruby3.2`, `perl5.36`) or a Windows `.exe` suffix (any
/// case: `python3.11.exe`, `NODE.EXE`) removed. A version follows the longest entry that
/// begins the name and holds only digits and dots (`bunx` is not `bun`, `python3-config` is
/// not `python`).
pub fn interpreter_name(name: &str) -> Option<&'static str> {
    let name = match name.len().checked_sub(4) {
        Some(i)
            if i > 0
                && name
                    .get(i..)
                    .is_some_and(|e| e.eq_ignore_ascii_case(".exe")) =>
        {
            &name[..i]
        }
        _ => name,
    };
    // One pass, and an entry compared only when it begins with the name's first byte: this runs
    // for every command of every script reviewed, and most command names begin otherwise. The
    // name itself wins; else the longest entry followed by a version (two entries of one length
    // cannot both begin the name).
    let first = *name.as_bytes().first()?;
    let mut versioned: Option<&'static str> = None;
    for entry in INTERPRETERS {
        if entry.as_bytes().first() != Some(&first) {
            continue;
        }
        let Some(version) = name.strip_prefix(entry) else {
            continue;
        };
        if version.is_empty() {
            return Some(entry);
        }
        let mut chars = version.chars();
        let is_version = chars
            .next()
            .is_some_and(|c| c.is_ascii_digit() || (c == '.' && version.len() > 1))
            && version[1..].chars().all(|c| c.is_ascii_digit() || c == '.');
        if is_version && versioned.is_none_or(|v| entry.len() > v.len()) {
            versioned = Some(entry);
        }
    }
    versioned
}

/// Whether `name` (a command's basename) is one of [`WRAPPERS`] or [`PRIVILEGED`]: a program
/// that runs the command after its options (see [`wrapper_words`]).
pub fn is_wrapper(name: &str) -> bool {
    WRAPPERS.contains(&name) || PRIVILEGED.contains(&name)
}

/// How many leading words of `rest` belong to a wrapper (its options and their values), so
/// `rest[n..]` is the wrapped command.
pub fn wrapper_words<S: AsRef<str>>(name: &str, rest: &[S]) -> usize {
    // Options that take a separate value, per wrapper.
    let with_value: &[&str] = match name {
        "sudo" => &[
            "-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R", "--user", "--group",
            "--chdir",
        ],
        "doas" => &["-u", "-C"],
        "runuser" => &[
            "-u",
            "-g",
            "-G",
            "-w",
            "--user",
            "--group",
            "--supp-group",
            "--whitelist-environment",
        ],
        "env" => &[
            "-u",
            "-C",
            "-S",
            "-P",
            "--unset",
            "--chdir",
            "--split-string",
        ],
        "nice" => &["-n", "--adjustment"],
        "ionice" => &["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"],
        "timeout" | "gtimeout" => &["-s", "-k", "--signal", "--kill-after"],
        "stdbuf" => &["-i", "-o", "-e"],
        // GNU's `-i[R]`, `-l[N]` and `-e[EOF]` take only an attached value.
        "xargs" => &[
            "-I",
            "-J",
            "-n",
            "-P",
            "-L",
            "-d",
            "-E",
            "-s",
            "-a",
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--replace",
        ],
        "exec" => &["-a"],
        "chrt" => &["-p"],
        "watch" => &["-n", "-d", "--interval", "--differences", "-q", "--equexit"],
        "ssh" => &[
            "-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-e", "-m", "-O",
            "-Q", "-S", "-W", "-w", "-B", "-E", "-I",
        ],
        "flock" => &["-w", "-E", "-c", "--timeout", "--conflict-exit-code"],
        "parallel" => &[
            "-j",
            "--jobs",
            "-S",
            "--sshlogin",
            "--joblog",
            "--results",
            "-I",
        ],
        "strace" | "ltrace" => &["-e", "-o", "-p", "-s", "-u"],
        // GNU time: `-o FILE` (`-a` appends to it), `-f FORMAT`.
        "time" => &["-o", "--output", "-f", "--format"],
        // after its `record` or `top`
        "py-spy" => &[
            "-o",
            "--output",
            "-f",
            "--format",
            "-r",
            "--rate",
            "-d",
            "--duration",
            "-p",
            "--pid",
        ],
        // after its `stat`, `record` or `trace`
        "perf" => &[
            "-e",
            "--event",
            "-o",
            "--output",
            "-r",
            "--repeat",
            "-x",
            "-G",
            "--cgroup",
            "-C",
            "--cpu",
            "-t",
            "--tid",
            "-I",
            "--interval-print",
            "-F",
            "--freq",
            "-c",
            "--count",
            "--call-graph",
            "-m",
            "--mmap-pages",
            "-p",
            "--pid",
            "-u",
            "--uid",
        ],
        "pkexec" => &["--user"],
        "fakeroot" => &["-l", "--lib", "--faked", "-s", "-i", "-b"],
        "cpulimit" => &["-l", "--limit", "-p", "--pid", "-e", "--exe"],
        "trickle" => &["-d", "-u", "-w", "-t", "-l", "-n"],
        "xvfb-run" => &[
            "-e",
            "--error-file",
            "-f",
            "--auth-file",
            "-n",
            "--server-num",
            "-s",
            "--server-args",
            "-w",
            "--wait",
            "-p",
            "--xauth-protocol",
        ],
        "chpst" => &[
            "-u", "-U", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c", "-r",
            "-t",
        ],
        "systemd-run" => &[
            "-u",
            "--unit",
            "-p",
            "--property",
            "-E",
            "--setenv",
            "--description",
            "--slice",
            "-M",
            "--machine",
            "-H",
            "--host",
            "--working-directory",
            "--uid",
            "--gid",
            "--nice",
            "--on-active",
            "--on-boot",
            "--on-startup",
            "--on-unit-active",
            "--on-unit-inactive",
            "--on-calendar",
            "--timer-property",
        ],
        // `-dmS NAME`: the session name ends a cluster of screen's options.
        "screen" => &[
            "-S", "-c", "-t", "-e", "-h", "-p", "-s", "-T", "-Logfile", "-dmS", "-dS", "-mS",
            "-DmS",
        ],
        "run0" => &["-u", "--user"],
        "chroot" => &["--userspec", "--groups"],
        "arch-chroot" => &["-u"],
        "systemd-nspawn" => &[
            "-D",
            "--directory",
            "-M",
            "--machine",
            "-u",
            "--user",
            "-i",
            "--image",
            "--bind",
            "--bind-ro",
            "-E",
            "--setenv",
            "-p",
            "--port",
            "--chdir",
            "--network-interface",
            "--network-bridge",
        ],
        "nsenter" => &["-t", "--target", "-S", "--setuid", "-G", "--setgid"],
        "unshare" => &[
            "-S",
            "--setuid",
            "-G",
            "--setgid",
            "-R",
            "--root",
            "-w",
            "--wd",
            "--propagation",
            "--setgroups",
            "--map-user",
            "--map-group",
        ],
        "setpriv" => &[
            "--reuid",
            "--regid",
            "--ruid",
            "--rgid",
            "--euid",
            "--egid",
            "--groups",
            "--inh-caps",
            "--ambient-caps",
            "--bounding-set",
            "--securebits",
        ],
        _ => &[],
    };
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i].as_ref();
        if a == "--" {
            return i + 1;
        }
        if name == "bwrap"
            && let Some(n) = bwrap_values(a)
        {
            i += 1 + n;
            continue;
        }
        if name == "env" && ((!a.starts_with('-') && a.contains('=')) || a == "-") {
            // `env -` is `env -i`.
            i += 1;
            continue;
        }
        if is_flag(a) || (name == "nice" && a.starts_with('-')) {
            let takes_value = !a.contains('=')
                && (with_value.contains(&a)
                    || (name != "nice" && cluster_takes_value(a, with_value)));
            i += if takes_value { 2 } else { 1 };
            continue;
        }
        break;
    }
    // Leading operands that are not the command: timeout's duration, taskset's mask, flock's file.
    let positional = match name {
        "timeout" | "gtimeout" | "taskset" | "flock" | "chroot" | "arch-chroot" | "setarch" => 1,
        // the user (or user:group) the command runs as
        "gosu" | "su-exec" | "setuidgid" | "s6-setuidgid" => 1,
        "chrt" => 1,
        _ => 0,
    };
    (i + positional).min(rest.len())
}

/// How many words bubblewrap's option `a` takes (`--bind SRC DEST` two, `--chdir DIR` one,
/// `--overlay RWSRC WORKDIR DEST` three); `None` for a switch or an unknown word.
fn bwrap_values(a: &str) -> Option<usize> {
    const TWO: &[&str] = &[
        "--bind",
        "--bind-try",
        "--dev-bind",
        "--dev-bind-try",
        "--ro-bind",
        "--ro-bind-try",
        "--symlink",
        "--setenv",
        "--file",
        "--bind-data",
        "--ro-bind-data",
        "--chmod",
        "--bind-fd",
        "--ro-bind-fd",
    ];
    const ONE: &[&str] = &[
        "--unsetenv",
        "--chdir",
        "--dev",
        "--proc",
        "--tmpfs",
        "--mqueue",
        "--dir",
        "--remount-ro",
        "--uid",
        "--gid",
        "--hostname",
        "--perms",
        "--size",
        "--seccomp",
        "--add-seccomp-fd",
        "--info-fd",
        "--json-status-fd",
        "--sync-fd",
        "--block-fd",
        "--userns-block-fd",
        "--lock-file",
        "--exec-label",
        "--file-label",
        "--args",
        "--cap-add",
        "--cap-drop",
        "--userns",
        "--userns2",
        "--pidns",
        "--argv0",
        "--overlay-src",
        "--tmp-overlay",
        "--ro-overlay",
    ];
    if a == "--overlay" {
        Some(3)
    } else if TWO.contains(&a) {
        Some(2)
    } else if ONE.contains(&a) {
        Some(1)
    } else {
        None
    }
}

/// Whether a cluster of short options (`-iu`, `-Hu`) ends in one that takes a value, which is
/// then the next word (`sudo -iu postgres CMD`): every letter before it is a switch (a valued
/// letter earlier takes the rest of the cluster as its value: `sudo -uroot CMD`).
fn cluster_takes_value(word: &str, with_value: &[&str]) -> bool {
    let Some(letters) = word.strip_prefix('-').filter(|l| !l.starts_with('-')) else {
        return false;
    };
    let n = letters.chars().count();
    if n < 2 || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for (j, c) in letters.chars().enumerate() {
        let mut buf = [0u8; 4];
        let flag = format!("-{}", c.encode_utf8(&mut buf));
        if with_value.contains(&flag.as_str()) {
            return j + 1 == n;
        }
    }
    false
}

/// Whether a word is an option: `-x`, `--long`; not `-` (stdin) or `--` (end of options).
fn is_flag(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && word != "--"
}

/// `git config` options that read settings (git's older syntax): `--get`, `--get-all`,
/// `--get-regexp`, `--get-urlmatch`, `--get-color`, `--get-colorbool`, `-l`/`--list`.
pub const GIT_CONFIG_READS: &[&str] = &[
    "--get",
    "--get-all",
    "--get-regexp",
    "--get-urlmatch",
    "--get-color",
    "--get-colorbool",
    "-l",
    "--list",
];

/// `git config` options that remove, rename or edit settings rather than set one value:
/// `--unset`, `--unset-all`, `--rename-section`, `--remove-section`, `-e`/`--edit`.
pub const GIT_CONFIG_REMOVALS: &[&str] = &[
    "--unset",
    "--unset-all",
    "--rename-section",
    "--remove-section",
    "-e",
    "--edit",
];

/// The verbs of git's newer `git config VERB` syntax; `get` and `list` only read.
pub const GIT_CONFIG_VERBS: &[&str] = &[
    "get",
    "set",
    "unset",
    "list",
    "edit",
    "rename-section",
    "remove-section",
];

/// Programs that are another program under a new name: a fork or a distribution's rename
/// that keeps the other's options, subcommands and input language, as `(alias, program)`.
/// A command is judged as the program it is, so its rules (the destructive SQL of `psql`, the
/// options of `make` that run code) hold for every name: `ysqlsh` (YugabyteDB's psql),
/// `ycqlsh` (its cqlsh), `mariadb` (the MySQL client), `valkey-cli` and `keydb-cli` (forks of
/// `redis-cli`), and the GNU tools Homebrew installs with a `g` prefix (`gmake`, `gsed`,
/// `gtar`, `gawk`...). Not here: programs that share a purpose but not a command line (`mycli`,
/// `pgcli`, `podman`, `nerdctl`, `bsdtar`), whose rules are their own.
pub const PROGRAM_ALIASES: &[(&str, &str)] = &[
    ("ysqlsh", "psql"),
    ("ycqlsh", "cqlsh"),
    ("mariadb", "mysql"),
    ("valkey-cli", "redis-cli"),
    ("keydb-cli", "redis-cli"),
    ("gmake", "make"),
    ("gsed", "sed"),
    ("gtar", "tar"),
    ("gawk", "awk"),
    ("gfind", "find"),
    ("gxargs", "xargs"),
    ("ggrep", "grep"),
    ("fdfind", "fd"),
    ("batcat", "bat"),
];

/// The program a command name is ([`PROGRAM_ALIASES`]): `ysqlsh` -> `psql`; any other name is
/// itself.
pub fn aliased_program(name: &str) -> &str {
    PROGRAM_ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, program)| program)
}
