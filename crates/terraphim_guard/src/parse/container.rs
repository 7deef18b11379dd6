//! A container's command on a bind-mounted host directory: `docker run -v ~/src:/w IMAGE rm -rf
//! /w` deletes `~/src`. The container's own paths are its business (`docker run IMAGE rm -rf
//! /tmp/x` touches only the container), so only the words that name a mounted path are read as
//! the host's.

/// Where the engine's subcommand starts in `rest` (`docker -H HOST --context X run ...`): after
/// its own options, of which these take a value.
pub(super) fn after_engine_options(rest: &[String]) -> usize {
    const VALUES: &[&str] = &[
        "-H",
        "--host",
        "-c",
        "--context",
        "--config",
        "-l",
        "--log-level",
    ];
    let mut i = 0;
    while i < rest.len() && rest[i].starts_with('-') {
        i += if VALUES.contains(&rest[i].as_str()) {
            2
        } else {
            1
        };
    }
    i
}

/// Options of `docker run` / `podman run` (and `create`) that take no value; every other option
/// written without `=` is taken to take one (most do).
const RUN_FLAGS: &[&str] = &[
    "-d",
    "--detach",
    "-i",
    "--interactive",
    "-t",
    "--tty",
    "--rm",
    "--privileged",
    "--init",
    "-P",
    "--publish-all",
    "--read-only",
    "-q",
    "--quiet",
    "--no-healthcheck",
    "--oom-kill-disable",
    "--sig-proxy",
    "--replace",
    "--pull-always",
];

/// The words of the command `name REST` runs in a new container, with each word that names a
/// bind-mounted path (or holds one, in a code string) written as the host path, and whether
/// each word's value is only known at run time. `None` when it runs no command or no word names
/// a mounted path.
pub(super) fn mounted_command(
    name: &str,
    rest: &[String],
    rest_dyn: &[bool],
) -> Option<(Vec<String>, Vec<bool>)> {
    if !matches!(name, "docker" | "podman" | "nerdctl") {
        return None;
    }
    // `run` (or `container run`, `compose run`) after the engine's own options.
    let mut i = after_engine_options(rest);
    if matches!(
        rest.get(i).map(String::as_str),
        Some("container" | "compose")
    ) {
        i += 1;
    }
    if !matches!(rest.get(i).map(String::as_str), Some("run" | "create")) {
        return None;
    }
    i += 1;
    let mut mounts: Vec<(String, bool, String)> = Vec::new();
    while i < rest.len() && rest[i].starts_with('-') {
        let word = rest[i].as_str();
        if word == "--" {
            i += 1;
            break;
        }
        let (option, value, dynamic, step) = match word.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v), rest_dyn[i], 1),
            _ if RUN_FLAGS.contains(&word) || is_flag_cluster(word) => (word, None, false, 1),
            _ => (
                word,
                rest.get(i + 1).map(String::as_str),
                rest_dyn.get(i + 1).copied().unwrap_or(false),
                2,
            ),
        };
        if let Some(value) = value {
            match option {
                "-v" | "--volume" => mounts.extend(volume(value).map(|(h, c)| (h, dynamic, c))),
                "--mount" => mounts.extend(mount(value).map(|(h, c)| (h, dynamic, c))),
                _ => {}
            }
        }
        i += step;
    }
    // The image, then the command.
    let command = rest.get(i + 1..).filter(|c| !c.is_empty())?;
    let command_dyn = &rest_dyn[i + 1..];
    let mut mapped_any = false;
    let mut words = Vec::with_capacity(command.len());
    let mut dynamic = Vec::with_capacity(command.len());
    for (word, word_dyn) in command.iter().zip(command_dyn) {
        let (mapped, host_dyn) = host_word(word, &mounts);
        mapped_any |= mapped != *word;
        words.push(mapped);
        dynamic.push(*word_dyn || host_dyn);
    }
    mapped_any.then_some((words, dynamic))
}

/// `-dit`, `-ti`: a cluster of flags that take no value.
fn is_flag_cluster(word: &str) -> bool {
    word.len() > 2
        && !word.starts_with("--")
        && word[1..]
            .chars()
            .all(|c| matches!(c, 'd' | 'i' | 't' | 'P' | 'q'))
}

/// A host path as a bind mount's source names one: absolute, under the home, or relative to
/// the working directory (a bare name is a named volume).
fn is_host_path(source: &str) -> bool {
    source.starts_with('/')
        || source.starts_with('~')
        || source.starts_with('.')
        || source.starts_with('$')
}

