use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::error::SecureExecError;

/// The secure-exec version the bridge is built and tested against (pinned by `js/package-lock.json`).
pub const PINNED_SECURE_EXEC: &str = "0.2.1";

pub(crate) const DRIVER_JS: &str = include_str!("../../js/driver.mjs");
/// The install-time build step (`node bundle.mjs DIR`): bundles secure-exec, prebuilds its
/// polyfills and extracts its bridge code into `DIR/bundle/` (see `docs/secure-exec.md`).
const BUNDLE_JS: &str = include_str!("../../js/bundle.mjs");
/// The `DIR/bundle/version` the driver needs; `bundle.mjs` writes its `BUNDLE_FORMAT`.
const BUNDLE_FORMAT: &str = "6";
const PACKAGE_JSON: &str = include_str!("../../js/package.json");
const PACKAGE_LOCK: &str = include_str!("../../js/package-lock.json");

/// Environment variable naming the JS dependency dir, overriding the data dir.
const DIR_ENV: &str = "TERRAPHIM_GUARD_JS_DIR";

/// An installed copy of the bridge's pinned Node dependencies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsDeps {
    dir: PathBuf,
}

impl JsDeps {
    /// The directory `setup-js` installs into: `$TERRAPHIM_GUARD_JS_DIR` if set, else
    /// `$XDG_DATA_HOME/terraphim/guard/js`, else `~/.local/share/terraphim/guard/js`.
    pub fn default_dir() -> Result<PathBuf, SecureExecError> {
        Self::default_dir_with(|k| std::env::var_os(k))
    }

    /// [`JsDeps::default_dir`] over the environment `env` gives.
    pub fn default_dir_with(
        env: impl Fn(&str) -> Option<std::ffi::OsString>,
    ) -> Result<PathBuf, SecureExecError> {
        if let Some(dir) = env(DIR_ENV).filter(|v| !v.is_empty()) {
            return Ok(PathBuf::from(dir));
        }
        use terraphim_shell_vocab::xdg::{BaseDir, path_under};
        path_under(BaseDir::Data, "terraphim/guard/js", env).ok_or(SecureExecError::NoDataDir)
    }

    /// The installed dependencies in [`JsDeps::default_dir`].
    pub fn locate() -> Result<Self, SecureExecError> {
        Self::at(Self::default_dir()?)
    }

    /// The installed dependencies in `dir`; an error unless the pinned secure-exec is there and
    /// bundled by this version's build step.
    pub fn at(dir: impl Into<PathBuf>) -> Result<Self, SecureExecError> {
        let dir = dir.into();
        let manifest = dir.join("node_modules/secure-exec/package.json");
        let missing = || SecureExecError::DepsMissing {
            dir: dir.clone(),
            expected: PINNED_SECURE_EXEC,
        };
        let text = fs_err::read_to_string(&manifest).map_err(|_| missing())?;
        let version = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|v| v.get("version").and_then(|v| v.as_str()).map(str::to_owned));
        if version.as_deref() != Some(PINNED_SECURE_EXEC) {
            return Err(missing());
        }
        let bundled = fs_err::read_to_string(dir.join("bundle/version")).unwrap_or_default();
        if bundled.trim() != BUNDLE_FORMAT {
            return Err(missing());
        }
        let dir = fs_err::canonicalize(&dir).map_err(|e| SecureExecError::io(&dir, e))?;
        Ok(Self { dir })
    }

    /// Install the pinned dependencies into `dir` with npm (from the embedded lockfile, no install
    /// scripts), bundle them, and return them. Needs `node` and `npm` on PATH and the npm registry.
    pub fn install(dir: impl Into<PathBuf>) -> Result<Self, SecureExecError> {
        let dir = dir.into();
        let node =
            find_program("node").ok_or(SecureExecError::ProgramMissing { program: "node" })?;
        let npm = find_program("npm").ok_or(SecureExecError::ProgramMissing { program: "npm" })?;
        fs_err::create_dir_all(&dir).map_err(|e| SecureExecError::io(&dir, e))?;
        for (name, text) in [
            ("package.json", PACKAGE_JSON),
            ("package-lock.json", PACKAGE_LOCK),
        ] {
            let path = dir.join(name);
            fs_err::write(&path, text).map_err(|e| SecureExecError::io(&path, e))?;
        }
        // Not `npm ci`: npm 11 rejects this lockfile because secure-exec 0.2.1 names optional
        // platform packages the registry lacks. `npm install` with the lockfile present installs
        // the locked versions; `Self::at` checks the pinned secure-exec version afterwards.
        let output = Command::new(npm)
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                "--loglevel=error",
            ])
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| SecureExecError::process("run npm install", e))?;
        if !output.status.success() {
            return Err(SecureExecError::Npm {
                dir,
                status: output.status,
                stderr: tail(&String::from_utf8_lossy(&output.stderr), 2000),
            });
        }
        Self::bundle(&node, &dir)?;
        Self::at(dir)
    }

    /// Run the build step `bundle.mjs` over the packages installed in `dir`.
    fn bundle(node: &Path, dir: &Path) -> Result<(), SecureExecError> {
        let script = dir.join("bundle.mjs");
        fs_err::write(&script, BUNDLE_JS).map_err(|e| SecureExecError::io(&script, e))?;
        let output = Command::new(node)
            .arg(&script)
            .arg(dir)
            .current_dir(dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| SecureExecError::process("run bundle.mjs", e))?;
        if !output.status.success() {
            return Err(SecureExecError::Bundle {
                dir: dir.to_path_buf(),
                status: output.status,
                stderr: tail(&String::from_utf8_lossy(&output.stderr), 2000),
            });
        }
        Ok(())
    }

    /// The directory holding `node_modules/`.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// secure-exec's V8 sidecar binary for this platform (a prebuilt npm package).
    pub(crate) fn sidecar(&self) -> Result<PathBuf, SecureExecError> {
        let package = match std::env::consts::ARCH {
            "x86_64" => "v8-linux-x64-gnu",
            "aarch64" => "v8-linux-arm64-gnu",
            other => {
                return Err(SecureExecError::process(
                    format!("find secure-exec's V8 sidecar for {other}"),
                    std::io::ErrorKind::Unsupported.into(),
                ));
            }
        };
        let path = self
            .dir
            .join("node_modules/@secure-exec")
            .join(package)
            .join("secure-exec-v8");
        if path.is_file() {
            Ok(path)
        } else {
            Err(SecureExecError::DepsMissing {
                dir: self.dir.clone(),
                expected: PINNED_SECURE_EXEC,
            })
        }
    }

    /// The bridge code `bundle.mjs` extracted, which the sidecar snapshots.
    pub(crate) fn bridge_code(&self) -> Result<Vec<u8>, SecureExecError> {
        let path = self.dir.join("bundle/bridge.js");
        fs_err::read(&path).map_err(|e| SecureExecError::io(&path, e))
    }
}

