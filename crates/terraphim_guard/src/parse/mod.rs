//! The shell parse: tree-sitter-bash into simple commands, with wrappers unwrapped and code
//! hidden in strings (`bash -c`, `eval`, `ssh host CMD`, heredocs and pipes fed to shells)
//! parsed again.

mod as_root;
mod configs;
mod container;
mod expand;
mod guest;
mod heredoc;
mod hidden;
mod inline;
mod name_kills;
mod outputs;
mod plain;
mod planted;
mod secret_vars;
mod shared_branch;
mod staged;
mod tasks;
pub(crate) use staged::RAW_SENDERS;
mod unwrap;
mod vocab;
mod walker;
mod words;

pub(crate) use unwrap::plain_powershell_command;

#[cfg(test)]
mod tests;

use std::cell::RefCell;

use tree_sitter::Parser;

use crate::canon::Word;
use walker::Walker;

/// The layer of the part that names the directory a file server given none serves (`python3 -m
/// http.server` is judged as `... --directory .` too).
pub(crate) const SERVED_DIRECTORY_LAYER: &str = "a file server serves its working directory";

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
    /// The redirect words that only append (`>> FILE`), bit `i` for word `i`: an append loses
    /// nothing the file held, so it is no `<project>` write (see `paths::classify`).
    pub appends: u64,
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
    /// This command's id as the receiver of substitutions: the output of a `$(..)` in its
    /// words (or of the file an input redirect `< FILE` names) flows into it.
    pub flow: Option<u32>,
    /// The [`flow`](Self::flow) id of the command whose words the output of this command
    /// becomes part of: it runs in a substitution in that command's words (`curl
    /// "https://x/?k=$(cat FILE)"`), or is the read of that command's input redirect.
    pub into: Option<u32>,
    /// It is code another program runs from one of its options, a variable or its own program
    /// text (`git -c core.sshCommand=CMD`, `tar --checkpoint-action=exec=CMD`, `rsync -e CMD`,
    /// `LESSOPEN=|CMD`, awk's `system(CMD)`), not a command the line runs directly or through a
    /// wrapper, a shell or a remote login.
    pub option_code: bool,
    /// A redirect connects one of its standard streams to a network socket (`>/dev/tcp/h/p`,
    /// `0</dev/tcp/h/p`, `<>/dev/tcp/h/p`), rather than a descriptor of its own (`3<>...`).
    pub std_socket: bool,
    /// The variables its own prefix (or an `env` wrapper) assigns, with their values as
    /// written when they are literal (`RAILS_ENV=test bin/rails db:reset`): where the command
    /// points a database client or a framework. A value with an expansion is left out.
    pub env: Vec<(String, String)>,
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
    /// Flows between ids that are no command's own (see [`SimpleCommand::flow`]): `(a, b)`
    /// when what flows into `a` becomes part of `b`'s words: `a` is a variable assigned a
    /// substitution's output and `b` a command (or another variable) that expands it.
    pub links: Vec<(u32, u32)>,
    /// Variables the line assigns a fresh temporary file or directory before anything else
    /// (`t=$(mktemp -d) && ...`) and expands nowhere else than as `$t`: see
    /// `fresh_temp_vars`.
    pub temp_vars: Vec<String>,
    /// Variables of `for` loops whose words are all literal (`for f in po/*.po`), with those
    /// words: in the loop's body the variable is one of them, nothing else.
    pub loop_values: Vec<(String, Vec<String>)>,
    /// Indices of the commands that start a statement of a script judged line by line
    /// ([`parse_script`]): each statement is judged where the script's reader put it (its text
    /// starts with `cd DIR &&` when that is elsewhere), so a `cd` of an earlier statement does
    /// not move it. Empty for a command line, whose `cd` moves every later command.
    pub statement_starts: Vec<usize>,
}

impl ParsedCommand {
    /// Mark where each statement starts, from the statement of every command (ascending).
    pub fn mark_statements(&mut self, statement_of: &[usize]) {
        self.statement_starts = statement_of
            .windows(2)
            .enumerate()
            .filter(|(_, w)| w[0] != w[1])
            .map(|(i, _)| i + 1)
            .collect();
    }
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
    let mut parsed = parse_with(command, true);
    parsed.temp_vars = fresh_temp_vars(command);
    parsed
}

