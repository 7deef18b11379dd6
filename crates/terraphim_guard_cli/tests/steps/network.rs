//! Steps of the network allow-list: a fake package registry on loopback (run by the test, named
//! by a host name only the scenario's profile maps to 127.0.0.1), profiles whose `network` is a
//! list, and checks on what the registry received.

use cucumber::{given, then};

use super::common::write_file;
use super::world::GuardWorld;

#[path = "../fixtures/fake_registry.rs"]
#[allow(
    dead_code,
    reason = "shared with the integration tests, which use all of it"
)]
mod fake_registry;

use fake_registry::FakeRegistry;

#[given("a fake package registry on loopback")]
fn registry(world: &mut GuardWorld) -> Result<(), String> {
    let dir = world.root().join("registry");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let tgz = fake_registry::npm_tarball(&dir, "fakepkg", "1.0.0").map_err(|e| e.to_string())?;
    world.vars.insert(
        "fakepkg_integrity".into(),
        fake_registry::npm_integrity(&tgz),
    );
    let files = vec![
        (
            "/pkg.txt".to_owned(),
            b"hello from the fake registry\n".to_vec(),
        ),
        ("/fakepkg/-/fakepkg-1.0.0.tgz".to_owned(), tgz),
    ];
    let log = dir.join("requests.log");
    let reg = FakeRegistry::start(files, &log).map_err(|e| e.to_string())?;
    world
        .vars
        .insert("registry_port".into(), reg.port.to_string());
    world
        .vars
        .insert("registry_log".into(), log.display().to_string());
    Ok(())
}

fn fill(world: &GuardWorld, text: &str) -> String {
    let mut text = world.expand(text);
    for (k, v) in &world.vars {
        text = text.replace(&format!("{{{k}}}"), v);
    }
    text
}

#[given(
    expr = "a sandbox profile {string} based on {string} that reaches only {string}, with {string} mapped to loopback"
)]
fn allow_list_profile(
    world: &mut GuardWorld,
    name: String,
    base: String,
    hosts: String,
    mapped: String,
) -> Result<(), String> {
    let text = match base.as_str() {
        "install" => include_str!("../../../../kg/profiles/install.toml"),
        "readonly" => include_str!("../../../../kg/profiles/readonly.toml"),
        other => return Err(format!("no embedded profile `{other}` for an allow-list")),
    };
    let list: Vec<String> = fill(world, &hosts)
        .split(',')
        .map(|h| format!("\"{}\"", h.trim()))
        .collect();
    let line = text
        .lines()
        .find(|l| l.starts_with("network ="))
        .ok_or("no network line")?;
    let mut text = text.replace(line, &format!("network = [{}]", list.join(", ")));
    text.push_str(&format!("\n[resolve]\n\"{mapped}\" = [\"127.0.0.1\"]\n"));
    write_file(
        &world
            .config_dir()
            .join(format!("terraphim/guard/profiles/{name}.toml")),
        &text,
    )
}

/// The embedded profile `name`, replaced by one that maps the hosts to loopback (`resolve`):
/// its own network stays as it is (`deny`); the table serves the allow-list a grant adds.
#[given(expr = "the profile {string} maps {string} to loopback")]
fn profile_maps(world: &mut GuardWorld, name: String, hosts: String) -> Result<(), String> {
    let mut text = match name.as_str() {
        "readonly" => include_str!("../../../../kg/profiles/readonly.toml"),
        "workspace" => include_str!("../../../../kg/profiles/workspace.toml"),
        other => return Err(format!("no embedded profile `{other}` to map hosts in")),
    }
    .to_owned();
    text.push_str("\n[resolve]\n");
    for h in hosts.split(',') {
        text.push_str(&format!("\"{}\" = [\"127.0.0.1\"]\n", h.trim()));
    }
    write_file(
        &world
            .config_dir()
            .join(format!("terraphim/guard/profiles/{name}.toml")),
        &text,
    )
}

#[given(expr = "the project installs {string} from {string} with an npm lock file")]
fn npm_lock(world: &mut GuardWorld, package: String, url: String) -> Result<(), String> {
    let integrity = world
        .vars
        .get("fakepkg_integrity")
        .cloned()
        .ok_or("no fake registry")?;
    let (name, version) = package.split_once('@').ok_or("write NAME@VERSION")?;
    fake_registry::npm_project(
        &world.project(),
        name,
        version,
        &fill(world, &url),
        &integrity,
    )
    .map_err(|e| e.to_string())
}

