//! The `guard` command tree of `terraphim-agent`, as a library.
//!
//! Upstream terraphim-agent mounts it with one enum variant:
//!
//! ```no_run
//! use clap::{Parser, Subcommand};
//!
//! #[derive(Parser)]
//! struct Cli {
//!     #[command(subcommand)]
//!     command: Command,
//! }
//!
//! #[derive(Subcommand)]
//! enum Command {
//!     /// Guard shell commands.
//!     Guard(terraphim_guard_cli::GuardCommand),
//! }
//!
//! let Command::Guard(guard) = Cli::parse().command;
//! std::process::exit(i32::from(terraphim_guard_cli::run(guard)));
//! ```
#![deny(missing_docs)]

mod commands;
pub mod exit_code;
mod hook;
mod judge;
mod load;
mod outcomes;
mod output;
mod paths;
mod script_judge;
mod upstream_json;
mod way_out;

pub use commands::{GuardCommand, run, run_exec, run_hook};
