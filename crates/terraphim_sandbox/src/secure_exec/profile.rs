use std::path::PathBuf;

/// Network access of a profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JsNetwork {
    /// No network at all.
    Deny,
    /// Only loopback hosts (`localhost`, `127.0.0.0/8`, `::1`).
    Loopback,
    /// Public hosts; secure-exec's SSRF check still refuses private and loopback addresses.
    Allow,
}

/// What the secure-exec backend needs from a sandbox profile. The native backend's profile maps
/// onto it: `read_roots` from its read-only and read-write paths (writes go to the scratch dir
/// only), `hidden` from its hidden paths, the limits one to one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsProfile {
    /// Trees the code may read (resolved through realpath; symlinks cannot lead out).
    pub read_roots: Vec<PathBuf>,
    /// Paths the code may not touch even beneath a read root (secrets: `~/.ssh`, `.env` files):
    /// existing paths, globs already expanded.
    pub hidden: Vec<PathBuf>,
    /// Network access.
    pub network: JsNetwork,
    /// Memory in MiB: the V8 heap limit; `RLIMIT_DATA` adds a fixed base for the runtime itself.
    pub memory_mb: u64,
    /// CPU seconds of the code (`RLIMIT_CPU`, plus a fixed allowance for the runtime's start).
    pub cpu_seconds: u64,
    /// Wall-clock seconds of the code (the isolate's limit; the whole run gets a start allowance).
    pub wall_seconds: u64,
    /// Cap on stdout + stderr bytes.
    pub max_output_bytes: u64,
}

impl JsProfile {
    /// The design's default profile: given read roots, network denied, 64 MB, 10 s CPU, 30 s
    /// wall, 1 MiB of output.
    pub fn new(read_roots: Vec<PathBuf>) -> Self {
        Self {
            read_roots,
            hidden: Vec::new(),
            network: JsNetwork::Deny,
            memory_mb: 64,
            cpu_seconds: 10,
            wall_seconds: 30,
            max_output_bytes: 1 << 20,
        }
    }

    pub(crate) fn validate(&self) -> Result<(), String> {
        if self.read_roots.iter().any(|r| !r.is_absolute()) {
            return Err("read roots must be absolute paths".into());
        }
        if self.hidden.iter().any(|h| !h.is_absolute()) {
            return Err("hidden paths must be absolute paths".into());
        }
        if !(16..=16_384).contains(&self.memory_mb) {
            return Err(format!(
                "memory_mb {} is outside 16..=16384",
                self.memory_mb
            ));
        }
        if self.cpu_seconds == 0 || self.wall_seconds == 0 {
            return Err("cpu_seconds and wall_seconds must be at least 1".into());
        }
        if self.max_output_bytes == 0 {
            return Err("max_output_bytes must be at least 1".into());
        }
        Ok(())
    }
}
