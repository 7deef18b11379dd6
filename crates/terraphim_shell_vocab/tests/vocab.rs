//! Table-driven tests of the shared shell vocabulary.

use std::ffi::OsString;
use std::path::PathBuf;

use pretty_assertions::assert_eq;
use terraphim_shell_vocab::xdg::{self, BaseDir};
use terraphim_shell_vocab::{
    BUILD_INPUTS, INTERPRETERS, PRIVILEGED, PROGRAM_ALIASES, SHELLS, WRAPPERS, aliased_program,
    interpreter_name, is_build_input, is_interpreter, is_runner_source, is_shell, is_wrapper,
    unescape_ansi_c, wrapper_words,
};

#[test]
fn versioned_and_windows_interpreter_names() {
    let cases: &[(&str, Option<&str>)] = &[
        ("python3", Some("python3")),
        ("python3.11", Some("python3")),
        ("python3.11.exe", Some("python3")),
        ("python3.EXE", Some("python3")),
        ("python2.7", Some("python2")),
        ("python.exe", Some("python")),
        ("node20", Some("node")),
        ("node.exe", Some("node")),
        ("ruby3.2", Some("ruby")),
        ("perl5.36", Some("perl")),
        ("php8.2", Some("php")),
        ("lua5.4", Some("lua")),
        // Not a version: another program.
        ("python3-config", None),
        ("bunx", None),
        ("nodemon", None),
        ("perldoc", None),
        ("ruby.", None),
        (".exe", None),
        ("", None),
    ];
    for &(name, want) in cases {
        assert_eq!(interpreter_name(name), want, "{name}");
        assert_eq!(is_interpreter(name), want.is_some(), "{name}");
    }
}

/// [`interpreter_name`] as it was written before its one-pass form: the name itself, else the
/// longest entry that begins the name followed by a version.
fn interpreter_name_two_scans(name: &str) -> Option<&'static str> {
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
    if let Some(exact) = INTERPRETERS.iter().find(|i| **i == name) {
        return Some(exact);
    }
    INTERPRETERS
        .iter()
        .filter(|i| {
            name.strip_prefix(**i).is_some_and(|version| {
                let mut chars = version.chars();
                chars
                    .next()
                    .is_some_and(|c| c.is_ascii_digit() || (c == '.' && version.len() > 1))
                    && version[1..].chars().all(|c| c.is_ascii_digit() || c == '.')
            })
        })
        .max_by_key(|i| i.len())
        .copied()
}

/// The one-pass [`interpreter_name`] names what the two scans named, for every entry with every
/// kind of suffix, for other programs and for odd words.
#[test]
fn interpreter_name_is_the_two_scans() {
    let suffixes = [
        "", "3", "2", "3.11", ".11", "3.", ".", "..", "-config", "x", "js", "20", "5.36", ".exe",
        ".EXE", "3.11.exe", "é", "3é", ".é", " ", "/",
    ];
    let mut names: Vec<String> = Vec::new();
    for entry in INTERPRETERS.iter().chain(SHELLS).chain(WRAPPERS) {
        for suffix in suffixes {
            names.push(format!("{entry}{suffix}"));
            names.push(format!("{}{suffix}", &entry[..entry.len() - 1]));
            names.push(format!("x{entry}{suffix}"));
        }
    }
    for other in [
        "",
        "p",
        "py",
        "e",
        "é",
        "ééé",
        ".exe",
        "a.exe",
        "echo",
        "git",
        "cargo",
        "log",
        "printf",
        "rm",
        "bunx",
        "nodemon",
        "Rscript4.3",
        "rscript",
        "PYTHON3",
        "node.EXE.exe",
        "pwsh7",
    ] {
        names.push(other.to_string());
    }
    for name in &names {
        assert_eq!(
            interpreter_name(name),
            interpreter_name_two_scans(name),
            "{name:?}"
        );
    }
}

#[test]
fn program_classes() {
    // (name, shell, interpreter, wrapper)
    let cases: &[(&str, bool, bool, bool)] = &[
        ("bash", true, false, false),
        ("sh", true, false, false),
        ("fish", true, false, false),
        ("busybox-sh", true, false, false),
        ("python3", false, true, false),
        ("python3.12", false, true, false),
        ("node", false, true, false),
        ("pwsh", false, true, false),
        ("env", false, false, true),
        ("sudo", false, false, true),
        ("strace", false, false, true),
        ("flock", false, false, true),
        ("torsocks", false, false, true),
        ("parallel", false, false, true),
        ("xargs", false, false, true),
        ("git", false, false, false),
        ("rm", false, false, false),
        ("bashful", false, false, false),
        ("", false, false, false),
    ];
    for &(name, shell, interp, wrapper) in cases {
        assert_eq!(
            (is_shell(name), is_interpreter(name), is_wrapper(name)),
            (shell, interp, wrapper),
            "{name}"
        );
    }
}