/// The last `n` characters of `s`.
fn tail(s: &str, n: usize) -> String {
    let skip = s.chars().count().saturating_sub(n);
    s.chars().skip(skip).collect()
}

/// The first executable file named `name` on PATH.
pub(crate) fn find_program(name: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| {
            fs_err::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lockfile_pins_the_tested_version() {
        let lock: serde_json::Value = serde_json::from_str(PACKAGE_LOCK).unwrap();
        assert_eq!(
            lock["packages"]["node_modules/secure-exec"]["version"],
            PINNED_SECURE_EXEC
        );
        let manifest: serde_json::Value = serde_json::from_str(PACKAGE_JSON).unwrap();
        assert_eq!(manifest["dependencies"]["secure-exec"], PINNED_SECURE_EXEC);
    }

    #[test]
    fn a_dir_without_the_pinned_version_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            JsDeps::at(dir.path()),
            Err(SecureExecError::DepsMissing { .. })
        ));
        let pkg = dir.path().join("node_modules/secure-exec");
        fs_err::create_dir_all(&pkg).unwrap();
        fs_err::write(pkg.join("package.json"), r#"{"version":"0.3.3"}"#).unwrap();
        assert!(matches!(
            JsDeps::at(dir.path()),
            Err(SecureExecError::DepsMissing { .. })
        ));
        fs_err::write(pkg.join("package.json"), r#"{"version":"0.2.1"}"#).unwrap();
        assert!(
            matches!(
                JsDeps::at(dir.path()),
                Err(SecureExecError::DepsMissing { .. })
            ),
            "installed but not bundled"
        );
        let bundle = dir.path().join("bundle");
        fs_err::create_dir_all(&bundle).unwrap();
        fs_err::write(bundle.join("version"), "0\n").unwrap();
        assert!(
            matches!(
                JsDeps::at(dir.path()),
                Err(SecureExecError::DepsMissing { .. })
            ),
            "bundled by another build step"
        );
        fs_err::write(bundle.join("version"), format!("{BUNDLE_FORMAT}\n")).unwrap();
        assert!(JsDeps::at(dir.path()).is_ok());
    }

    #[test]
    fn the_build_step_writes_the_format_the_bridge_expects() {
        assert!(
            BUNDLE_JS.contains(&format!("export const BUNDLE_FORMAT = {BUNDLE_FORMAT};")),
            "js/bundle.mjs and deps.rs disagree on BUNDLE_FORMAT"
        );
    }
}
