//! The parser's own vocabulary: the variables and options that make a program run other code.
//! The lists shared with the script review and the learning loop (shells, interpreters,
//! wrappers, build files) are in `terraphim_shell_vocab`.

/// Variables that tell a git hook manager to skip the project's hooks (`HUSKY=0 git commit`,
/// `SKIP=lint pre-commit run`), as `--no-verify` does: an assignment of one is also a part
/// `export NAME= VALUE` for the KG (`git hook bypass`).
pub(super) const HOOK_SKIP_VARS: &[&str] = &[
    "HUSKY",
    "HUSKY_SKIP_HOOKS",
    "SKIP",
    "LEFTHOOK",
    "LEFTHOOK_EXCLUDE",
    "OVERCOMMIT_DISABLE",
];

/// Variables that name the database a migration tool, ORM or client works on
/// (`DATABASE_URL=postgres://... alembic upgrade head`): judged by the KG as
/// `export DATABASE_URL= VALUE`, whichever of them the line sets, so a remote database is
/// visible where the command's own words show none. Any `*_DATABASE_URL` is one too.
pub(super) const DATABASE_URL_VARS: &[&str] = &[
    "DATABASE_URL",
    "DB_URL",
    "POSTGRES_URL",
    "PG_URL",
    "MYSQL_URL",
    "MONGO_URL",
    "MONGO_URI",
    "MONGODB_URI",
    "SQLALCHEMY_DATABASE_URI",
];

/// Variables that choose where package managers fetch from or whether they check what they
/// fetch: an assignment of one is also a part `export NAME= VALUE` for the KG (`install from
/// another index`).
pub(super) const SOURCE_VARS: &[&str] = &[
    "NODE_TLS_REJECT_UNAUTHORIZED",
    "GIT_SSL_NO_VERIFY",
    "PYTHONHTTPSVERIFY",
    "GOINSECURE",
    "GONOSUMDB",
    "GONOSUMCHECK",
    "GOSUMDB",
    "GOFLAGS",
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "PIP_TRUSTED_HOST",
    "UV_INDEX_URL",
    "UV_EXTRA_INDEX_URL",
    "UV_DEFAULT_INDEX",
    "UV_INDEX",
    "npm_config_registry",
    "NPM_CONFIG_REGISTRY",
    "YARN_REGISTRY",
];

