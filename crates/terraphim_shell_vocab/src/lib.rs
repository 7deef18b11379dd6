//! The shell vocabulary every part of terraphim guard shares, so the parts agree on it: which
//! programs are shells, interpreters, wrappers and package runners (`npx X`, `uv run X`), and
//! how many words their options take,
//! which files build and test runners read as instructions, how bash decodes `$'...'`, how
//! the usual pipeline decoders (`base64 -d`, `xxd -r -p`, `rev`) decode, and where the XDG base
//! directories are.
//!
//! ```
//! use terraphim_shell_vocab::{is_shell, wrapper_words, xdg};
//!
//! assert!(is_shell("bash"));
//! let rest = ["-e", "trace=execve", "bash", "-c", "id"];
//! assert_eq!(wrapper_words("strace", &rest), 2);
//! let env = |k: &str| (k == "HOME").then(|| "/home/u".into());
//! assert_eq!(
//!     xdg::base_dir(xdg::BaseDir::Config, env),
//!     Some("/home/u/.config".into())
//! );
//! ```
//!
//! No I/O: the XDG functions take the environment as an argument.
#![deny(missing_docs)]

pub mod decode;
mod escape;
mod grammar;
pub mod hosts;
pub mod manifest;
mod programs;
mod runners;
pub mod secrets;
pub mod sql;
pub mod xdg;

pub use escape::unescape_ansi_c;
pub use grammar::{
    bash_grammar_input, bash_grammar_safe, expansion_operand_parens, group_prefixes,
    read_write_redirects, substituted_code, test_tildes,
};
pub use programs::{
    BUILD_INPUTS, BUILD_RUNNERS, COMPILE_OUTPUT_DIRS, DATA_FILE_EXTENSIONS, GIT_CONFIG_READS,
    GIT_CONFIG_REMOVALS, GIT_CONFIG_VERBS, INTERPRETERS, LOCKFILES, METADATA_READERS, NAME_PROBES,
    PRINT_ONLY_OPTIONS, PRIVILEGED, PROGRAM_ALIASES, PROJECT_BUILDERS, ROOT_READERS,
    RUNNABLE_SOURCE_EXTENSIONS, SHELLS, TEMPLATE_SUFFIXES, WRAPPERS, WRITE_VERBS, aliased_program,
    interpreter_name, is_build_input, is_data_file, is_interpreter, is_lockfile, is_runner_source,
    is_shell, is_structured_data_file, is_wrapper, template_target, wrapper_words,
};
pub use runners::{RUNNERS, Runner, runner_words, strip_package_version};
