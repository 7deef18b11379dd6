//! The shell parse: tree-sitter-bash into simple commands, with wrappers unwrapped and code
//! hidden in strings (`bash -c`, `eval`, `ssh host CMD`, heredocs and pipes fed to shells)
//! parsed again.

mod expand;
mod heredoc;
mod hidden;
mod inline;
mod plain;
mod unwrap;
mod vocab;
mod walker;
mod words;

#[cfg(test)]
mod tests;

use std::cell::RefCell;

use tree_sitter::Parser;

use crate::canon::Word;
use walker::Walker;

/// Something about a command's structure that keeps it out of the allow tier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// The command name is an expansion (`$X -rf /`, `$(echo rm) -rf /`).
    DynamicName,
    /// Code run by a shell or `eval` is not a literal string.
    DynamicCode,
    /// A pipe feeds a shell or an interpreter.
    PipeIntoShell,
    /// A shell runs code from a process substitution (`bash <(curl ...)`).
    ProcessSubstitutionIntoShell,
    /// The input is not valid shell, or not fully understood.
    Unparsed,
    /// Code nested deeper than the parser follows.
    TooDeep,
    /// An environment assignment changes what the program loads or runs (`LD_PRELOAD=...`).
    EnvInjection,
    /// A build or test runner reads instructions that an earlier command of the line wrote
    /// (`printf ... > Makefile && make`).
    RunsWrittenFile,
    /// A command runs input it reads at run time as code (`xargs sh -c {}` fed by a pipe).
    CodeFromInput,
    /// An argument evaluates a variable's value as code: arithmetic on a variable (`$((x+1))`)
    /// or an indirect expansion (`${!ref}`). Bash evaluates a value such as `a[$(cmd)]` there as
    /// an array subscript, which runs the command substitution in it.
    CodeFromVariable,
}

impl Finding {
    /// Why this finding keeps a command in the sandbox.
    pub fn reason(&self) -> &'static str {
        match self {
            Finding::DynamicName => {
                "the command name is an expansion, so what runs is unknown until run time"
            }
            Finding::DynamicCode => "a shell or eval runs code that is not a literal string",
            Finding::PipeIntoShell => {
                "a pipe feeds a shell or interpreter, which runs whatever arrives"
            }
            Finding::ProcessSubstitutionIntoShell => {
                "a shell runs code from a process substitution"
            }
            Finding::Unparsed => "the command could not be parsed as shell",
            Finding::TooDeep => "the command nests code deeper than the guard follows",
            Finding::EnvInjection => {
                "an environment variable changes what the program loads or runs"
            }
            Finding::RunsWrittenFile => {
                "a runner reads build or test instructions written earlier in the same command"
            }
            Finding::CodeFromInput => "a command runs text it reads at run time as code",
            Finding::CodeFromVariable => {
                "arithmetic or an indirect expansion evaluates a variable's value, which runs any command substitution in an array subscript of it"
            }
        }
    }
}

/// One simple command after unwrapping: what the matcher sees.
#[derive(Debug, Clone)]
pub struct SimpleCommand {
    /// Canonical words; the first is the command name.
    pub words: Vec<Word>,
    /// Source text the command came from (for explanations).
    pub text: String,
    /// Wrappers and code layers around it, outermost first (`sudo`, `bash -c`, `$(...)`).
    pub layers: Vec<String>,
    /// The pipeline it is a stage of, and its stage index.
    pub pipeline: Option<(u32, u32)>,
    /// Structural findings about this command.
    pub findings: Vec<Finding>,
    /// Code fed to the command on stdin (heredoc or here-string), unquoted.
    pub stdin_text: Option<String>,
    /// The unquoted argv before canonicalisation (script pre-review needs real paths).
    pub argv: Vec<String>,
    /// For the command a package runner runs (`eslint` in `npx eslint .`), the index in
    /// [`ParsedCommand::commands`] of the runner's own whole form (`npx eslint .`): the KG
    /// judges both, and an unknown one defers to the other.
    pub runner: Option<usize>,
}

impl SimpleCommand {
    /// The command name.
    pub fn name(&self) -> &str {
        self.words.first().map(|w| w.text.as_str()).unwrap_or("")
    }
}

/// The parse of a whole command line.
#[derive(Debug, Clone, Default)]
pub struct ParsedCommand {
    /// Every simple command, in source order, nested ones after their container.
    pub commands: Vec<SimpleCommand>,
    /// Findings about the line as a whole (parse errors).
    pub findings: Vec<Finding>,
    /// Variables the line assigns (`X=1 cmd`, `export X=1`, `env X=1`): their values in
    /// later words are not what the environment holds.
    pub assigned: Vec<String>,
}

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

fn with_parser<T>(f: impl FnOnce(&mut Parser) -> T) -> Result<T, String> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut p = Parser::new();
            p.set_language(&tree_sitter_bash::LANGUAGE.into())
                .map_err(|e| e.to_string())?;
            *slot = Some(p);
        }
        match slot.as_mut() {
            Some(p) => Ok(f(p)),
            None => Err("parser unavailable".into()),
        }
    })
}

/// Check that the bash grammar loads (done once when a guard is built).
pub(crate) fn check_grammar() -> Result<(), String> {
    with_parser(|_| ())
}

/// Parse a command line into simple commands.
pub fn parse(command: &str) -> ParsedCommand {
    parse_with(command, true)
}

/// Parse; `plain` lets plain lines skip tree-sitter (off only to test that it changes nothing).
fn parse_with(command: &str, plain: bool) -> ParsedCommand {
    let mut walker = Walker {
        next_pipeline: 0,
        nodes_deep: 0,
        plain,
        out: ParsedCommand::default(),
        written: Vec::new(),
        wrote_build_input: false,
        vars: Vec::new(),
    };
    walker.parse_code(command, 0, &[]);
    walker.out
}