#[test]
fn lists_have_no_duplicates_and_do_not_overlap() {
    for list in [SHELLS, INTERPRETERS, WRAPPERS, PRIVILEGED, BUILD_INPUTS] {
        let mut sorted = list.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), list.len(), "{list:?}");
    }
    for s in SHELLS {
        assert!(!INTERPRETERS.contains(s) && !WRAPPERS.contains(s), "{s}");
    }
    for p in PRIVILEGED {
        assert!(!WRAPPERS.contains(p), "{p}");
    }
}

#[test]
fn build_inputs_by_file_name() {
    let cases: &[(&str, bool)] = &[
        ("Makefile", true),
        ("./sub/Makefile", true),
        ("/tmp/x/rules.mk", true),
        ("package.json", true),
        ("conftest.py", true),
        ("Gemfile", true),
        ("Dockerfile", true),
        ("requirements.txt", true),
        ("Cargo.toml", true),
        ("composer.json", true),
        ("package-lock.json", false),
        ("requirements.lock", true),
        ("deps/requirements-dev.in", true),
        ("requirements.md", false),
        ("README.md", false),
        ("Makefile.bak", false),
        ("src/main.rs", false),
        ("", false),
    ];
    for &(path, want) in cases {
        assert_eq!(is_build_input(path), want, "{path}");
    }
}

#[test]
fn wrapper_words_skips_options_and_their_values() {
    // (wrapper, words after it, how many belong to the wrapper)
    let cases: &[(&str, &[&str], usize)] = &[
        ("sudo", &["-u", "root", "rm", "-rf", "x"], 2),
        ("sudo", &["--", "ls"], 1),
        ("env", &["A=1", "-u", "B", "bash", "-c", "x"], 3),
        ("env", &["-", "ls"], 1),
        ("env", &[], 0),
        ("nice", &["-10", "make"], 1),
        ("nice", &["-n", "5", "make"], 2),
        ("timeout", &["-s", "KILL", "5", "sleep", "9"], 3),
        ("timeout", &["5"], 1),
        (
            "strace",
            &["-f", "-e", "trace=execve", "bash", "-c", "id"],
            3,
        ),
        ("flock", &["-w", "3", "/tmp/lock", "make"], 3),
        ("torsocks", &["curl", "x"], 0),
        ("parallel", &["-j", "4", "gzip", ":::", "a"], 2),
        ("xargs", &["-I", "{}", "rm", "{}"], 2),
        ("xargs", &["-0", "rm"], 1),
        // bubblewrap: options take zero to three words
        (
            "bwrap",
            &[
                "--ro-bind",
                "/usr",
                "/usr",
                "--dev",
                "/dev",
                "--unshare-net",
                "ls",
            ],
            6,
        ),
        (
            "bwrap",
            &["--overlay", "a", "b", "/", "--chdir", "/w", "make"],
            6,
        ),
        ("taskset", &["0x3", "make"], 1),
        ("ssh", &["-p", "22", "host", "ls"], 2),
        ("watch", &["-n", "1", "date"], 2),
        ("time", &["-o", "t.txt", "-f", "%e", "make"], 4),
        ("time", &["-v", "make"], 1),
        ("py-spy", &["-o", "f.svg", "-r", "50", "--", "python3"], 5),
    ];
    for &(name, rest, want) in cases {
        assert_eq!(wrapper_words(name, rest), want, "{name} {rest:?}");
    }
}

#[test]
fn ansi_c_strings() {
    let cases: &[(&str, &str)] = &[
        ("plain", "plain"),
        (r"a\nb", "a\nb"),
        (r"\t\r", "\t\r"),
        (r"\x72\x6d", "rm"),
        (r"\x7", "\u{7}"),
        (r"\162\155", "rm"),
        (r"\u00e9", "é"),
        (r"\U0001F600", "😀"),
        (r"\e[0m", "\u{1b}[0m"),
        (r"\'", "'"),
        (r"\\", "\\"),
        ("end\\", "end\\"),
        (r"\q", "q"),
    ];
    for &(inner, want) in cases {
        assert_eq!(unescape_ansi_c(inner), want, "{inner}");
    }
}

