//! Code from a host that is neither a package registry nor a well-known code host (nor, for a
//! download that is run, a vendor's installer host). Installs:
//! `pip install git+https://git.example.org/x.git`, `npm i https://203.0.113.8/x.tgz`, `cargo
//! install --git URL`, `go install example.com/x@latest`, `deno run https://h.example/x.ts`,
//! `pipx run --spec URL`; project templates and hook repositories whose code runs
//! (`cookiecutter URL`, `copier copy URL`, `cargo generate --git URL`, `pre-commit try-repo
//! URL`); and
//! downloads run unread (`curl URL | sh`, `bash <(curl URL)`, `curl -o f URL && sh f`). The
//! lists are data (`kg/packages/code-hosts.md`, `kg/network/registries.txt`).

use std::sync::OnceLock;

use terraphim_shell_vocab::hosts::{HTTP_CLIENTS, host_of, is_loopback_host};

use crate::parse::SimpleCommand;

const CODE_HOSTS: &str = include_str!("../../../../kg/packages/code-hosts.md");
const REGISTRIES: &str = include_str!("../../../../kg/network/registries.txt");

fn known_hosts() -> &'static Vec<String> {
    static HOSTS: OnceLock<Vec<String>> = OnceLock::new();
    HOSTS.get_or_init(|| {
        let mut out: Vec<String> = CODE_HOSTS
            .lines()
            .filter_map(|l| l.split_once("::"))
            .filter(|(k, _)| matches!(k.trim(), "forge" | "module" | "installer"))
            .flat_map(|(_, v)| v.split(','))
            .map(|h| h.trim().to_ascii_lowercase())
            .filter(|h| !h.is_empty())
            .collect();
        out.extend(
            REGISTRIES
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| {
                    let h = l.split(':').next().unwrap_or(l);
                    h.trim_start_matches("*.").to_ascii_lowercase()
                }),
        );
        out
    })
}

/// Whether code from `host` comes from a registry or a well-known code host (or this machine).
pub(super) fn known(host: &str) -> bool {
    is_loopback_host(host)
        || known_hosts().iter().any(|k| {
            host == k
                || host
                    .strip_suffix(k.as_str())
                    .is_some_and(|p| p.ends_with('.'))
        })
}

/// The host of a source an installer fetches: a URL, a VCS address (`git+https://...`,
/// `git+ssh://git@h/x`, `git@h:o/r`).
pub(super) fn source_host(word: &str) -> Option<String> {
    // `--editable=git+URL`.
    let word = match word.split_once('=') {
        Some((opt, v)) if opt.starts_with('-') => v,
        _ => word,
    };
    let w = word
        .split_once('+')
        .filter(|(vcs, _)| matches!(*vcs, "git" | "hg" | "svn" | "bzr"))
        .map_or(word, |(_, rest)| rest);
    if w.contains("://") {
        return host_of(w);
    }
    // scp-like `git@host:owner/repo.git`.
    let (user, rest) = w.split_once('@')?;
    let (host, _) = rest.split_once(':')?;
    (!user.is_empty() && !user.contains('/') && host.contains('.'))
        .then(|| host.to_ascii_lowercase())
}

/// The unknown host an install of `cmd` fetches code from, if any.
pub(super) fn unknown_install_host(cmd: &SimpleCommand) -> Option<String> {
    let argv = &cmd.argv;
    let name = cmd.name();
    let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    let ops = || words.iter().copied().filter(|w| !w.starts_with('-'));
    let sub = ops().next().unwrap_or("");
    let installs = || ops().any(|w| matches!(w, "install" | "i" | "add" | "inject"));
    // Commands that fetch, and install or run, what any of their words names as a source.
    let by_source = match name {
        "pip" | "pip3" | "poetry" | "pdm" | "npm" | "pnpm" | "yarn" | "bun" | "gem"
        | "composer" => installs(),
        // Runners of a package by name (`pipx run --spec URL`, `uvx --from URL`, `uv tool run`)
        // install it first, as `pipx install` does.
        "pipx" | "uv" => installs() || ops().any(|w| w == "run"),
        "uvx" => true,
        "python" | "python3" => words.windows(2).any(|w| w == ["-m", "pip"]),
        // Project generators run code of the template they fetch (cookiecutter's and cruft's
        // hooks, copier's tasks, cargo-generate's Rhai scripts), and `pre-commit try-repo`
        // runs the hooks of the repository it names.
        "cookiecutter" | "cruft" | "copier" => true,
        "cargo" => sub == "generate",
        "pre-commit" => sub == "try-repo",
        _ => false,
    };
    let hosts: Vec<String> = match name {
        _ if by_source => words.iter().filter_map(|w| source_host(w)).collect(),
        "cargo" if sub == "install" => words
            .windows(2)
            .filter(|w| w[0] == "--git")
            .filter_map(|w| source_host(w[1]))
            .chain(
                words
                    .iter()
                    .filter_map(|w| w.strip_prefix("--git="))
                    .filter_map(source_host),
            )
            .collect(),
        // `go run HOST/x@v` fetches and runs the module as `go install` does.
        "go" if matches!(sub, "install" | "get" | "run") => ops()
            .skip(1)
            .filter(|w| w.contains('@') || sub == "get")
            .filter_map(|w| {
                let first = w.split(['/', '@']).next()?;
                // A module path's first element is a domain; `./...`, `../x` are the
                // module's own packages.
                (first.contains('.') && !first.starts_with('.') && w.contains('/'))
                    .then(|| first.to_ascii_lowercase())
            })
            .collect(),
        "deno" if matches!(sub, "run" | "install" | "compile") => ops()
            .skip(1)
            .take(1)
            .filter(|w| w.starts_with("https://") || w.starts_with("http://"))
            .filter_map(host_of)
            .collect(),
        _ => Vec::new(),
    };
    hosts.into_iter().find(|h| !known(h))
}