pub(super) const INJECTION_VARS: &[&str] = &[
    "BASH_ENV",
    "ENV",
    "PROMPT_COMMAND",
    "PATH",
    "IFS",
    "SHELLOPTS",
    "BASHOPTS",
    "PYTHONPATH",
    "PYTHONSTARTUP",
    "PYTHONHOME",
    "NODE_OPTIONS",
    "NODE_PATH",
    "PERL5OPT",
    "PERL5LIB",
    "PERLLIB",
    "RUBYOPT",
    "RUBYLIB",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "GCONV_PATH",
    "LESSOPEN",
    "LESSCLOSE",
    "GIT_EXEC_PATH",
    "GIT_TEMPLATE_DIR",
    "GIT_CONFIG",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    // npm runs every package script with this program as the shell.
    "npm_config_script_shell",
    "NPM_CONFIG_SCRIPT_SHELL",
];
/// Builtins that read input into variables and start no program: the variables of
/// [`INJECTION_VARS`] set for them (`IFS= read -r line`) load or run nothing.
pub(super) const READ_BUILTINS: &[&str] = &["read", "mapfile", "readarray"];
/// Variables whose value is a command some program runs.
pub(super) const CODE_VARS: &[&str] = &[
    "VISUAL",
    "GIT_SSH",
    "GIT_EXTERNAL_DIFF",
    "SHELL",
    "CC",
    "CXX",
    "LD",
    "AR",
    "TERMINAL",
    "BROWSER",
];
/// Options whose value is a command the program runs, per program (and subcommand where it
/// matters): `(program, subcommand or "", option spellings)`. Values are parsed as code, so the
/// command is judged by what it runs.
pub(super) const CODE_OPTIONS: &[(&str, &str, &[&str])] = &[
    ("git", "", &["--upload-pack", "--receive-pack", "--exec"]),
    ("git", "ls-remote", &["-u"]),
    ("git", "clone", &["-u"]),
    // git takes any unambiguous abbreviation of a long option (`--ex`, `--exe`).
    ("git", "rebase", &["-x", "--exec", "--exe", "--ex"]),
    ("git", "difftool", &["-x", "--extcmd"]),
    ("git", "mergetool", &["--tool-cmd"]),
    ("go", "", &["-exec", "-toolexec"]),
    ("sort", "", &["--compress-program"]),
    (
        "tar",
        "",
        &[
            "--to-command",
            "--use-compress-program",
            "-I",
            "--info-script",
            "--new-volume-script",
            "-F",
        ],
    ),
    ("rsync", "", &["-e", "--rsh", "--rsync-path"]),
    ("scp", "", &["-S"]),
    ("zip", "", &["-TT", "--unzip-command"]),
    ("man", "", &["-P", "--pager", "-H"]),
    ("flock", "", &["-c", "--command"]),
    ("script", "", &["-c", "--command"]),
    ("npm", "", &["--script-shell"]),
    ("su", "", &["-s", "--shell"]),
    // tcpdump runs `-z PROGRAM` on each file it rotates; openvpn runs its script options;
    // start-stop-daemon starts the program `-x`/`--exec` or `-a`/`--startas` names.
    ("tcpdump", "", &["-z"]),
    // scrot runs `-e CMD` on each screenshot it saves (`$f` is the file's name).
    ("scrot", "", &["-e", "--exec"]),
    (
        "openvpn",
        "",
        &[
            "--up",
            "--down",
            "--route-up",
            "--route-pre-down",
            "--ipchange",
            "--client-connect",
            "--client-disconnect",
            "--learn-address",
            "--auth-user-pass-verify",
            "--tls-verify",
        ],
    ),
    (
        "start-stop-daemon",
        "",
        &["-x", "--exec", "-a", "--startas"],
    ),
    // Commands run on another machine, judged like local ones.
    ("gcloud", "compute", &["--command"]),
    ("gcloud", "beta", &["--command"]),
    ("az", "vm", &["--scripts"]),
    ("fly", "ssh", &["-C", "--command"]),
    ("flyctl", "ssh", &["-C", "--command"]),
];

/// The options of pssh (and its other name parallel-ssh) that take a value.
const PSSH_OPTIONS: &[&str] = &[
    "-h",
    "--hosts",
    "-H",
    "--host",
    "-l",
    "--user",
    "-p",
    "--par",
    "-o",
    "--outdir",
    "-e",
    "--errdir",
    "-t",
    "--timeout",
    "-O",
    "--option",
    "-x",
    "--extra-args",
    "-X",
    "--extra-arg",
];

/// Programs that run one command on many machines at once, and their options that take a
/// value (`pssh -h hosts.txt CMD`, `pdsh -w web[1-9] CMD`, `clush -g all CMD`): the words after
/// the options are the remote command, judged like `ssh host CMD`.
pub(super) const REMOTE_RUNNERS: &[(&str, &[&str])] = &[
    ("pssh", PSSH_OPTIONS),
    ("parallel-ssh", PSSH_OPTIONS),
    (
        "pdsh",
        &[
            "-w", "-x", "-g", "-X", "-l", "-t", "-u", "-f", "-R", "-F", "-M",
        ],
    ),
    (
        "clush",
        &[
            "-w",
            "--nodes",
            "-x",
            "--exclude",
            "-g",
            "--group",
            "-X",
            "-l",
            "--user",
            "-f",
            "--fanout",
            "-t",
            "--connect_timeout",
            "-u",
            "--command_timeout",
            "-o",
            "--options",
            "-R",
            "--worker",
            "-E",
            "--remote",
        ],
    ),
    (
        "dsh",
        &[
            "-g",
            "--group",
            "-m",
            "--machine",
            "-o",
            "--remoteshellopt",
            "-r",
            "--remoteshell",
            "-F",
            "--forklimit",
        ],
    ),
];