fn env_of<'a>(pairs: &'a [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
    move |k: &str| {
        pairs
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, v)| OsString::from(v))
    }
}

/// The XDG rule: an absolute value is used; an empty or relative one is ignored and the
/// default under an absolute HOME applies; with no absolute HOME there is no directory.
#[test]
fn xdg_base_dirs() {
    type Case = (
        &'static [(&'static str, &'static str)],
        BaseDir,
        Option<&'static str>,
    );
    let cases: &[Case] = &[
        (&[("HOME", "/h")], BaseDir::Config, Some("/h/.config")),
        (&[("HOME", "/h")], BaseDir::Data, Some("/h/.local/share")),
        (&[("HOME", "/h")], BaseDir::Cache, Some("/h/.cache")),
        (&[("HOME", "/h")], BaseDir::State, Some("/h/.local/state")),
        (
            &[("HOME", "/h"), ("XDG_CONFIG_HOME", "/c")],
            BaseDir::Config,
            Some("/c"),
        ),
        (
            &[("HOME", "/h"), ("XDG_DATA_HOME", "/d")],
            BaseDir::Data,
            Some("/d"),
        ),
        (
            &[("HOME", "/h"), ("XDG_CONFIG_HOME", "rel/c")],
            BaseDir::Config,
            Some("/h/.config"),
        ),
        (
            &[("HOME", "/h"), ("XDG_CONFIG_HOME", "")],
            BaseDir::Config,
            Some("/h/.config"),
        ),
        (
            &[("HOME", "/h"), ("XDG_CACHE_HOME", "./c")],
            BaseDir::Cache,
            Some("/h/.cache"),
        ),
        (&[("XDG_CONFIG_HOME", "/c")], BaseDir::Config, Some("/c")),
        (&[("XDG_CONFIG_HOME", "rel")], BaseDir::Config, None),
        (&[("HOME", "rel")], BaseDir::Config, None),
        (&[("HOME", "")], BaseDir::Data, None),
        (&[], BaseDir::Data, None),
        // Another directory's variable does not count.
        (
            &[("HOME", "/h"), ("XDG_DATA_HOME", "/d")],
            BaseDir::Config,
            Some("/h/.config"),
        ),
    ];
    for (env, dir, want) in cases {
        assert_eq!(
            xdg::base_dir(*dir, env_of(env)),
            want.map(PathBuf::from),
            "{dir:?} {env:?}"
        );
    }
    assert_eq!(
        xdg::path_under(BaseDir::Config, "terraphim/kg", env_of(&[("HOME", "/h")])),
        Some(PathBuf::from("/h/.config/terraphim/kg"))
    );
}

