//! A way out instead of a dead end. When a sandboxed run is refused something (a write, the
//! network, a secret, a limit), `guard exec` says so in plain words and keeps a *refusal* for the
//! agent session that ran it. The hook, on the next attempt of the same command in the same
//! session within a short time, answers an agent that can ask (Claude Code, Gemini CLI) with
//! `ask`: the refusal is the reason, and the command it names is the same command under
//! `guard exec --grant NONCE`, a *grant* the guard itself wrote into its data directory that adds
//! exactly what was refused (this write root, the network, a higher limit) to the profile.
//! `guard exec` honours a grant once, while it is fresh, for that command in that directory
//! only. An agent that cannot ask (Codex, Cursor) is denied with the reason and the commands
//! for its human.
//!
//! Why the agent cannot loosen the guard with this: the grant exists only as a file in the
//! guard's data directory (protected in every profile, a trust anchor for the judge), the only
//! way to run it is `guard exec --grant`, which the KG treats as the guard's own loosening (ask
//! the user, or deny), and it is used up by its first run.
//!
//! Files: `$XDG_DATA_HOME/terraphim/guard/refusals/<hash>.json` (keyed by session and command)
//! and `.../grants/<nonce>.json` (renamed to `<nonce>.used` when claimed). Settings:
//! `$XDG_CONFIG_HOME/terraphim/guard/way-out.toml` (`retry_minutes`, `grant_minutes`; both 10 by
//! default), never the environment, which the agent's shell controls.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use terraphim_sandbox::{Network, Profile, RunReport, Target, ViolationKind};

/// How long a refusal and a grant stay usable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Settings {
    /// Minutes after a refused run in which the same command in the same session is asked.
    #[serde(default = "ten")]
    pub(crate) retry_minutes: u64,
    /// Minutes a grant stays usable after the hook wrote it.
    #[serde(default = "ten")]
    pub(crate) grant_minutes: u64,
}

fn ten() -> u64 {
    10
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            retry_minutes: 10,
            grant_minutes: 10,
        }
    }
}

impl Settings {
    /// `way-out.toml` in the guard's config directory; absent: the defaults. A file that does
    /// not parse is an error naming it (the caller falls back to the ordinary answer).
    pub(crate) fn load() -> anyhow::Result<Settings> {
        let Some(path) = terraphim_learn::LearnPaths::from_env()
            .ok()
            .map(|p| p.config_dir.join("guard/way-out.toml"))
        else {
            return Ok(Settings::default());
        };
        match fs_err::read_to_string(&path) {
            Ok(text) => {
                toml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
            Err(e) => Err(e.into()),
        }
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn data_dir() -> anyhow::Result<PathBuf> {
    crate::paths::data_dir()
        .ok_or_else(|| anyhow::anyhow!("no data directory (HOME and XDG_DATA_HOME are unset)"))
}

/// A hash of text the agent chose, as a file name (no text can name a path).
fn hashed(parts: &[&str]) -> String {
    use sha2::Digest as _;
    let mut h = sha2::Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0u8]);
    }
    h.finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    fs_err::write(&tmp, bytes)?;
    fs_err::rename(&tmp, path)?;
    Ok(())
}

/// One thing a run was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Refused {
    /// The violation kind's wire name.
    pub(crate) kind: String,
    /// What was refused (the violation's detail), for people: never read for a grant.
    pub(crate) detail: String,
    /// What exactly was refused, as the sandbox recorded it (the violation's `target`): the
    /// only source of what a grant names. Absent in refusals kept by older versions: then
    /// nothing path- or host-specific is granted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) target: Option<Target>,
}

/// A refused run, kept for the next attempt of the same command in the same session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Refusal {
    pub(crate) session: String,
    pub(crate) command: String,
    pub(crate) cwd: String,
    pub(crate) profile: String,
    pub(crate) time: u64,
    pub(crate) refused: Vec<Refused>,
    /// A change set held for destroying work, for `guard changes`.
    #[serde(default)]
    pub(crate) held: Option<String>,
}

fn refusal_path(session: &str, command: &str) -> anyhow::Result<PathBuf> {
    Ok(data_dir()?
        .join("refusals")
        .join(format!("{}.json", hashed(&[session, command]))))
}