/// `git -c KEY=VALUE` keys whose value is a command git runs (`!cmd` for aliases and helpers).
pub(super) fn git_key_runs_code(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    matches!(
        key.as_str(),
        "core.pager"
            | "core.sshcommand"
            | "core.editor"
            | "core.fsmonitor"
            | "core.askpass"
            | "core.gitproxy"
            | "sequence.editor"
            | "diff.external"
            | "gpg.program"
            | "gpg.ssh.program"
            | "gpg.x509.program"
            | "uploadpack.packobjectshook"
            | "interactive.difffilter"
            | "credential.helper"
            | "web.browser"
    ) || key.starts_with("pager.")
        || key.starts_with("alias.")
        || key.starts_with("filter.")
        || key.ends_with(".textconv")
        || key.ends_with(".command")
        || key.ends_with(".driver")
        || key.ends_with(".cmd")
        || key.ends_with(".helper")
}

/// Calls of interpreters the script review has no walker for whose string argument is a shell
/// command, per interpreter: `system("...")`, `exec`, `spawn`, `IO.popen`, `Open3.*`.
/// Backticks, `%x(...)` and Perl's `qx(...)` are found by their quoting.
pub(super) const INLINE_SHELL_CALLS: &[(&str, &[&str])] = &[
    (
        "ruby",
        &[
            "system",
            "exec",
            "spawn",
            "Process.spawn",
            "Kernel.system",
            "Kernel.exec",
            "IO.popen",
            "Open3.capture2",
            "Open3.capture2e",
            "Open3.capture3",
            "Open3.popen2",
            "Open3.popen2e",
            "Open3.popen3",
            "Open3.pipeline",
        ],
    ),
    ("perl", &["system", "exec"]),
    (
        "php",
        &[
            "system",
            "exec",
            "shell_exec",
            "passthru",
            "popen",
            "proc_open",
        ],
    ),
    ("lua", &["os.execute", "io.popen"]),
    ("awk", &["system"]),
    // R; Julia runs backquoted commands (`run(`make`)`), found by their quoting.
    ("Rscript", &["system", "system2", "shell"]),
    // Python's process calls that take a command line (its script review judges the rest of
    // the code; these are read here so the command line is judged as shell, also as root).
    (
        "python",
        &[
            "os.system",
            "os.popen",
            "pty.spawn",
            "subprocess.run",
            "subprocess.call",
            "subprocess.Popen",
            "subprocess.check_call",
            "subprocess.check_output",
            "subprocess.getoutput",
            "subprocess.getstatusoutput",
        ],
    ),
];
/// Interpreters whose file functions expand a leading `~` of a path string themselves: R's
/// `unlink("~", recursive = TRUE)` and `fs::dir_delete("~")` delete the home. Ruby, Perl, PHP,
/// Lua, Julia, Python and JavaScript take `"~"` as a file of that name in the working
/// directory.
pub(super) const TILDE_EXPANDING: &[&str] = &["Rscript"];
/// Calls that delete the files or trees their literal path names, per interpreter: judged as
/// `rm -rf PATH`, by the same path rules.
pub(super) const INLINE_DELETE_CALLS: &[(&str, &[&str])] = &[
    (
        "ruby",
        &[
            "FileUtils.rm_rf",
            "FileUtils.rm_r",
            "FileUtils.rm",
            "FileUtils.rm_f",
            "FileUtils.remove_dir",
            "FileUtils.remove_entry",
            "FileUtils.remove_entry_secure",
            "FileUtils.rmtree",
            "File.delete",
            "File.unlink",
            "Dir.rmdir",
            "Dir.delete",
        ],
    ),
    ("perl", &["unlink", "rmtree", "remove_tree", "rmdir"]),
    (
        "php",
        &[
            "unlink",
            "rmdir",
            "array_map(\"unlink\",",
            "array_map('unlink',",
        ],
    ),
    ("lua", &["os.remove"]),
    (
        "Rscript",
        &["unlink", "file.remove", "fs::dir_delete", "fs::file_delete"],
    ),
    ("julia", &["rm", "Base.rm", "Filesystem.rm"]),
    (
        "bun",
        &[
            "fs.rmSync",
            "rmSync",
            "fs.rmdirSync",
            "rmdirSync",
            "fs.unlinkSync",
            "unlinkSync",
        ],
    ),
    ("deno", &["Deno.remove", "Deno.removeSync"]),
];