#[test]
fn runner_words_finds_the_command_a_runner_runs() {
    use terraphim_shell_vocab::{runner_words, strip_package_version};
    // (runner, words after it, words that belong to the runner; None: not seen through)
    let cases: &[(&str, &[&str], Option<usize>)] = &[
        ("npx", &["eslint", "."], Some(0)),
        ("npx", &["--yes", "eslint"], Some(1)),
        ("npx", &["-p", "pkg", "tool"], None),
        ("npx", &["-c", "tool x"], None),
        ("npx", &["--yes"], None),
        ("npm", &["exec", "--", "tool"], Some(2)),
        ("npm", &["install", "tool"], None),
        ("bun", &["x", "tool"], Some(1)),
        ("bunx", &["--bun", "tool"], Some(1)),
        ("pnpm", &["exec", "-C", "sub", "tool"], Some(3)),
        ("pnpm", &["dlx", "tool"], Some(1)),
        ("pnpm", &["install"], None),
        ("yarn", &["dlx", "-p", "pkg", "tool"], None),
        ("uv", &["run", "pytest"], Some(1)),
        ("uv", &["run", "--python=3.12", "pytest"], Some(2)),
        ("uv", &["run", "-p", "3.12", "--frozen", "pytest"], Some(4)),
        ("uv", &["run", "--with", "pkg", "pytest"], None),
        ("uv", &["run", "--with=pkg", "pytest"], None),
        ("uv", &["run", "--mystery", "pytest"], None),
        ("uv", &["tool", "run", "ruff"], Some(2)),
        ("uv", &["tool", "install", "ruff"], None),
        ("uv", &["sync"], None),
        ("uvx", &["--from", "git+https://x", "tool"], None),
        ("uvx", &["ruff", "check"], Some(0)),
        ("poetry", &["run", "-C", "sub", "pytest"], Some(3)),
        ("pipx", &["run", "--spec", "x", "tool"], None),
        ("pipx", &["run", "tool"], Some(1)),
        ("bundle", &["exec", "rspec", "spec"], Some(1)),
        (
            "bundle",
            &["exec", "--keep-file-descriptors", "rake"],
            Some(2),
        ),
        ("bundle", &["exec", "--mystery", "rake"], None),
        ("bundle", &["install"], None),
        ("nx", &["exec", "--", "tsc"], Some(2)),
        ("nx", &["exec", "--projects", "web", "--", "tsc"], Some(4)),
        ("nx", &["run", "web:build"], None),
        ("lerna", &["exec", "--scope", "app", "--", "tsc"], Some(4)),
        ("lerna", &["run", "build"], None),
        ("cargo", &["run"], None),
        ("conda", &["run", "-n", "ml", "pytest", "-q"], Some(3)),
        (
            "conda",
            &[
                "run",
                "--no-capture-output",
                "--prefix",
                "./env",
                "python",
                "x.py",
            ],
            Some(4),
        ),
        ("mamba", &["run", "--name=ml", "python", "-V"], Some(2)),
        ("micromamba", &["run", "-n", "ml", "make"], Some(3)),
        ("conda", &["run", "--cwd", "/srv", "make"], None),
        ("conda", &["install", "numpy"], None),
        ("doppler", &["run", "--", "npm", "test"], Some(2)),
        ("doppler", &["run", "-c", "dev", "--", "make"], Some(4)),
        ("doppler", &["run", "--command", "make test"], None),
        ("doppler", &["run", "--mount", "s.json", "--", "make"], None),
        (
            "op",
            &["run", "--env-file", "e.tpl", "--", "go", "test"],
            Some(4),
        ),
        ("infisical", &["run", "--env=dev", "--", "pytest"], Some(3)),
        (
            "aws-vault",
            &["exec", "dev", "--", "terraform", "plan"],
            Some(3),
        ),
        (
            "aws-vault",
            &["exec", "-n", "dev", "aws", "s3", "ls"],
            Some(3),
        ),
        ("aws-vault", &["exec", "dev"], None),
        ("aws-vault", &["exec", "--server", "dev", "--", "x"], None),
        ("dotenv", &["-e", ".env.test", "--", "jest"], Some(3)),
        ("dotenv", &["run", "pytest"], Some(1)),
        ("direnv", &["exec", ".", "cargo", "test"], Some(2)),
        ("direnv", &["exec", "."], None),
        ("direnv", &["allow"], None),
    ];
    for &(name, rest, want) in cases {
        assert_eq!(
            runner_words(name, rest).map(|(_, n)| n),
            want,
            "{name} {rest:?}"
        );
    }
    let versions: &[(&str, &str)] = &[
        ("prettier@3", "prettier"),
        ("@scope/tool@1.2", "@scope/tool"),
        ("@scope/tool", "@scope/tool"),
        ("tool", "tool"),
    ];
    for &(word, want) in versions {
        assert_eq!(strip_package_version(word), want, "{word}");
    }
}

#[test]
fn runner_sources_are_build_inputs_code_files_and_js_tool_rc_files() {
    let cases: &[(&str, bool)] = &[
        ("Makefile", true),
        ("compose.yaml", true),
        ("tests/test_new.py", true),
        ("src/app.test.ts", true),
        ("eslint.config.js", true),
        ("x_test.go", true),
        ("spec/user_spec.rb", true),
        (".eslintrc.json", true),
        (".prettierrc", true),
        ("notes.md", false),
        ("out.json", false),
        ("build.log", false),
        (".py", false),
        ("", false),
    ];
    for &(path, want) in cases {
        assert_eq!(is_runner_source(path), want, "{path}");
    }
}

#[test]
fn lockfiles_are_named_by_their_file_name() {
    let cases: &[(&str, bool)] = &[
        ("package-lock.json", true),
        ("sub/uv.lock", true),
        ("Gemfile.lock", true),
        ("/tmp/x/composer.lock", true),
        ("yarn.lock.orig", false),
        ("Cargo.toml", false),
    ];
    for &(path, want) in cases {
        assert_eq!(terraphim_shell_vocab::is_lockfile(path), want, "{path}");
    }
}

