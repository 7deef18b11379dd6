//! `terraphim-agent guard sandbox ...`: set up and inspect sandbox backends.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use terraphim_sandbox::{JsDeps, PINNED_SECURE_EXEC};

use crate::exit_code;

/// Set up and inspect sandbox backends.
#[derive(Debug, Args)]
pub(crate) struct SandboxArgs {
    #[command(subcommand)]
    command: SandboxCommand,
}

#[derive(Debug, Subcommand)]
enum SandboxCommand {
    /// Install the pinned Node dependencies of the secure-exec backend (npm, ~110 MB).
    SetupJs {
        /// Install here instead of $TERRAPHIM_GUARD_JS_DIR or $XDG_DATA_HOME/terraphim/guard/js.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

pub(crate) fn run(args: SandboxArgs) -> anyhow::Result<u8> {
    match args.command {
        SandboxCommand::SetupJs { dir } => {
            let dir = match dir {
                Some(dir) => dir,
                None => JsDeps::default_dir().context("failed to choose the install dir")?,
            };
            if let Ok(deps) = JsDeps::at(&dir) {
                println!(
                    "secure-exec {PINNED_SECURE_EXEC} is already installed in {}",
                    deps.dir().display()
                );
                return Ok(exit_code::SUCCESS);
            }
            eprintln!(
                "installing secure-exec {PINNED_SECURE_EXEC} into {} (npm install)...",
                dir.display()
            );
            let deps = JsDeps::install(&dir).context("failed to set up the secure-exec backend")?;
            println!(
                "secure-exec {PINNED_SECURE_EXEC} installed in {}",
                deps.dir().display()
            );
            Ok(exit_code::SUCCESS)
        }
    }
}