/// Calls that write or append to the file their literal first argument names, per
/// interpreter: judged as `tee -a PATH`, by the same path rules as a redirect (a shell startup
/// file is a trust anchor). Node's are found by the script review's JavaScript walker.
pub(super) const INLINE_WRITE_CALLS: &[(&str, &[&str])] = &[
    (
        "ruby",
        &["File.write", "IO.write", "File.binwrite", "IO.binwrite"],
    ),
    ("php", &["file_put_contents"]),
    ("lua", &["io.output"]),
    ("julia", &["write"]),
    (
        "bun",
        &[
            "Bun.write",
            "fs.writeFileSync",
            "fs.appendFileSync",
            "writeFileSync",
            "appendFileSync",
        ],
    ),
    (
        "deno",
        &[
            "Deno.writeTextFile",
            "Deno.writeTextFileSync",
            "Deno.writeFile",
            "Deno.writeFileSync",
        ],
    ),
];

/// PowerShell cmdlets, their aliases and parameters as the POSIX shell words that do the same
/// (lowercase; an empty word drops a parameter with no POSIX spelling, whose value then stays
/// an operand). `pwsh -Command` text is read through this table and judged as shell.
pub(super) const POWERSHELL_WORDS: &[(&str, &str)] = &[
    ("remove-item", "rm"),
    ("ri", "rm"),
    ("del", "rm"),
    ("erase", "rm"),
    ("rd", "rm"),
    ("rmdir", "rm"),
    ("get-content", "cat"),
    ("gc", "cat"),
    ("type", "cat"),
    ("set-content", "tee"),
    ("add-content", "tee -a"),
    ("out-file", "tee"),
    ("copy-item", "cp"),
    ("copy", "cp"),
    ("move-item", "mv"),
    ("move", "mv"),
    ("invoke-webrequest", "curl"),
    ("iwr", "curl"),
    ("invoke-restmethod", "curl"),
    ("irm", "curl"),
    ("invoke-expression", "sh"),
    ("iex", "sh"),
    ("start-process", ""),
    ("get-childitem", "ls"),
    ("gci", "ls"),
    ("measure-object", "wc"),
    ("select-string", "grep"),
    ("sort-object", "sort"),
    ("get-location", "pwd"),
    ("-pattern", "-e"),
    ("write-output", "echo"),
    ("write-host", "echo"),
    ("-recurse", "-r"),
    ("-force", "-f"),
    ("-infile", "-T"),
    ("-body", "--data"),
    ("-method", "-X"),
    ("-outfile", "-o"),
    ("-destination", ""),
    ("-path", ""),
    ("-literalpath", ""),
    ("-filepath", ""),
    ("-uri", ""),
    ("-raw", ""),
    ("-value", ""),
    ("-erroraction", ""),
    ("silentlycontinue", ""),
    ("-usebasicparsing", ""),
];

/// What the inline code of an interpreter the script review has no walker for (Ruby, Perl,
/// PHP) can do, by the APIs it names: the rows of the equivalent shell line that the KG then
/// judges (`cat FILE | curl` for a credential sent away, `nc | sh` for a socket handed to a
/// shell). Each row is (interpreter, what, API spellings); a spelling is found at a word start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum InlineCap {
    /// Reads the file its first literal string argument names.
    Read,
    /// Talks to the network (an HTTP client, a socket, a DNS lookup).
    Network,
    /// Opens a socket to a host (what a reverse shell needs).
    Socket,
    /// Runs a program (the process-running calls of [`INLINE_SHELL_CALLS`] count too).
    Exec,
    /// Reads the whole environment, which holds tokens.
    Environment,
    /// Reads one environment variable, named next (`getenv("X")`): a token when its name holds
    /// one of [`SECRET_VARIABLE_WORDS`].
    Variable,
    /// Runs a string as code of the language itself (`eval`, `load`, `include` of a URL).
    Eval,
    /// Decodes text (`Base64.decode64`, `decode_base64`, `base64_decode`).
    Decode,
}