#[test]
fn plain_settings_hold_no_credential() {
    let cases: &[(&str, bool)] = &[
        ("PORT", true),
        ("API_PORT", true),
        ("NODE_ENV", true),
        ("LOG_LEVEL", true),
        ("WORKER_TIMEOUT", true),
        ("DB_HOST", true),
        ("API_TOKEN", false),
        ("DATABASE_URL", false),
        ("AUTH_HOST", false),
        ("SECRET_KEY_BASE", false),
        ("PASSWORD_TIMEOUT", false),
        ("STRIPE_KEY", false),
        ("GITHUB_APP_ID", true),
        ("TWILIO_ACCOUNT_SID", true),
        ("SENTRY_ORG", true),
        ("DB_USER", true),
        ("OAUTH_CLIENT_ID", false),
        ("KEY_ID", false),
        ("TOKEN_USER", false),
    ];
    for &(name, want) in cases {
        assert_eq!(
            terraphim_shell_vocab::secrets::plain_setting(name),
            want,
            "{name}"
        );
    }
}

#[test]
fn a_token_belongs_to_its_services_documented_hosts() {
    let cases: &[(&str, &str, bool)] = &[
        ("CROWDIN_PERSONAL_TOKEN", "api.crowdin.com", true),
        ("CROWDIN_TOKEN", "acme.api.crowdin.com", true),
        ("CROWDIN_TOKEN", "api.github.com", false),
        ("CROWDIN_TOKEN", "crowdin.com.example.net", false),
        ("GEM_HOST_API_KEY", "rubygems.org", true),
        ("GEMINI_API_KEY", "rubygems.org", false),
        ("HEX_API_KEY", "hex.pm", true),
        ("NUGET_API_KEY", "api.nuget.org", true),
        ("NUGET_API_KEY", "api.npmjs.org", false),
        ("WANDB_API_KEY", "api.wandb.ai", true),
        ("EXPO_TOKEN", "api.expo.dev", true),
        ("AMO_JWT_SECRET", "addons.mozilla.org", true),
        ("STRIPE_SECRET_KEY", "api.stripe.com", true),
        ("STRIPE_SECRET_KEY", "api.github.com", false),
        ("ZENODO_TOKEN", "zenodo.org", true),
        ("ZENODO_TOKEN", "sandbox.zenodo.org", true),
        ("ZENODO_TOKEN", "zenodo.org.example.net", false),
        ("ZENODO_TOKEN", "notzenodo.org", false),
        ("OSF_TOKEN", "api.osf.io", true),
        ("OSF_TOKEN", "files.osf.io", true),
        ("OSF_TOKEN", "osf.io.example.com", false),
        ("CONTENTFUL_MANAGEMENT_TOKEN", "api.contentful.com", true),
        (
            "CONTENTFUL_MANAGEMENT_TOKEN",
            "api.contentful.com.example.org",
            false,
        ),
        ("SANITY_API_TOKEN", "abc123.api.sanity.io", true),
        ("SANITY_API_TOKEN", "api.sanity.io.example.net", false),
        ("APOLLO_KEY", "graphql.api.apollographql.io", true),
        ("APOLLO_KEY", "api.github.com", false),
        // A Google API's OAuth secrets go to Google's token endpoint; no other service's do,
        // and no other Google host is documented for them.
        ("GOOGLE_ADS_CLIENT_SECRET", "oauth2.googleapis.com", true),
        ("GOOGLE_ADS_REFRESH_TOKEN", "googleads.googleapis.com", true),
        ("GOOGLE_ADS_CLIENT_SECRET", "graph.facebook.com", false),
        ("FCM_REFRESH_TOKEN", "oauth2.googleapis.com", true),
        ("FCM_REFRESH_TOKEN", "storage.googleapis.com", false),
        (
            "GOOGLE_ADS_CLIENT_SECRET",
            "oauth2.googleapis.com.example.net",
            false,
        ),
        ("STRIPE_SECRET_KEY", "oauth2.googleapis.com", false),
        ("META_ADS_READ_TOKEN", "graph.facebook.com", true),
        ("META_ADS_READ_TOKEN", "graph.example.com", false),
        ("SATNOGS_API_TOKEN", "network.satnogs.org", true),
        ("SATNOGS_API_TOKEN", "satnogs.org.example.net", false),
        ("ECOWITT_APPLICATION_KEY", "api.ecowitt.net", true),
        ("ECOWITT_API_KEY", "api.segment.io", false),
    ];
    for &(name, host, want) in cases {
        assert_eq!(
            terraphim_shell_vocab::secrets::token_host_documented(name, host),
            want,
            "{name} -> {host}"
        );
    }
}