/// The first simple command of `line` (the guard's rule modules test on one command).
#[cfg(test)]
pub(crate) fn first_command(line: &str) -> SimpleCommand {
    parse(line).commands.into_iter().next().expect("a command")
}

/// The variable a line assigns a new temporary file or directory as its first statement
/// (`t=$(mktemp -d) && cp -r x "$t"`, `tmp="$(mktemp -t build.XXXXXX)"; ...`): `mktemp` with no
/// directory of its own (`-p DIR`, `--tmpdir=DIR`) and a template only under `-t`/`--tmpdir`
/// (one without them is relative to the working directory), and `-u` (no file made) refused.
/// The variable must appear nowhere else on the line but expanded (`$t`, `${t}`): no second
/// assignment, `read t`, `for t in`, `printf -v t` or `unset t` can change it. Only the bare
/// expansion is the temp path (`paths`): if `mktemp` failed it is empty, and `"$t"/x` would be
/// `/x`.
pub(crate) fn fresh_temp_vars(command: &str) -> Vec<String> {
    fn ident(c: char) -> bool {
        c.is_ascii_alphanumeric() || c == '_'
    }
    let line = command.trim_start();
    let Some((name, rest)) = line.split_once('=') else {
        return Vec::new();
    };
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || !name.chars().all(ident)
    {
        return Vec::new();
    }
    let (quoted, rest) = match rest.strip_prefix('"') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let Some(rest) = rest.strip_prefix("$(mktemp") else {
        return Vec::new();
    };
    let Some((args, after)) = rest.split_once(')') else {
        return Vec::new();
    };
    let after = match (quoted, after.strip_prefix('"')) {
        (true, Some(a)) => a,
        (false, _) if !after.starts_with('"') => after,
        _ => return Vec::new(),
    };
    let after = after.trim_start_matches([' ', '\t']);
    if !(after.starts_with("&&") || after.starts_with(';') || after.starts_with('\n')) {
        return Vec::new();
    }
    let mut in_tmpdir = false;
    let mut template = false;
    for a in args.split_ascii_whitespace() {
        match a {
            "-d" | "--directory" | "-q" | "--quiet" => {}
            "-t" | "--tmpdir" | "-dt" | "-td" => in_tmpdir = true,
            _ if !a.starts_with('-')
                && !template
                && a.contains("XXX")
                && a.chars().all(|c| ident(c) || c == '.' || c == '-') =>
            {
                template = true;
            }
            _ => return Vec::new(),
        }
    }
    if template && !in_tmpdir {
        return Vec::new();
    }
    // Every other occurrence of the name is an expansion of it.
    let bytes = after.as_bytes();
    let mut from = 0;
    while let Some(i) = after[from..].find(name).map(|i| i + from) {
        let end = i + name.len();
        let before_ok = i == 0 || !ident(bytes[i - 1] as char);
        let after_ok = end >= bytes.len() || !ident(bytes[end] as char);
        if before_ok && after_ok {
            let expanded = after[..i].ends_with('$') || after[..i].ends_with("${");
            if !expanded {
                return Vec::new();
            }
        }
        from = end;
    }
    vec![name.to_string()]
}

