//! The world every scenario gets: a fresh temporary directory with its own HOME, XDG dirs and a
//! project directory, and the last run of the real binary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use std::io::Write as _;

/// The result of one run of `terraphim-agent`.
#[derive(Debug, Default, Clone)]
pub struct RunOutput {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

#[derive(Debug, cucumber::World)]
#[world(init = Self::new)]
pub struct GuardWorld {
    pub tmp: tempfile::TempDir,
    /// Extra environment for every run.
    pub env: BTreeMap<String, String>,
    pub last: RunOutput,
    /// Free-form values steps share within a scenario.
    pub vars: BTreeMap<String, String>,
}

impl GuardWorld {
    fn new() -> Self {
        let tmp = tempfile::tempdir().expect("tempdir");
        for dir in ["home", "config", "data", "cache", "state", "project", "tmp"] {
            std::fs::create_dir_all(tmp.path().join(dir)).expect("mkdir");
        }
        Self {
            tmp,
            env: BTreeMap::new(),
            last: RunOutput::default(),
            vars: BTreeMap::new(),
        }
    }

    /// Whether an earlier step found a tool the scenario needs missing: it printed `skipping: ...`
    /// and the later steps pass without checking (under `TERRAPHIM_GUARD_NO_SKIP=1`, as in CI, that
    /// step fails instead, so nothing is skipped there).
    pub fn skipped(&self) -> bool {
        self.vars.contains_key("skipped")
    }

    pub fn root(&self) -> &Path {
        self.tmp.path()
    }
    pub fn home(&self) -> PathBuf {
        self.root().join("home")
    }
    pub fn config_dir(&self) -> PathBuf {
        self.root().join("config")
    }
    pub fn data_dir(&self) -> PathBuf {
        self.root().join("data")
    }
    pub fn project(&self) -> PathBuf {
        self.root().join("project")
    }
    /// The user KG directory of one tier, e.g. `guard-safe`.
    pub fn user_kg(&self, tier_dir: &str) -> PathBuf {
        self.config_dir().join("terraphim/kg").join(tier_dir)
    }

    /// The binary under test.
    pub fn binary() -> PathBuf {
        PathBuf::from(env!("CARGO_BIN_EXE_terraphim-agent"))
    }

    /// A `Command` for the binary with a clean, scenario-local environment.
    pub fn command(&self, args: &[String]) -> Command {
        let mut cmd = Command::new(Self::binary());
        cmd.args(args)
            .current_dir(self.project())
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.config_dir())
            .env("XDG_DATA_HOME", self.data_dir())
            .env("XDG_CACHE_HOME", self.root().join("cache"))
            .env("XDG_STATE_HOME", self.root().join("state"))
            .env("TMPDIR", self.root().join("tmp"))
            .env("NO_COLOR", "1");
        if let Ok(ci) = std::env::var("CI") {
            cmd.env("CI", ci);
        }
        cmd.envs(&self.env);
        cmd
    }

    /// Run the binary with `args` and optional stdin, and remember the output.
    pub fn run(&mut self, args: &[String], stdin: Option<&str>) -> &RunOutput {
        let mut cmd = self.command(args);
        cmd.stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("spawn terraphim-agent");
        if let Some(input) = stdin {
            let mut pipe = child.stdin.take().expect("stdin");
            // A hook may reject input without reading it all; a broken pipe is fine then.
            let _ = pipe.write_all(input.as_bytes());
        }
        let out = child.wait_with_output().expect("wait terraphim-agent");
        self.last = RunOutput {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        &self.last
    }

    /// Replace `{project}`, `{home}`, `{tmp}`, `{data}`, `{config}` in a step's text.
    pub fn expand(&self, text: &str) -> String {
        let mut text = text
            .replace("{project}", &self.project().display().to_string())
            .replace("{home}", &self.home().display().to_string())
            .replace("{tmp}", &self.root().join("tmp").display().to_string())
            .replace("{data}", &self.data_dir().display().to_string())
            .replace("{config}", &self.config_dir().display().to_string());
        // What earlier steps made: `{port}`, `{registry_port}`, ...
        for (k, v) in &self.vars {
            text = text.replace(&format!("{{{k}}}"), v);
        }
        text
    }

    /// The last run's stdout parsed as JSON.
    pub fn last_json(&self) -> Result<serde_json::Value, String> {
        serde_json::from_str(self.last.stdout.trim())
            .map_err(|e| format!("stdout is not one JSON value ({e}): {}", self.last.stdout))
    }
}