#[test]
fn plain_parentheses_in_an_expansion_operand_are_mapped_out() {
    use std::borrow::Cow;
    use terraphim_shell_vocab::expansion_operand_parens;
    // (input, the copy the grammar reads): same length, only plain parentheses of an operand.
    let rows: &[(&str, &str)] = &[
        (
            r#"die "$1 not found${2:+ ($2)}""#,
            r#"die "$1 not found${2:+ _$2_}""#,
        ),
        (
            r#"local key="${1:?key (relative to $PREFIX)}""#,
            r#"local key="${1:?key _relative to $PREFIX_}""#,
        ),
        (r#"echo "${1:?usage) x}""#, r#"echo "${1:?usage_ x}""#),
        (r#"echo ${x-(a)} ${y:=(b)}"#, r#"echo ${x-_a_} ${y:=_b_}"#),
        // Substitutions and extglob groups keep theirs.
        (
            r#"echo "${2:+ ($(date +%F))}""#,
            r#"echo "${2:+ _$(date +%F)_}""#,
        ),
        (r#"echo ${x:-$((1 + 2))}"#, r#"echo ${x:-$((1 + 2))}"#),
        (r#"echo ${x:-@(a|b)}"#, r#"echo ${x:-@(a|b)}"#),
        // No operand, a quote of its own, or no closing brace: left as it is.
        (r#"echo ${x} ( $y )"#, r#"echo ${x} ( $y )"#),
        (r#"echo ${x#(*) }"#, r#"echo ${x#(*) }"#),
        (r#"echo "${x:-"(a)"}""#, r#"echo "${x:-"(a)"}""#),
        (r#"echo "${2:+ ($2)" )"#, r#"echo "${2:+ ($2)" )"#),
    ];
    for (input, want) in rows {
        let got = expansion_operand_parens(Cow::Borrowed(input));
        assert_eq!(got.len(), input.len(), "{input}");
        assert_eq!(&got, want, "{input}");
    }
    // An operand that never closes is read once: a long run of them is no quadratic scan.
    let long = "${a:-(".repeat(20_000);
    assert_eq!(expansion_operand_parens(Cow::Borrowed(&long)), long);
}

#[test]
fn an_alias_is_the_program_it_renames() {
    let cases: &[(&str, &str)] = &[
        ("ysqlsh", "psql"),
        ("ycqlsh", "cqlsh"),
        ("mariadb", "mysql"),
        ("gmake", "make"),
        ("gsed", "sed"),
        ("valkey-cli", "redis-cli"),
        // not aliases: the programs themselves, and tools that share a purpose only
        ("psql", "psql"),
        ("make", "make"),
        ("pgcli", "pgcli"),
        ("podman", "podman"),
        ("bsdtar", "bsdtar"),
    ];
    for (name, program) in cases {
        assert_eq!(aliased_program(name), *program, "{name}");
    }
    // An alias names a program that is no alias itself, so one look-up is the whole answer.
    for (alias, program) in PROGRAM_ALIASES {
        assert_eq!(aliased_program(program), *program, "{alias} -> {program}");
    }
}

#[test]
fn sql_statements_that_destroy_and_what_they_name() {
    use terraphim_shell_vocab::sql::{Destroys, statement_destroys};
    let drop = |kind: &str, object: &str| {
        Some(Destroys::Drop {
            kind: kind.into(),
            object: object.into(),
        })
    };
    let cases: &[(&str, Option<Destroys>)] = &[
        ("DROP TABLE IF EXISTS \"users\"", drop("table", "users")),
        (" drop  database shop", drop("database", "shop")),
        (
            "DROP MATERIALIZED VIEW daily",
            drop("materialized view", "daily"),
        ),
        ("REMOVE TABLE user", drop("table", "user")),
        (
            "TRUNCATE TABLE events",
            Some(Destroys::Truncate {
                table: "events".into(),
            }),
        ),
        (
            "DELETE FROM orders",
            Some(Destroys::DeleteAll {
                table: "orders".into(),
            }),
        ),
        (
            "UPDATE users SET a = 1",
            Some(Destroys::UpdateAll {
                table: "users".into(),
            }),
        ),
        ("DELETE FROM orders WHERE id = 1", None),
        ("DROP VIEW v", None),
        ("REMOVE USER bob", None),
        ("SELECT 1", None),
    ];
    for (statement, want) in cases {
        assert_eq!(&statement_destroys(statement), want, "{statement}");
    }
}