/// `-v HOST:CTR[:OPTIONS]` as (host, container), for a bind mount.
fn volume(value: &str) -> Option<(String, String)> {
    let mut parts = value.splitn(3, ':');
    let host = parts.next()?;
    let ctr = parts.next()?;
    (is_host_path(host) && ctr.starts_with('/')).then(|| (host.to_string(), ctr.to_string()))
}

/// `--mount type=bind,source=HOST,target=CTR` as (host, container).
fn mount(value: &str) -> Option<(String, String)> {
    let (mut host, mut ctr, mut bind) = (None, None, false);
    for field in value.split(',') {
        match field.split_once('=') {
            Some(("type", t)) => bind = t == "bind",
            Some(("source" | "src", s)) => host = Some(s),
            Some(("target" | "destination" | "dst", t)) => ctr = Some(t),
            _ => {}
        }
    }
    let (host, ctr) = (host?, ctr?);
    (bind && is_host_path(host) && ctr.starts_with('/'))
        .then(|| (host.to_string(), ctr.to_string()))
}

/// `word` with each mounted container path in it written as its host path (the longest mount
/// first), where the path starts the word or follows a quote, space, `=` or `;`, and ends the
/// word or goes on with `/`, a quote, space or `;`; and whether a host path put in is only known
/// at run time.
fn host_word(word: &str, mounts: &[(String, bool, String)]) -> (String, bool) {
    let mut by_length: Vec<&(String, bool, String)> = mounts.iter().collect();
    by_length.sort_by_key(|(_, _, ctr)| std::cmp::Reverse(ctr.len()));
    let mut out = String::with_capacity(word.len());
    let mut dynamic = false;
    let mut at = 0;
    'scan: while at < word.len() {
        let starts = at == 0 || word[..at].ends_with([' ', '\'', '"', '=', ';', '(', '\t', '\n']);
        if starts {
            for (host, host_dyn, ctr) in &by_length {
                let ctr = ctr.trim_end_matches('/');
                let ctr = if ctr.is_empty() { "/" } else { ctr };
                let Some(after) = word[at..].strip_prefix(ctr) else {
                    continue;
                };
                let ends = after.is_empty()
                    || after.starts_with(['/', ' ', '\'', '"', ';', ')', '\t', '\n'])
                    || ctr == "/";
                if ends {
                    let host = host.trim_end_matches('/');
                    out.push_str(host);
                    // `/` consumed by a root mount, or a root host path not followed by one
                    if ctr == "/" || (host.is_empty() && !after.starts_with('/')) {
                        out.push('/');
                    }
                    dynamic |= *host_dyn;
                    at += ctr.len();
                    continue 'scan;
                }
            }
        }
        let c = word[at..].chars().next().unwrap_or(' ');
        out.push(c);
        at += c.len_utf8();
    }
    (out, dynamic)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn mounted_paths_are_the_hosts() {
        let cases: &[(&str, &str, Option<&str>)] = &[
            (
                "docker",
                "run --rm -v ~/notes:/w alpine rm -rf /w",
                Some("rm -rf ~/notes"),
            ),
            (
                "docker",
                "run -it --volume=/home/ana:/data img sh -c 'rm -rf /data/*'",
                Some("sh -c 'rm -rf /home/ana/*'"),
            ),
            (
                "podman",
                "run -v /:/host:ro -w /x img ls /host/etc",
                Some("ls /etc"),
            ),
            (
                "docker",
                "container run --mount type=bind,source=/srv/db,target=/var/lib/db img rm -r /var/lib/db/base",
                Some("rm -r /srv/db/base"),
            ),
            (
                "docker",
                "run -e A=1 -v $HOME:/h --name t img find /h -delete",
                Some("find $HOME -delete"),
            ),
            // the longest mount wins; a path that only starts like a mount is the container's
            (
                "docker",
                "run -v ~/a:/w -v ~/b:/w/b img rm -rf /w/b /wx",
                Some("rm -rf ~/b /wx"),
            ),
            // no mounted path named, a named volume, no command: nothing to judge as the host's
            ("docker", "run -v ~/a:/w img rm -rf /tmp/x", None),
            (
                "docker",
                "run -v data:/var/lib/db img rm -rf /var/lib/db",
                None,
            ),
            ("docker", "run -v ~/a:/w img", None),
            ("docker", "exec -it web rm -rf /w", None),
            ("kubectl", "run -v ~/a:/w img rm -rf /w", None),
        ];
        for (name, rest, want) in cases {
            let rest = words(rest);
            let dynamic = vec![false; rest.len()];
            let got = mounted_command(name, &rest, &dynamic).map(|(w, _)| w.join(" "));
            assert_eq!(got.as_deref(), *want, "{name} {rest:?}");
        }
    }
}