/// One statement of a script for [`parse_script`].
#[derive(Debug, Clone, Copy)]
pub enum Statement<'a> {
    /// Its text, on one line.
    Text(&'a str),
    /// Its node in a tree-sitter-bash syntax tree of the source text given with it: the caller
    /// parsed the statement already (with the grammar this crate uses), and its text is the
    /// statement's own text, on one line.
    Node(tree_sitter::Node<'a>, &'a str),
    /// A node as in [`Statement::Node`], run after one simple command: the statement is the
    /// line (the first text) `BEFORE && NODE`, where `BEFORE` is one simple command (`cd
    /// '/src/app' && `: the directory a script moved to). Only `BEFORE` is parsed, where the
    /// parse of the line is `BEFORE`'s and the node's (a node with a redirect, which
    /// tree-sitter-bash may read as one of the whole list, is parsed with the line).
    After(&'a str, tree_sitter::Node<'a>, &'a str),
}

/// Parse the statements of a script (each one line, in order) as the lines of one text: the
/// simple commands are those [`parse`] finds in the texts joined with newlines, in the same
/// order, each with the index of the statement it comes from. A statement given as a node is
/// not parsed again; a plain one skips tree-sitter; the others are parsed together, as one text.
///
/// `None` when a statement may not be read alone, and the caller parses the joined text: a text
/// or node spans lines, starts a heredoc (whose body would be the lines after it) or ends in a
/// backslash (which joins the next line to it); a node holds a syntax error or a character the
/// grammar is not given as is (see `grammar_safe`); or the texts parsed together hold a syntax
/// error or a statement over several lines (one that a line left open went on with).
pub fn parse_script(statements: &[Statement<'_>]) -> Option<(ParsedCommand, Vec<usize>)> {
    /// Whether `text` may hold more than itself in a text of several lines.
    fn open_ended(text: &str) -> bool {
        text.contains('\n')
            || text.ends_with('\\')
            || text
                .match_indices("<<")
                .any(|(i, _)| !text[..i].ends_with('<') && !text[i + 2..].starts_with('<'))
    }
    /// Whether `node` (in `src`) may be walked as the statement it is.
    fn whole_node(node: tree_sitter::Node<'_>, src: &str) -> bool {
        src.get(node.byte_range()).is_some_and(|text| {
            !node.has_error()
                && !open_ended(text)
                && matches!(heredoc::grammar_safe(text), std::borrow::Cow::Borrowed(_))
        })
    }
    /// How each statement is walked.
    enum Plan<'a> {
        Node(tree_sitter::Node<'a>, &'a str),
        Plain(plain::Line<'a>),
        /// The line of the text parsed together.
        Parsed(usize),
        /// A simple command (plain, or a line of the text parsed together), then `&&` and a
        /// node.
        After(Box<Plan<'a>>, tree_sitter::Node<'a>, &'a str),
    }
    /// How each statement is read: a node, a plain line, a line for the text parsed together,
    /// or a command (its text) before a node.
    enum Read<'a> {
        Node(tree_sitter::Node<'a>, &'a str),
        Plain(plain::Line<'a>),
        Row(&'a str),
        After(&'a str, &'a str, tree_sitter::Node<'a>, &'a str),
    }
    /// A plain line's split, if `text` is one.
    fn plain_line(text: &str) -> Option<plain::Line<'_>> {
        plain::parse(text).filter(|line| plain::depth(line) <= walker::MAX_NODE_DEPTH)
    }
    let mut reads = Vec::with_capacity(statements.len());
    for statement in statements {
        reads.push(match *statement {
            Statement::Node(node, src) => {
                if !whole_node(node, src) {
                    return None;
                }
                Read::Node(node, src)
            }
            Statement::Text(text) | Statement::After(text, ..) if open_ended(text) => return None,
            Statement::Text(text) => match plain_line(text) {
                Some(line) => Read::Plain(line),
                None => Read::Row(text),
            },
            Statement::After(line, node, src) => match plain_line(line) {
                // A plain line is read as it is.
                Some(plain) => Read::Plain(plain),
                None => {
                    let head = src
                        .get(node.byte_range())
                        .and_then(|own| line.strip_suffix(own))
                        .and_then(|before| before.trim_end().strip_suffix("&&"))
                        .map(str::trim_end);
                    match head {
                        // `cd DIR && a > f` is `(cd DIR && a) > f` to tree-sitter-bash.
                        Some(head) if !line.contains(['<', '>']) && whole_node(node, src) => {
                            Read::After(line, head, node, src)
                        }
                        _ => Read::Row(line),
                    }
                }
            },
        });
    }
    // tree-sitter-bash may read a redirect as one of a pipeline or list begun on the line before
    // in the text parsed together (`a | b` then `c 2>&1 | d`, as one pipeline over two lines):
    // a line followed there by one with a redirect stays in that text.
    let mut redirect_next = false;
    for read in reads.iter_mut().rev() {
        match read {
            Read::Row(text) => redirect_next = text.contains(['<', '>']),
            Read::After(line, ..) if redirect_next => {
                *read = Read::Row(line);
                redirect_next = false;
            }
            Read::After(..) => redirect_next = false,
            Read::Node(..) | Read::Plain(_) => {}
        }
    }
    let mut together = String::new();
    let mut rows = 0;
    let mut row = |text: &str| {
        if rows > 0 {
            together.push('\n');
        }
        together.push_str(text);
        rows += 1;
        rows - 1
    };
    // The text's lines that are one simple command before a node.
    let mut heads = Vec::new();
    let mut plans = Vec::with_capacity(reads.len());
    for read in reads {
        plans.push(match read {
            Read::Node(node, src) => Plan::Node(node, src),
            Read::Plain(line) => Plan::Plain(line),
            Read::Row(text) => Plan::Parsed(row(text)),
            Read::After(_, head, node, src) => {
                let head = match plain_line(head) {
                    Some(line) => {
                        if !matches!(line.as_slice(), [chain] if matches!(chain.as_slice(), [pipeline] if pipeline.len() == 1))
                        {
                            return None;
                        }
                        Plan::Plain(line)
                    }
                    None => {
                        let at = row(head);
                        heads.push(at);
                        Plan::Parsed(at)
                    }
                };
                Plan::After(Box::new(head), node, src)
            }
        });
    }
    let tree = match rows {
        0 => None,
        _ => {
            let mapped = heredoc::grammar_safe(&together);
            let tree = with_parser(|p| p.parse(mapped.as_bytes(), None)).ok()??;
            if tree.root_node().has_error() {
                return None;
            }
            Some(tree)
        }
    };
    // The top-level statements of the text parsed together, by line.
    let mut by_row: Vec<Vec<tree_sitter::Node<'_>>> = vec![Vec::new(); rows];
    if let Some(tree) = &tree {
        let root = tree.root_node();
        let mut cursor = root.walk();
        for child in root.named_children(&mut cursor) {
            let row = child.start_position().row;
            if child.end_position().row != row {
                return None;
            }
            by_row.get_mut(row)?.push(child);
        }
    }
    for &row in &heads {
        if !matches!(by_row.get(row)?.as_slice(), [n] if n.kind() == "command") {
            return None;
        }
    }
    let mut walker = Walker {
        next_pipeline: 0,
        nodes_deep: 0,
        plain: true,
        out: ParsedCommand::default(),
        written: Vec::new(),
        wrote_build_input: false,
        wrote_runner_source: false,
        vars: Vec::new(),
        var_flows: Vec::new(),
        next_flow: 0,
        option_depth: 0,
        inherited: Vec::new(),
        exported: Vec::new(),
        functions: Vec::new(),
    };
    let ctx = walker::Ctx::default();
    let mut of = Vec::new();
    // Each statement under the program node of the joined text, as `parse` walks it.
    let walk = |walker: &mut Walker, plan: &Plan<'_>| match plan {
        Plan::Node(node, src) => {
            if walker.enter_node() {
                walker.walk(*node, src, &ctx, 0);
                walker.nodes_deep -= 1;
            }
        }
        Plan::Plain(line) => walker.walk_plain(line, &ctx, 0),
        Plan::Parsed(row) => {
            if walker.enter_node() {
                for node in by_row.get(*row).into_iter().flatten() {
                    walker.walk(*node, &together, &ctx, 0);
                }
                walker.nodes_deep -= 1;
            }
        }
        Plan::After(..) => {}
    };
    let mut after = false;
    for (i, plan) in plans.iter().enumerate() {
        match plan {
            Plan::After(head, node, src) => {
                // The line is the list `HEAD && NODE`, whose children are walked in order. Its
                // node goes as deep as the list's right-hand side, or deeper (a list node of its
                // own is one level below the list it would be on the line).
                after = true;
                if walker.enter_node() {
                    if walker.enter_node() {
                        walk(&mut walker, head);
                        walker.walk(*node, src, &ctx, 0);
                        walker.nodes_deep -= 1;
                    }
                    walker.nodes_deep -= 1;
                }
            }
            _ => walk(&mut walker, plan),
        }
        of.resize(walker.out.commands.len(), i);
    }
    if after && walker.out.findings.contains(&Finding::TooDeep) {
        // Nested deeper than the line would be: the line's own parse says how deep it is.
        return None;
    }
    // The parts a staged flow adds belong to the statement of the command they clone.
    let before = walker.out.commands.len();
    walker.follow_staged_flows();
    let last = of.last().copied().unwrap_or(0);
    of.resize(walker.out.commands.len().max(before), last);
    walker.out.mark_statements(&of);
    Some((walker.out, of))
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
        wrote_runner_source: false,
        vars: Vec::new(),
        var_flows: Vec::new(),
        next_flow: 0,
        option_depth: 0,
        inherited: Vec::new(),
        exported: Vec::new(),
        functions: Vec::new(),
    };
    walker.parse_code(command, 0, &[]);
    walker.follow_staged_flows();
    walker.out
}