/// Words in an environment variable's name that make its value a credential.
pub(super) const SECRET_VARIABLE_WORDS: &[&str] = &[
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "API_KEY",
    "APIKEY",
    "ACCESS_KEY",
    "PRIVATE_KEY",
    "CREDENTIAL",
];

pub(super) const INLINE_CAPS: &[(&str, InlineCap, &[&str])] = &[
    (
        "ruby",
        InlineCap::Eval,
        &[
            "eval",
            "instance_eval",
            "class_eval",
            "module_eval",
            "binding.eval",
        ],
    ),
    (
        "ruby",
        InlineCap::Decode,
        &["Base64.decode64", "unpack1(\"m", "unpack(\"m"],
    ),
    ("perl", InlineCap::Eval, &["eval"]),
    (
        "perl",
        InlineCap::Decode,
        &["decode_base64", "MIME::Base64", "pack(\"H"],
    ),
    (
        "php",
        InlineCap::Eval,
        &[
            "eval(",
            "assert(",
            "include(\"http",
            "include \"http",
            "require(\"http",
            "include_once(\"http",
            "require_once(\"http",
        ],
    ),
    (
        "php",
        InlineCap::Network,
        &["include(\"http", "include \"http", "require(\"http"],
    ),
    (
        "php",
        InlineCap::Decode,
        &["base64_decode", "hex2bin", "str_rot13", "gzinflate"],
    ),
    ("lua", InlineCap::Eval, &["load(", "loadstring(", "dofile("]),
    (
        "ruby",
        InlineCap::Read,
        &[
            "File.read",
            "File.binread",
            "IO.read",
            "IO.binread",
            "File.readlines",
            "IO.readlines",
            "File.open",
            "File.new",
            "File.foreach",
            "IO.foreach",
        ],
    ),
    (
        "ruby",
        InlineCap::Network,
        &[
            "Net::HTTP",
            "Net::FTP",
            "Net::SMTP",
            "URI.open",
            "open-uri",
            "HTTParty",
            "Faraday",
            "RestClient",
            "Excon",
            "HTTP.post",
            "HTTP.get",
            "Resolv",
            "TCPSocket",
            "UDPSocket",
            "Socket.tcp",
            "Socket.new",
        ],
    ),
    (
        "ruby",
        InlineCap::Socket,
        &["TCPSocket", "UDPSocket", "Socket.tcp", "Socket.new"],
    ),
    (
        "ruby",
        InlineCap::Exec,
        &["exec", "system", "spawn", "IO.popen", "Open3", "PTY.spawn"],
    ),
    (
        "ruby",
        InlineCap::Environment,
        &[
            "ENV.to_h",
            "ENV.to_a",
            "ENV.to_hash",
            "ENV.each",
            "ENV.inspect",
            "ENV.map",
            "ENV.select",
        ],
    ),
    (
        "perl",
        InlineCap::Read,
        &["open", "sysopen", "read_file", "slurp"],
    ),
    (
        "perl",
        InlineCap::Network,
        &[
            "LWP",
            "HTTP::Tiny",
            "HTTP::Request",
            "IO::Socket",
            "Net::",
            "Mojo::UserAgent",
            "WWW::Mechanize",
            "Socket",
            "socket",
            "getstore",
            "getprint",
        ],
    ),
    ("perl", InlineCap::Socket, &["IO::Socket", "socket"]),
    (
        "perl",
        InlineCap::Exec,
        &["exec", "system", "open3", "open2"],
    ),
    ("ruby", InlineCap::Variable, &["ENV[", "ENV.fetch("]),
    ("perl", InlineCap::Environment, &["%ENV"]),
    ("perl", InlineCap::Variable, &["$ENV{"]),
    (
        "php",
        InlineCap::Variable,
        &["getenv(", "$_ENV[", "$_SERVER["],
    ),
    ("lua", InlineCap::Variable, &["os.getenv("]),
    (
        "lua",
        InlineCap::Network,
        &[
            "socket.http",
            "require(\"socket",
            "require('socket",
            "require \"socket",
            "http.request",
        ],
    ),
    ("lua", InlineCap::Socket, &["socket.tcp", "socket.connect"]),
    ("lua", InlineCap::Read, &["io.open", "io.lines"]),
    ("lua", InlineCap::Exec, &["os.execute", "io.popen"]),
    (
        "php",
        InlineCap::Read,
        &[
            "file_get_contents",
            "fopen",
            "file",
            "readfile",
            "highlight_file",
            "show_source",
            "SplFileObject",
        ],
    ),
    (
        "php",
        InlineCap::Network,
        &[
            "curl_exec",
            "curl_init",
            "fsockopen",
            "pfsockopen",
            "stream_socket_client",
            "socket_create",
            "socket_connect",
            "file_get_contents(\"http",
            "file_get_contents('http",
            "fopen(\"http",
            "fopen('http",
            "mail",
            "dns_get_record",
            "gethostbyname",
        ],
    ),
    (
        "php",
        InlineCap::Socket,
        &[
            "fsockopen",
            "pfsockopen",
            "stream_socket_client",
            "socket_create",
        ],
    ),
    (
        "php",
        InlineCap::Exec,
        &[
            "exec",
            "system",
            "shell_exec",
            "passthru",
            "popen",
            "proc_open",
            "pcntl_exec",
        ],
    ),
    (
        "php",
        InlineCap::Environment,
        &["getenv()", "$_ENV", "$_SERVER", "phpinfo"],
    ),
    (
        "Rscript",
        InlineCap::Read,
        &[
            "readLines",
            "readRDS",
            "readChar",
            "readBin",
            "read.csv",
            "read.table",
            "file",
            "upload_file",
            "httr::upload_file",
            "form_file",
            "curl::form_file",
            "readr::read_file",
        ],
    ),
    (
        "Rscript",
        InlineCap::Network,
        &[
            "httr::",
            "httr2::",
            "curl::",
            "RCurl::",
            "POST",
            "PUT",
            "GET",
            "download.file",
            "url(",
            "socketConnection",
            "make.socket",
            "source(\"http",
            "source('http",
        ],
    ),
    (
        "Rscript",
        InlineCap::Socket,
        &["socketConnection", "make.socket"],
    ),
    (
        "Rscript",
        InlineCap::Exec,
        &["system", "system2", "shell", "processx::run", "pipe("],
    ),
    ("Rscript", InlineCap::Environment, &["Sys.getenv()"]),
    ("Rscript", InlineCap::Variable, &["Sys.getenv("]),
    (
        "Rscript",
        InlineCap::Eval,
        &["eval(", "source(\"http", "source('http"],
    ),
    (
        "Rscript",
        InlineCap::Decode,
        &["base64enc::base64decode", "base64decode", "rawToChar"],
    ),
    (
        "julia",
        InlineCap::Read,
        &["read", "readlines", "readchomp", "open", "eachline"],
    ),
    (
        "julia",
        InlineCap::Network,
        &[
            "download",
            "Downloads.download",
            "HTTP.",
            "Sockets.",
            "connect",
        ],
    ),
    ("julia", InlineCap::Socket, &["Sockets.connect", "connect"]),
    ("julia", InlineCap::Exec, &["run", "success", "pipeline"]),
    (
        "julia",
        InlineCap::Environment,
        &["collect(ENV)", "Dict(ENV)"],
    ),
    ("julia", InlineCap::Variable, &["ENV["]),
    (
        "julia",
        InlineCap::Eval,
        &[
            "include(",
            "include_string(",
            "evalfile(",
            "eval(Meta.parse",
        ],
    ),
    ("julia", InlineCap::Decode, &["base64decode"]),
];