/// Download clients, whose URL operands name where the code they fetch comes from: the HTTP
/// clients, and PowerShell's `iwr URL`/`DownloadString(URL)` (the URL inside its code word).
fn downloader(name: &str) -> bool {
    HTTP_CLIENTS.contains(&name) || matches!(name, "pwsh" | "powershell")
}

/// The unknown host a download of the line fetches from, if any: for a line that runs what
/// it downloads (`curl URL | sh`, `bash <(curl URL)`, a download saved and then run).
pub(super) fn unknown_download_host(cmds: &[SimpleCommand]) -> Option<String> {
    cmds.iter()
        .filter(|c| downloader(c.name()))
        .flat_map(|c| download_sources(&c.argv))
        .find(|h| !known(h))
}

/// Short options of the download clients that take a value (`-o FILE`, `-H HEADER`), also
/// last in a cluster (`-fsSLo FILE`): the word after them is no URL.
const VALUE_SHORT: &str = "oHdXuAeTFKwmxbcrCEPUaiQtY";

/// wget's short options that take a value. Its `-c`, `-r`, `-m`, `-H`, `-x`, `-d`, `-b`,
/// `-E`, `-F`, `-K` are switches (continue, recursive, mirror, span hosts, ...): read as
/// curl's, the URL after them was skipped and its host never seen.
const WGET_VALUE_SHORT: &str = "oaeiBtTwQOPUlDRAIX";

/// Long options of the download clients that take their value as the next word.
const VALUE_LONG: &[&str] = &[
    "--output",
    "--header",
    "--data",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "--request",
    "--user",
    "--user-agent",
    "--referer",
    "--upload-file",
    "--form",
    "--config",
    "--write-out",
    "--max-time",
    "--proxy",
    "--cookie",
    "--cookie-jar",
    "--range",
    "--continue-at",
    "--cert",
    "--key",
    "--cacert",
    "--resolve",
    "--connect-to",
    "--connect-timeout",
    "--retry",
    "--output-document",
    "--output-file",
    "--directory-prefix",
    "--post-data",
    "--post-file",
    "--body-data",
    "--body-file",
    "--method",
    "--input-file",
    "--tries",
    "--timeout",
    "--wait",
    "--limit-rate",
    "--dns-servers",
    "--interface",
];

/// The hosts the URL operands of a download client fetch from: URLs with a scheme, and bare
/// addresses the client reads as `http://` (`curl evil.example.com/x.sh`, `wget 203.0.113.5/i`):
/// an IPv4 address, or a name of three labels or more, or a name followed by a path. Option
/// values (`-o install.sh`) and local paths are none.
pub(super) fn download_sources(argv: &[String]) -> Vec<String> {
    let mut hosts = Vec::new();
    if argv
        .first()
        .is_some_and(|p| matches!(p.rsplit('/').next(), Some("pwsh" | "powershell")))
    {
        // PowerShell's code word: every URL it spells (`iex (iwr https://h/x)`).
        for w in argv.iter().skip(1) {
            for (at, _) in w.match_indices("://") {
                let start = w[..at]
                    .rfind(|c: char| !c.is_ascii_alphabetic())
                    .map_or(0, |i| i + 1);
                hosts.extend(host_of(&w[start..]));
            }
        }
        return hosts;
    }
    let value_short = match argv.first().map(|p| p.rsplit('/').next().unwrap_or(p)) {
        Some("wget" | "wget2") => WGET_VALUE_SHORT,
        _ => VALUE_SHORT,
    };
    let mut skip = false;
    let mut options_end = false;
    for w in argv.iter().skip(1) {
        if skip {
            skip = false;
            continue;
        }
        if !options_end && w == "--" {
            options_end = true;
            continue;
        }
        if !options_end && w.starts_with("--") {
            skip = !w.contains('=') && VALUE_LONG.contains(&w.as_str());
            continue;
        }
        if !options_end && w.starts_with('-') && w.len() > 1 {
            skip = w.chars().last().is_some_and(|c| value_short.contains(c));
            continue;
        }
        if w.contains("://") {
            hosts.extend(host_of(w));
        } else if let Some(h) = bare_host(w) {
            hosts.push(h);
        }
    }
    hosts
}

