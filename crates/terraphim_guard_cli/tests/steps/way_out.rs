//! Steps for the way out of a refused sandbox run: files outside the project, JSON text that
//! must not appear, and the guard's grants.

use cucumber::then;

use super::common::json_at;
use super::world::GuardWorld;

#[then(expr = "the file {string} contains {string}")]
fn file_contains(world: &mut GuardWorld, path: String, text: String) -> Result<(), String> {
    let path = world.expand(&path);
    let got = std::fs::read_to_string(&path).map_err(|e| format!("read {path}: {e}"))?;
    if got.contains(&text) {
        Ok(())
    } else {
        Err(format!("{path} holds {got:?}, not {text:?}"))
    }
}

#[then(expr = "the file {string} does not contain {string}")]
fn file_lacks(world: &mut GuardWorld, path: String, text: String) -> Result<(), String> {
    let path = world.expand(&path);
    let got = std::fs::read_to_string(&path).map_err(|e| format!("read {path}: {e}"))?;
    if got.contains(&text) {
        Err(format!("{path} holds {got:?}, which contains {text:?}"))
    } else {
        Ok(())
    }
}

#[then(expr = "the JSON field {string} does not contain {string}")]
fn json_field_lacks(world: &mut GuardWorld, path: String, text: String) -> Result<(), String> {
    let json = world.last_json()?;
    let got = json_at(&json, &path)
        .and_then(|v| v.as_str())
        .ok_or_else(|| format!("no string at {path} in {json:#}"))?;
    if got.contains(&world.expand(&text)) {
        Err(format!("{path} is {got:?}, which contains {text:?}"))
    } else {
        Ok(())
    }
}

#[then("no grant file exists")]
fn no_grant(world: &mut GuardWorld) -> Result<(), String> {
    let dir = world.data_dir().join("terraphim/guard/grants");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    if files.is_empty() {
        Ok(())
    } else {
        Err(format!("grants were written: {files:?}"))
    }
}

#[then(expr = "the grant file names the host {string}")]
fn grant_names_host(world: &mut GuardWorld, host: String) -> Result<(), String> {
    let host = world.expand(&host);
    let dir = world.data_dir().join("terraphim/guard/grants");
    let grants: Vec<serde_json::Value> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .filter_map(|t| serde_json::from_str(&t).ok())
        .collect();
    let named = |g: &serde_json::Value| {
        json_at(g, "loosening.hosts") == Some(&serde_json::json!([host]))
            && json_at(g, "loosening.network").is_none_or(serde_json::Value::is_null)
    };
    if grants.iter().any(named) {
        Ok(())
    } else {
        Err(format!("no grant of exactly {host}: {grants:#?}"))
    }
}

#[then("the listener got a connection")]
fn got_connection(world: &mut GuardWorld) -> Result<(), String> {
    let fd: i32 = world
        .vars
        .get("listener_fd")
        .ok_or("no listener")?
        .parse()
        .map_err(|_| "bad fd")?;
    // SAFETY: the fd was created by the listener step and is owned by this scenario.
    let l = unsafe { <std::net::TcpListener as std::os::fd::FromRawFd>::from_raw_fd(fd) };
    world.vars.remove("listener_fd");
    l.accept()
        .map(|_| ())
        .map_err(|e| format!("the listener got no connection: {e}"))
}