#[given("npm is installed")]
fn npm_installed(world: &mut GuardWorld) -> Result<(), String> {
    let found = std::process::Command::new("npm")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found {
        return Ok(());
    }
    if std::env::var("TERRAPHIM_GUARD_NO_SKIP").as_deref() == Ok("1") {
        return Err("npm is not installed (TERRAPHIM_GUARD_NO_SKIP=1)".into());
    }
    eprintln!("skipping: npm is not installed");
    world.vars.insert("skipped".into(), "1".into());
    Ok(())
}

fn received(world: &GuardWorld) -> Result<Vec<String>, String> {
    let log = world.vars.get("registry_log").ok_or("no fake registry")?;
    Ok(fake_registry::requests(std::path::Path::new(log)))
}

#[then(expr = "the fake registry received {string}")]
fn registry_received(world: &mut GuardWorld, line: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let got = received(world)?;
    if got.iter().any(|l| l.starts_with(&line)) {
        Ok(())
    } else {
        Err(format!(
            "the registry received {got:?}, not {line:?}\n{:#?}",
            world.last
        ))
    }
}

#[then("the fake registry received nothing")]
fn registry_received_nothing(world: &mut GuardWorld) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let got = received(world)?;
    if got.is_empty() {
        Ok(())
    } else {
        Err(format!("the registry received {got:?}\n{:#?}", world.last))
    }
}

#[then(expr = "the installed project file {string} contains {string}")]
fn installed_file(world: &mut GuardWorld, path: String, text: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let body = std::fs::read_to_string(world.project().join(&path))
        .map_err(|e| format!("{path}: {e}\n{:#?}", world.last))?;
    if body.contains(&text) {
        Ok(())
    } else {
        Err(format!("{path} lacks {text:?}:\n{body}"))
    }
}

/// Every entry below `dir` with its type, size, mode and modification time, in path order: two
/// equal listings mean nothing in it was added, removed or rewritten.
fn listing(dir: &std::path::Path) -> Vec<String> {
    use std::os::unix::fs::MetadataExt as _;
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Ok(m) = std::fs::symlink_metadata(&p) else {
                continue;
            };
            if m.is_dir() {
                stack.push(p.clone());
            }
            out.push(format!(
                "{} {:o} {} {}.{}",
                p.strip_prefix(dir).unwrap_or(&p).display(),
                m.mode(),
                m.len(),
                m.mtime(),
                m.mtime_nsec()
            ));
        }
    }
    out.sort();
    out
}

fn remember_npm_cache(world: &mut GuardWorld) {
    let cache = world.home().join(".npm");
    world
        .vars
        .insert("npm_cache_before".into(), listing(&cache).join("\n"));
}

#[given("the host has an npm cache")]
fn host_npm_cache_exists(world: &mut GuardWorld) -> Result<(), String> {
    std::fs::create_dir_all(world.home().join(".npm")).map_err(|e| e.to_string())?;
    remember_npm_cache(world);
    Ok(())
}

/// npm on the host (outside the sandbox, HOME the scenario's) fills its cache from the fake
/// registry on loopback; the registry's log then starts again, so it shows what the sandboxed
/// run fetched.
#[given(expr = "the host's npm cache holds {string}")]
fn host_npm_cache_holds(world: &mut GuardWorld, url: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let url = fill(world, &url);
    let out = std::process::Command::new("npm")
        .args(["cache", "add", &url])
        .current_dir(world.root())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", world.home())
        .env("NO_UPDATE_NOTIFIER", "1")
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "npm cache add {url} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let log = world.vars.get("registry_log").ok_or("no fake registry")?;
    std::fs::write(log, "").map_err(|e| e.to_string())?;
    remember_npm_cache(world);
    Ok(())
}

#[then("the host's npm cache is unchanged")]
fn host_npm_cache_unchanged(world: &mut GuardWorld) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let before = world
        .vars
        .get("npm_cache_before")
        .cloned()
        .ok_or("no npm cache was remembered")?;
    let now = listing(&world.home().join(".npm")).join("\n");
    if now == before {
        Ok(())
    } else {
        Err(format!(
            "the host's npm cache changed:\nbefore:\n{before}\nnow:\n{now}"
        ))
    }
}