/// The host of a URL written without a scheme, when the word can be nothing else.
fn bare_host(word: &str) -> Option<String> {
    if word.starts_with(['.', '/', '~', '$', '@', '-']) || word.contains(['=', ' ']) {
        return None;
    }
    let host = host_of(word)?;
    if host.parse::<std::net::Ipv4Addr>().is_ok() {
        return Some(host);
    }
    let labels: Vec<&str> = host.split('.').collect();
    let tld = labels.last()?;
    let named = labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && tld.len() >= 2
        && tld.chars().all(|c| c.is_ascii_alphabetic());
    let with_path = word.contains(['/', ':']);
    (named && (labels.len() >= 3 || with_path)).then_some(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(line: &str) -> Option<String> {
        crate::parse::parse(line)
            .commands
            .iter()
            .find_map(unknown_install_host)
    }

    #[test]
    fn installs_from_hosts() {
        for (line, host) in [
            (
                "pip install git+https://code.example.net/a/b.git",
                Some("code.example.net"),
            ),
            (
                "pip3 install https://dl.example.org/p-1.0.tar.gz",
                Some("dl.example.org"),
            ),
            (
                "python3 -m pip install -e git+ssh://git@vcs.example.com/x#egg=x",
                Some("vcs.example.com"),
            ),
            ("npm i https://198.51.100.3/t.tgz", Some("198.51.100.3")),
            (
                "yarn add git@forge.example.io:o/r.git",
                Some("forge.example.io"),
            ),
            (
                "cargo install --git https://src.example.com/t",
                Some("src.example.com"),
            ),
            (
                "go install tools.example.com/x/cmd@v1.2.0",
                Some("tools.example.com"),
            ),
            (
                "go run tools.example.com/x/bootstrap@latest",
                Some("tools.example.com"),
            ),
            (
                "deno run -A https://mods.example.net/i.ts",
                Some("mods.example.net"),
            ),
            // Registries, well-known forges and module hosts, this machine, plain names.
            ("pip install git+https://github.com/o/r.git", None),
            (
                "npm install https://codeload.github.com/o/r/tar.gz/main",
                None,
            ),
            ("cargo install --git https://gitlab.com/o/t", None),
            ("go install golang.org/x/tools/gopls@latest", None),
            ("go install github.com/o/t@latest", None),
            ("deno run https://deno.land/std/examples/welcome.ts", None),
            ("pip install http://localhost:8080/p.whl", None),
            ("pip install requests", None),
            ("npm install left-pad", None),
            ("go install ./cmd/tool", None),
            ("go get -u ./...", None),
            ("go get -t ../lib/...", None),
            ("go run ./cmd/server", None),
            ("go run golang.org/x/tools/cmd/stringer@latest", None),
            // Templates and hook repositories whose code runs; runners that install first.
            (
                "cookiecutter https://tpl.example.net/s.git --no-input",
                Some("tpl.example.net"),
            ),
            (
                "copier copy git@forge.example.io:t/api.git svc",
                Some("forge.example.io"),
            ),
            (
                "cargo generate --git https://code.example.com/tpl/cli",
                Some("code.example.com"),
            ),
            (
                "pre-commit try-repo https://git.example.net/hooks/h",
                Some("git.example.net"),
            ),
            (
                "pipx run --spec=git+https://vcs.example.org/f.git f",
                Some("vcs.example.org"),
            ),
            (
                "uvx --from git+https://vcs.example.org/g.git g",
                Some("vcs.example.org"),
            ),
            ("cookiecutter gh:org/tpl", None),
            ("copier copy https://github.com/o/tpl.git svc", None),
            ("pre-commit try-repo .", None),
            ("pipx run ruff", None),
            ("npm run fetch -- https://data.example.net/x.json", None),
        ] {
            assert_eq!(first(line).as_deref(), host, "{line}");
        }
    }

    #[test]
    fn download_hosts_with_and_without_a_scheme() {
        let hosts = |line: &str| {
            let parsed = crate::parse::parse(line);
            parsed
                .commands
                .iter()
                .filter(|c| downloader(c.name()))
                .flat_map(|c| download_sources(&c.argv))
                .collect::<Vec<_>>()
        };
        for (line, want) in [
            (
                "curl -fsSL https://dl.example.net/i.sh",
                vec!["dl.example.net"],
            ),
            ("curl evil.example.com/x.sh", vec!["evil.example.com"]),
            ("curl e.example.com", vec!["e.example.com"]),
            ("wget -qO- 203.0.113.5/x", vec!["203.0.113.5"]),
            ("curl -s example.com:8080/i", vec!["example.com"]),
            // Option values, local paths and plain names are no hosts.
            (
                "curl -o install.sh https://sh.rustup.rs",
                vec!["sh.rustup.rs"],
            ),
            (
                "curl -fsSLo out.tar.gz https://x.example.org/a",
                vec!["x.example.org"],
            ),
            ("curl -H 'Host: a.b.example' --output f.txt ./x", vec![]),
            ("curl example.com", vec![]),
            ("curl -o setup.py.bak ~/x.y.z", vec![]),
        ] {
            assert_eq!(hosts(line), want, "{line}");
        }
    }
}