/// How the value of a variable names the code a program loads from it.
#[derive(Clone, Copy)]
pub(super) enum ValueCode {
    /// A list of files or directories, separated by `:` or blanks, each one loaded or searched
    /// for code (`LD_PRELOAD=a.so:b.so`, `PYTHONPATH=src:lib`).
    Paths,
    /// The value is one file, run as code (`BASH_ENV=FILE`).
    File,
    /// The value is options of the program; the files after these options are loaded
    /// (`NODE_OPTIONS='--require FILE'`, `--import=FILE`, `RUBYOPT=-rFILE`).
    Options(&'static [&'static str]),
}

/// Variables whose value names code a program loads or runs, and how: an assignment of one is
/// also a part `export NAME= FILE...` for the KG (each file or directory a word), so a value
/// naming a temporary place is judged there (`code a variable loads from a temporary place`).
/// Variables whose value is a command (`GIT_SSH_COMMAND`, `PROMPT_COMMAND`) are parsed as code
/// instead.
pub(super) const CODE_FILE_VARS: &[(&str, ValueCode)] = &[
    ("LD_PRELOAD", ValueCode::Paths),
    ("LD_AUDIT", ValueCode::Paths),
    ("DYLD_INSERT_LIBRARIES", ValueCode::Paths),
    ("BASH_ENV", ValueCode::File),
    ("ENV", ValueCode::File),
    ("PYTHONSTARTUP", ValueCode::File),
    ("PYTHONPATH", ValueCode::Paths),
    ("NODE_PATH", ValueCode::Paths),
    ("PERL5LIB", ValueCode::Paths),
    ("PERLLIB", ValueCode::Paths),
    ("RUBYLIB", ValueCode::Paths),
    (
        "NODE_OPTIONS",
        ValueCode::Options(&[
            "--require",
            "-r",
            "--import",
            "--loader",
            "--experimental-loader",
        ]),
    ),
    ("PERL5OPT", ValueCode::Options(&["-I", "-M", "-m"])),
    ("RUBYOPT", ValueCode::Options(&["-r", "-I", "--require"])),
    (
        "JAVA_TOOL_OPTIONS",
        ValueCode::Options(&["-javaagent:", "-agentpath:", "-cp", "-classpath"]),
    ),
    (
        "_JAVA_OPTIONS",
        ValueCode::Options(&["-javaagent:", "-agentpath:", "-cp", "-classpath"]),
    ),
];