/// What a run was refused: its permission violations and the limits it hit, once each.
pub(crate) fn refused_of(report: &RunReport) -> Vec<Refused> {
    let mut out: Vec<Refused> = Vec::new();
    for v in &report.violations {
        let r = Refused {
            kind: v.kind.as_str().to_owned(),
            detail: v.detail.clone(),
            target: v.target.clone(),
        };
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// The refusals in plain words, one clause each.
pub(crate) fn plain(refused: &[Refused]) -> String {
    refused
        .iter()
        .map(|r| {
            let what = match r.kind.as_str() {
                "fs-write" => "a write",
                "fs-read" => "a read",
                "network" => "the network",
                "spawn" => "more processes",
                "memory" => "more memory",
                "cpu" => "more CPU time",
                "wall-time" => "more time",
                "output" => "more output",
                "ptrace" => "access to another process",
                "env" => "an environment variable",
                "syscall" => "a privileged system call",
                "destroys-work" => "destroying work git cannot give back",
                _ => "something the sandbox does not allow",
            };
            format!("{what} ({})", r.detail)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// After a `guard exec` run: say in plain words what was refused and what the agent can do,
/// and keep the refusal for the session that ran it (found through the hook's record of the
/// run's `--id`). Returns the line for stderr; `None` when nothing was refused.
pub(crate) fn after_run(
    id: Option<&str>,
    cwd: &Path,
    profile: &str,
    report: &RunReport,
) -> Option<String> {
    let refused: Vec<Refused> = refused_of(report)
        .into_iter()
        .filter(|r| r.kind != ViolationKind::DestroysWork.as_str())
        .collect();
    if refused.is_empty() {
        return None;
    }
    let pre = id.and_then(|id| crate::hook::pending::peek(id).ok().flatten());
    let can_ask = pre
        .as_ref()
        .is_some_and(|p| p.agent == "claude-code" || p.agent == "gemini");
    let what = plain(&refused);
    let next = if can_ask {
        "What you can do: run the same command again and the user will be asked to allow exactly that, once; or do the work another way"
    } else {
        "What you can do: do the work another way, or tell the user, who can run it outside the sandbox themselves (`terraphim-agent guard review --list` shows what the guard learned from it)"
    };
    let line =
        format!("terraphim guard: the sandbox (profile `{profile}`) refused {what}. {next}.");
    if let Some(pre) = pre
        && let Some(session) = pre.session.clone()
    {
        let refusal = Refusal {
            session,
            // The command as the agent asked for it: the next attempt is compared with it.
            command: pre.command,
            cwd: cwd.to_string_lossy().into_owned(),
            profile: profile.to_owned(),
            time: now(),
            refused,
            held: None,
        };
        let saved = refusal_path(&refusal.session, &refusal.command).and_then(|p| {
            let bytes = serde_json::to_vec(&refusal)?;
            write_atomic(&p, &bytes)
        });
        if let Err(e) = saved {
            eprintln!("warning: terraphim guard could not keep the refusal: {e:#}");
        }
    }
    Some(line)
}

/// The fresh refusal of `command` in `session`, taken (removed) so it is asked about once.
pub(crate) fn take_refusal(
    session: &str,
    command: &str,
    settings: &Settings,
) -> anyhow::Result<Option<Refusal>> {
    let path = refusal_path(session, command)?;
    let text = match fs_err::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let _ = fs_err::remove_file(&path);
    let r: Refusal =
        serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let fresh = r.time + settings.retry_minutes * 60 >= now();
    Ok((fresh && r.session == session && r.command == command).then_some(r))
}

/// What a grant adds to its base profile.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Loosening {
    /// Run under this profile instead of the base (the `workspace` profile for a refused write
    /// into the project: the change set is still judged).
    #[serde(default)]
    pub(crate) profile: Option<String>,
    /// Extra writable roots (absolute).
    #[serde(default)]
    pub(crate) write: Vec<PathBuf>,
    /// Extra readable roots (absolute).
    #[serde(default)]
    pub(crate) read: Vec<PathBuf>,
    /// The network policy, when the network was refused and the hosts are not all known:
    /// `allow`.
    #[serde(default)]
    pub(crate) network: Option<Network>,
    /// The hosts the run was refused, as allow-list patterns (`host:port`): the run reaches
    /// them, and only them, through the guard's proxy (`network = [...]`). Grants written
    /// before this field have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) hosts: Vec<String>,
    /// Why the network granted is `allow` rather than a list of hosts, in plain words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) network_why: Option<String>,
    /// Multiply these limits by two (`memory`, `cpu`, `wall`, `output`, `file-size`) or four
    /// (`processes`).
    #[serde(default)]
    pub(crate) raise: Vec<String>,
}

impl Loosening {
    pub(crate) fn is_empty(&self) -> bool {
        self == &Loosening::default()
    }

    /// What it grants, in plain words.
    pub(crate) fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(p) = &self.profile {
            parts.push(format!(
                "writes to the project through profile `{p}` (the change set is still judged)"
            ));
        }
        for w in &self.write {
            parts.push(format!("writes beneath {}", w.display()));
        }
        for r in &self.read {
            parts.push(format!("reads beneath {}", r.display()));
        }
        if let Some(n) = self.network {
            match &self.network_why {
                Some(why) => parts.push(format!("network `{n}` ({why})")),
                None => parts.push(format!("network `{n}`")),
            }
        } else if !self.hosts.is_empty() {
            parts.push(format!(
                "the network to {} only, through the guard's proxy",
                self.hosts.join(", ")
            ));
        }
        for r in &self.raise {
            parts.push(format!("a higher {r} limit"));
        }
        parts.join(", ")
    }

    /// Add it to a profile (the base, already loaded).
    pub(crate) fn apply(&self, p: &mut Profile) {
        for w in &self.write {
            p.read_write.push(w.to_string_lossy().into_owned());
        }
        for r in &self.read {
            p.read_only.push(r.to_string_lossy().into_owned());
        }
        if let Some(n) = self.network {
            p.network = n;
        } else if !self.hosts.is_empty() {
            // The base's own list (if any) plus the refused hosts; the base's `resolve` table
            // stays (a test's fake names).
            if p.network != Network::Proxy {
                p.allow_hosts.clear();
            }
            p.network = Network::Proxy;
            for h in &self.hosts {
                if !p.allow_hosts.contains(h) {
                    p.allow_hosts.push(h.clone());
                }
            }
        }
        for r in &self.raise {
            match r.as_str() {
                "processes" => {
                    p.max_processes = p.max_processes.saturating_mul(4).min(4096);
                    p.max_threads = p.max_threads.map(|t| t.saturating_mul(4));
                }
                "memory" => p.memory_mb = p.memory_mb.saturating_mul(2),
                "cpu" => p.cpu_seconds = p.cpu_seconds.saturating_mul(2),
                "wall" => p.wall_seconds = p.wall_seconds.saturating_mul(2),
                "output" => p.output_mb = p.output_mb.saturating_mul(2),
                "file-size" => p.file_size_mb = p.file_size_mb.map(|m| m.saturating_mul(2)),
                _ => {}
            }
        }
        p.name = format!("{}+grant", p.name);
    }
}

/// A directory that may be granted for `path`: the path when it is a directory, else its
/// parent. Only beneath the home (never the home itself) or the temporary directories; never a
/// trust anchor (the guard's own files, hooks, shell start files), never a `bin` directory or
/// anything in one (host shells run what lies there), never a directory above the project.
fn grantable_dir(path: &Path, cwd: &Path, home: Option<&Path>) -> Option<PathBuf> {
    let dir = if path.is_dir() {
        path.to_path_buf()
    } else {
        path.parent()?.to_path_buf()
    };
    let text = dir.to_string_lossy();
    let anchor = terraphim_guard::paths::is_trust_anchor(&text, Some(cwd), home)
        || terraphim_guard::paths::is_trust_anchor(&format!("{text}/x"), Some(cwd), home);
    let below_home = home.is_some_and(|h| dir.starts_with(h) && dir != h);
    let below_tmp = ["/tmp", "/var/tmp"]
        .iter()
        .any(|t| dir.starts_with(t) && dir != Path::new(t));
    let bin = dir.components().any(|c| {
        matches!(
            c.as_os_str().to_str(),
            Some("bin" | "sbin" | ".bin" | "hooks")
        )
    });
    let above_project = cwd.starts_with(&dir) && dir != cwd;
    (!anchor && (below_home || below_tmp) && !bin && !above_project).then_some(dir)
}

/// The limits a grant can raise (see [`Loosening::apply`]).
const LIMITS: &[&str] = &["processes", "memory", "cpu", "wall", "output", "file-size"];

/// Whether the guard's proxy can reach `host` when an allow-list names it: never a private
/// address literal or `localhost` (the proxy refuses them unless a profile's own `resolve`
/// table maps the name; a grant adds no table).
fn proxy_reaches(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    match bare.parse::<std::net::IpAddr>() {
        Ok(ip) => !terraphim_sandbox::is_private_address(ip),
        Err(_) => host != "localhost" && !host.ends_with(".localhost"),
    }
}

/// What a grant for `refusal` would add, and what it never grants (in plain words). Read from
/// each refusal's kind and `target` only, never from its detail text.
pub(crate) fn loosening_for(
    refusal: &Refusal,
    has_workspace: bool,
    home: Option<&Path>,
) -> (Loosening, Vec<String>) {
    let cwd = Path::new(&refusal.cwd);
    let mut l = Loosening::default();
    let mut never = Vec::new();
    // The network: the refused hosts when every refusal named one the proxy can reach;
    // otherwise the network (`allow`), with the reason.
    let mut hosts: Vec<String> = Vec::new();
    let mut unnamed: Option<String> = None;
    let raise = |what: &str, l: &mut Loosening| {
        if !l.raise.iter().any(|r| r == what) {
            l.raise.push(what.to_owned());
        }
    };
    for r in &refusal.refused {
        let target = r.target.as_ref();
        match (r.kind.as_str(), target) {
            (_, Some(Target::Limit { limit })) if LIMITS.contains(&limit.as_str()) => {
                raise(limit, &mut l);
            }
            ("fs-write", Some(Target::Path { path, .. })) if target_is_guarded(target) => {
                never.push(format!("a write to {path} (a protected path)"));
            }
            ("fs-write", Some(Target::Path { path, .. })) => {
                let p = PathBuf::from(path);
                match grantable_dir(&p, cwd, home) {
                    _ if p.starts_with(cwd) && !has_workspace => {
                        l.profile = Some(terraphim_guard::DEFAULT_PROFILE.to_owned());
                    }
                    Some(d) if !l.write.contains(&d) => l.write.push(d),
                    Some(_) => {}
                    None => never.push(format!("a write to {} (a guarded place)", p.display())),
                }
            }
            ("fs-read", Some(Target::Path { path, .. })) if target_is_guarded(target) => {
                never.push(format!("a secret ({path})"));
            }
            ("fs-read", Some(Target::Path { path, .. })) => {
                match grantable_dir(Path::new(path), cwd, home) {
                    Some(d) if !l.read.contains(&d) => l.read.push(d),
                    Some(_) => {}
                    None => never.push(format!("a read of {path} (a guarded place)")),
                }
            }
            ("fs-write" | "fs-read", _) => never.push(format!(
                "{} ({}: the sandbox did not record which path)",
                if r.kind == "fs-write" {
                    "a write"
                } else {
                    "a read"
                },
                r.detail
            )),
            ("network", Some(Target::Host { host, port })) if proxy_reaches(host) => {
                let h = format!("{host}:{port}");
                if !hosts.contains(&h) {
                    hosts.push(h);
                }
            }
            ("network", Some(Target::Host { host, port })) => {
                unnamed.get_or_insert(format!(
                    "{host}:{port} is a private address, which a host allow-list never reaches"
                ));
            }
            ("network", Some(Target::Address { ip, port })) => {
                let at = std::net::SocketAddr::new(*ip, *port);
                unnamed.get_or_insert(format!(
                    "the program connected to {at} itself, not through a proxy, which a host allow-list cannot serve"
                ));
            }
            ("network", _) => {
                unnamed.get_or_insert(
                    "the sandbox could not see which host the program wanted".to_owned(),
                );
            }
            ("spawn", _) => raise("processes", &mut l),
            ("memory", _) => raise("memory", &mut l),
            ("cpu", _) => raise("cpu", &mut l),
            ("wall-time", _) => raise("wall", &mut l),
            ("output", _) => raise("output", &mut l),
            _ => never.push(format!("{} ({})", r.kind, r.detail)),
        }
    }
    match unnamed {
        // The whole network, for this one run, everything else confined as before: what the
        // guard granted before it could name hosts, kept where it still cannot.
        Some(why) => {
            l.network = Some(Network::Allow);
            l.network_why = Some(why);
        }
        None => l.hosts = hosts,
    }
    (l, never)
}

/// Whether a path target is one the guard never grants (a protected or hidden path).
fn target_is_guarded(target: Option<&Target>) -> bool {
    matches!(
        target,
        Some(Target::Path {
            protected: true,
            ..
        }) | Some(Target::Path { hidden: true, .. })
    )
}

/// A grant: a loosening of one base profile for one command in one directory, written by the
/// hook when it asks the user, used once by `guard exec --grant`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Grant {
    pub(crate) nonce: String,
    pub(crate) command: String,
    pub(crate) cwd: String,
    pub(crate) session: String,
    pub(crate) base: String,
    pub(crate) created: u64,
    pub(crate) loosening: Loosening,
}

fn grants_dir() -> anyhow::Result<PathBuf> {
    Ok(data_dir()?.join("grants"))
}

fn valid_nonce(nonce: &str) -> bool {
    nonce.len() == 32 && nonce.bytes().all(|b| b.is_ascii_hexdigit())
}

pub(crate) fn new_nonce() -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    fs_err::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes))
        .map_err(|e| anyhow::anyhow!("no randomness for a grant: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Write a grant; returns its nonce.
pub(crate) fn write_grant(
    refusal: &Refusal,
    command: &str,
    base: &str,
    loosening: Loosening,
) -> anyhow::Result<String> {
    let nonce = new_nonce()?;
    let g = Grant {
        nonce: nonce.clone(),
        command: command.to_owned(),
        cwd: refusal.cwd.clone(),
        session: refusal.session.clone(),
        base: base.to_owned(),
        created: now(),
        loosening,
    };
    let dir = grants_dir()?;
    sweep(&dir);
    write_atomic(
        &dir.join(format!("{nonce}.json")),
        &serde_json::to_vec_pretty(&g)?,
    )?;
    Ok(nonce)
}

/// Remove grants and used markers older than a day.
fn sweep(dir: &Path) {
    let Ok(entries) = fs_err::read_dir(dir) else {
        return;
    };
    let t = SystemTime::now();
    for e in entries.flatten() {
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|m| t.duration_since(m).ok())
            .is_some_and(|d| d.as_secs() > 86_400);
        if old {
            let _ = fs_err::remove_file(e.path());
        }
    }
}

/// Claim a grant for a run of `command` in `cwd`: it must exist, be fresh, name this command
/// and directory, and not be used; claiming uses it up (a rename, so two runs cannot both
/// claim it).
pub(crate) fn claim(nonce: &str, command: &str, cwd: &Path) -> anyhow::Result<Grant> {
    if !valid_nonce(nonce) {
        anyhow::bail!("`{nonce}` is not a grant of this guard");
    }
    let dir = grants_dir()?;
    let path = dir.join(format!("{nonce}.json"));
    let used = dir.join(format!("{nonce}.used"));
    match fs_err::rename(&path, &used) {
        Ok(()) => {}
        Err(_) if used.exists() => {
            anyhow::bail!("grant {nonce} was already used (a grant runs once)")
        }
        Err(_) => anyhow::bail!(
            "no grant {nonce} (grants are written by the guard's hook when the user is asked)"
        ),
    }
    let text = fs_err::read_to_string(&used)?;
    let g: Grant =
        serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", used.display()))?;
    let settings = Settings::load()?;
    if g.created + settings.grant_minutes * 60 < now() {
        anyhow::bail!(
            "grant {nonce} expired ({} minutes after it was made)",
            settings.grant_minutes
        );
    }
    if g.command != command {
        anyhow::bail!("grant {nonce} is for another command");
    }
    if Path::new(&g.cwd) != cwd {
        anyhow::bail!("grant {nonce} is for the directory {}", g.cwd);
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(cwd: &Path, refused: &[(&str, Option<Target>)]) -> Refusal {
        Refusal {
            session: "s".into(),
            command: "c".into(),
            cwd: cwd.to_string_lossy().into_owned(),
            profile: "workspace".into(),
            time: now(),
            refused: refused
                .iter()
                .map(|(k, t)| Refused {
                    kind: (*k).into(),
                    detail: "the words do not matter".into(),
                    target: t.clone(),
                })
                .collect(),
            held: None,
        }
    }

    fn path(p: &Path, protected: bool, hidden: bool) -> Option<Target> {
        Some(Target::Path {
            path: p.to_string_lossy().into_owned(),
            protected,
            hidden,
        })
    }

    fn host(h: &str, port: u16) -> Option<Target> {
        Some(Target::Host {
            host: h.into(),
            port,
        })
    }

    #[test]
    fn each_refusal_grants_exactly_its_own_thing_or_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().join("home");
        let project = home.join("p");
        let cache = home.join("cache/tool");
        fs_err::create_dir_all(&project).unwrap();
        fs_err::create_dir_all(&cache).unwrap();
        let w = |p: &Path| path(p, false, false);
        let allow_because = |why: &str| Loosening {
            network: Some(Network::Allow),
            network_why: Some(why.into()),
            ..Loosening::default()
        };
        // (refused kind and target, the base profile has a workspace, granted, never granted)
        type Case = (Vec<(&'static str, Option<Target>)>, bool, Loosening, usize);
        let cases: Vec<Case> = vec![
            // A write below a cache dir: that dir.
            (
                vec![("fs-write", w(&cache.join("x.bin")))],
                true,
                Loosening {
                    write: vec![cache.clone()],
                    ..Loosening::default()
                },
                0,
            ),
            // A write into the project under a profile without a workspace: the workspace.
            (
                vec![("fs-write", w(&project.join("out.json")))],
                false,
                Loosening {
                    profile: Some("workspace".into()),
                    ..Loosening::default()
                },
                0,
            ),
            // The home itself, a trust anchor, a bin dir, a system path, the guard's config, a
            // protected path, a secret: never.
            (
                vec![("fs-write", w(&home.join("f")))],
                true,
                Loosening::default(),
                1,
            ),
            (
                vec![("fs-write", w(&home.join(".bashrc")))],
                true,
                Loosening::default(),
                1,
            ),
            (
                vec![("fs-write", w(&home.join(".cargo/bin/tool")))],
                true,
                Loosening::default(),
                1,
            ),
            (
                vec![("fs-write", w(Path::new("/usr/lib/x")))],
                true,
                Loosening::default(),
                1,
            ),
            (
                vec![("fs-write", w(&home.join(".config/terraphim/guard/x")))],
                true,
                Loosening::default(),
                1,
            ),
            (
                vec![("fs-write", path(&project.join(".git/config"), true, false))],
                false,
                Loosening::default(),
                1,
            ),
            (
                vec![("fs-read", path(&home.join(".ssh/id_rsa"), false, true))],
                true,
                Loosening::default(),
                1,
            ),
            // A write the sandbox named no path for: nothing (never read from the words).
            (vec![("fs-write", None)], true, Loosening::default(), 1),
            // Hosts the proxy named: exactly those, once each.
            (
                vec![
                    ("network", host("api.fake.test", 8080)),
                    ("network", host("api.fake.test", 8080)),
                    ("network", host("203.0.113.7", 443)),
                ],
                true,
                Loosening {
                    hosts: vec!["api.fake.test:8080".into(), "203.0.113.7:443".into()],
                    ..Loosening::default()
                },
                0,
            ),
            // A private address or localhost by name: an allow-list cannot reach it.
            (
                vec![("network", host("127.0.0.1", 8080))],
                true,
                allow_because(
                    "127.0.0.1:8080 is a private address, which a host allow-list never reaches",
                ),
                0,
            ),
            (
                vec![("network", host("localhost", 3000))],
                true,
                allow_because(
                    "localhost:3000 is a private address, which a host allow-list never reaches",
                ),
                0,
            ),
            // A connect around the proxy: only the address is known, and a list cannot serve
            // it; with a named host beside it, still the network.
            (
                vec![
                    ("network", host("api.fake.test", 8080)),
                    (
                        "network",
                        Some(Target::Address {
                            ip: "127.0.0.1".parse().unwrap(),
                            port: 9,
                        }),
                    ),
                ],
                true,
                allow_because(
                    "the program connected to 127.0.0.1:9 itself, not through a proxy, which a host allow-list cannot serve",
                ),
                0,
            ),
            // A socket refused before any address (no namespaces), and limits.
            (
                vec![
                    ("network", None),
                    ("spawn", Some(Target::limit("processes"))),
                    ("spawn", None),
                    ("fs-write", Some(Target::limit("file-size"))),
                ],
                true,
                Loosening {
                    raise: vec!["processes".into(), "file-size".into()],
                    ..allow_because("the sandbox could not see which host the program wanted")
                },
                0,
            ),
            (vec![("syscall", None)], true, Loosening::default(), 1),
            // A target kind from a newer version grants nothing.
            (
                vec![("fs-write", Some(Target::Unknown))],
                true,
                Loosening::default(),
                1,
            ),
        ];
        for (refused, has_ws, want, never_n) in cases {
            let (got, never) = loosening_for(&refusal(&project, &refused), has_ws, Some(&home));
            assert_eq!(got, want, "{refused:?}");
            assert_eq!(never.len(), never_n, "{refused:?}: {never:?}");
        }
    }

    #[test]
    fn a_loosening_adds_to_the_profile_and_renames_it() {
        let base = include_str!("../../../kg/profiles/readonly.toml");
        let mut p = Profile::from_toml("readonly", Path::new("r.toml"), base).unwrap();
        let before = p.clone();
        Loosening {
            write: vec![PathBuf::from("/srv/cache")],
            network: Some(Network::Allow),
            raise: vec!["processes".into(), "memory".into()],
            ..Loosening::default()
        }
        .apply(&mut p);
        assert_eq!(p.name, "readonly+grant");
        assert!(p.read_write.contains(&"/srv/cache".to_owned()));
        assert_eq!(p.network, Network::Allow);
        assert_eq!(p.max_processes, before.max_processes * 4);
        assert_eq!(p.memory_mb, before.memory_mb * 2);
        assert_eq!(p.hidden, before.hidden, "secrets stay hidden");
        assert_eq!(
            p.protected, before.protected,
            "protected paths stay protected"
        );
        // Hosts: an allow-list of exactly them.
        let mut p = Profile::from_toml("readonly", Path::new("r.toml"), base).unwrap();
        let hosts = Loosening {
            hosts: vec!["api.fake.test:8080".into()],
            ..Loosening::default()
        };
        hosts.apply(&mut p);
        assert_eq!(p.network, Network::Proxy);
        assert_eq!(p.allow_hosts, vec!["api.fake.test:8080".to_owned()]);
        assert_eq!(
            hosts.describe(),
            "the network to api.fake.test:8080 only, through the guard's proxy"
        );
    }

    #[test]
    fn old_grant_and_refusal_files_stay_readable() {
        // A grant written before hosts were named: the network, as it said.
        let old = r#"{"nonce":"0123456789abcdef0123456789abcdef","command":"c","cwd":"/p","session":"s","base":"readonly","created":1,"loosening":{"profile":null,"write":[],"read":[],"network":"allow","raise":[]}}"#;
        let g: Grant = serde_json::from_str(old).unwrap();
        assert_eq!(g.loosening.network, Some(Network::Allow));
        assert!(g.loosening.hosts.is_empty());
        // A refusal kept before targets were recorded: readable, and it grants nothing it
        // would have to read from words.
        let old = r#"{"session":"s","command":"c","cwd":"/p","profile":"readonly","time":1,"refused":[{"kind":"fs-write","detail":"write to read-only path /home/u/cache/x"}]}"#;
        let r: Refusal = serde_json::from_str(old).unwrap();
        assert_eq!(r.refused[0].target, None);
        let (l, never) = loosening_for(&r, true, Some(Path::new("/home/u")));
        assert!(l.is_empty() && never.len() == 1, "{l:?} {never:?}");
    }

    #[test]
    fn nonces_are_hex_of_one_length() {
        assert!(valid_nonce(&new_nonce().unwrap()));
        assert!(!valid_nonce("../../etc/passwd"));
        assert!(!valid_nonce("abc"));
    }
}