/// The files and directories a value of a [`CODE_FILE_VARS`] variable names as code.
pub(super) fn code_files(form: ValueCode, value: &str) -> Vec<String> {
    let words = value.split_whitespace();
    match form {
        ValueCode::Paths => value
            .split([':', ' ', '\t'])
            .filter(|v| !v.is_empty())
            .map(str::to_string)
            .collect(),
        ValueCode::File => {
            let v = value.trim();
            if v.is_empty() {
                Vec::new()
            } else {
                vec![v.to_string()]
            }
        }
        ValueCode::Options(options) => {
            let mut out = Vec::new();
            let mut take_next = false;
            for w in words {
                if take_next {
                    take_next = false;
                    out.push(w.to_string());
                    continue;
                }
                for o in options {
                    if w == *o {
                        take_next = true;
                    } else if let Some(v) = w.strip_prefix(o) {
                        // `--import=FILE`, `-rFILE`, `-javaagent:FILE=ARGS`, perl's `-Mlib=DIR`.
                        let v = v.strip_prefix('=').unwrap_or(v);
                        let v = v.strip_prefix("lib=").unwrap_or(v);
                        let v = v.split_once('=').map_or(v, |(file, _)| file);
                        if !v.is_empty() {
                            out.push(v.to_string());
                        }
                    } else {
                        continue;
                    }
                    break;
                }
            }
            // A class path names several places.
            out.iter()
                .flat_map(|v| v.split(':').filter(|p| !p.is_empty()).map(str::to_string))
                .collect()
        }
    }
}
