//! The walk over tree-sitter-bash's syntax tree (and over plain lines): lists, pipelines,
//! commands and assignments, down to the simple commands pushed for matching.

use tree_sitter::Node;

use crate::canon;

use super::heredoc::{
    grammar_safe, heredoc_as_herestring_text, heredoc_body, heredoc_line_as_herestring,
    herestring_before_redirects, join_continuations,
};
use terraphim_shell_vocab::secrets::model_api_endpoint_setting;
use terraphim_shell_vocab::{interpreter_name, is_shell};

use super::vocab::{
    CODE_FILE_VARS, CODE_VARS, DATABASE_URL_VARS, HOOK_SKIP_VARS, INJECTION_VARS, READ_BUILTINS,
    SOURCE_VARS, code_files,
};
use super::words::{
    assignment_name, assignment_variable, evaluates_variable, input_source, input_substitution,
    is_append, node_text, output_target, redirect_trailing_words, socket_on_standard_stream,
    word_value,
};
use super::{Finding, ParsedCommand, SimpleCommand, plain, with_parser};

/// Deepest nesting of code-in-strings the parser follows before it gives up (and sandboxes).
pub(super) const MAX_DEPTH: u32 = 8;
/// Deepest syntax-tree nesting the walker follows.
pub(super) const MAX_NODE_DEPTH: u32 = 400;

pub(super) struct Walker {
    pub(super) next_pipeline: u32,
    pub(super) nodes_deep: u32,
    pub(super) plain: bool,
    pub(super) out: ParsedCommand,
    /// Files written earlier in the line with literal content (`cat <<EOF > f.sh`): a shell
    /// that runs one later runs that content.
    pub(super) written: Vec<(String, String)>,
    /// An earlier command wrote a file a build or test runner reads (`Makefile`, `conftest.py`).
    pub(super) wrote_build_input: bool,
    /// An earlier command wrote a project source file a runner may load (a test file,
    /// `eslint.config.js`), or changed the project's code another way (`npm pkg set`, `patch`,
    /// `git apply`): a test runner, linter or container build after it runs what was written.
    pub(super) wrote_runner_source: bool,
    /// Variables the line assigned literal values, with those values, latest last (`D=~`;
    /// a `for` loop's words): expansions of them are also judged with the values in place.
    pub(super) vars: Vec<(String, Vec<String>)>,
    /// Variables assigned the output of a command substitution (`K=$(cat FILE)`), with the
    /// flow id that output went to: a later command whose words expand the variable receives it.
    pub(super) var_flows: Vec<(String, u32)>,
    /// The next flow id (see [`SimpleCommand::flow`]); an id nothing flows into is given back.
    pub(super) next_flow: u32,
    /// How deep the walk is in code a program runs from an option, a variable or its program
    /// text (see [`SimpleCommand::option_code`]).
    pub(super) option_depth: u32,
    /// Findings of the assignments before the commands being unwrapped, outermost first
    /// (`BASH_ENV=FILE bash -c CODE`): the variables are in the environment of every command
    /// that code runs, so each command pushed meanwhile carries them, however deep the code.
    pub(super) inherited: Vec<Finding>,
    /// Proxy variables an `export` earlier in the line set to a literal value
    /// (`export HTTPS_PROXY=http://h:3128 && gh ...`): every later command's requests go
    /// through that proxy, as if its own prefix named it, so they are in its
    /// [`SimpleCommand::env`] too.
    pub(super) exported: Vec<(String, String)>,
    /// Functions and aliases the line defines (`f(){ rm -rf "$1"; }`, `alias x='rm -rf'`),
    /// with their code and whether it is an alias: a later command of that name runs the code,
    /// with its words as the positional parameters (a function) or after the code (an alias).
    pub(super) functions: Vec<(String, String, bool)>,
}

#[derive(Clone, Default)]
pub(super) struct Ctx {
    pub(super) layers: Vec<String>,
    /// Findings that belong to the next command pushed (from its assignments).
    pub(super) findings: Vec<Finding>,
    pub(super) pipeline: Option<(u32, u32)>,
    pub(super) redirects: Vec<String>,
    /// The targets of `redirects` that are appends (`>> FILE`, `&>> FILE`).
    pub(super) appends: Vec<String>,
    pub(super) stdin_text: Option<String>,
    /// The index of the package runner's part whose command this is (`npx X`: X's runner).
    pub(super) runner: Option<usize>,
    /// Arguments written after a redirection of the statement (`git >/dev/null reset --hard`):
    /// tree-sitter-bash reads them as more redirect targets; bash passes them to the command.
    /// (value, dynamic, evaluates a variable)
    pub(super) trailing_args: Vec<(String, bool, bool)>,
    /// The command is already an expanded form of another (its expansions were put in place).
    pub(super) expanded: bool,
    /// The id of the command being walked, whose words the substitutions met next are in.
    pub(super) flow: Option<u32>,
    /// The id of the command whose words the output of this code is part of (`$(..)`).
    pub(super) into: Option<u32>,
    /// Files the statement's input redirects read (`nc host 1 < FILE`), for its command.
    pub(super) inputs: Vec<String>,
    /// A redirect of the statement connects a standard stream to a socket (see
    /// [`SimpleCommand::std_socket`]).
    pub(super) std_socket: bool,
    /// The variables the command's own prefix assigns, with literal values (see
    /// [`SimpleCommand::env`]).
    pub(super) env: Vec<(String, String)>,
}

impl Ctx {
    /// This context for a command the walk derives from the current one (`git bisect run CMD`,
    /// an assignment judged as `export NAME=`, awk's `print > FILE`): one more layer, and none
    /// of the current command's own findings, redirects or input.
    pub(super) fn derived(&self, layer: &str) -> Ctx {
        let mut c = self.clone();
        c.layers.push(layer.to_string());
        c.findings = Vec::new();
        c.redirects = Vec::new();
        c.appends = Vec::new();
        c.stdin_text = None;
        c
    }

    /// Files a wrapper writes beside the command it runs (`strace -o FILE CMD`): judged as
    /// appends of the command, so the place decides (a trust anchor, the home, a system file)
    /// and a log in the project is no overwrite of its work.
    pub(super) fn log_files(&mut self, files: Vec<String>) {
        self.appends.extend(files.iter().cloned());
        self.redirects.extend(files);
    }

    /// A file redirect of the statement: its output target (and whether it appends) and the
    /// file an input redirect reads.
    fn note_redirect(&mut self, redirect: Node<'_>, src: &str) {
        if let Some(target) = output_target(redirect, src) {
            if is_append(redirect, src) {
                self.appends.push(target.clone());
            }
            self.redirects.push(target);
        }
        self.inputs.extend(input_source(redirect, src));
        self.std_socket |= socket_on_standard_stream(redirect, src);
    }
}

/// The byte range of `code`, a slice of `src`, in `src`.
fn span_in(code: &str, src: &str) -> (usize, usize) {
    let start = (code.as_ptr() as usize).wrapping_sub(src.as_ptr() as usize);
    (start, start + code.len())
}

/// The ranges (in `src`) of the codes judged below expansion `node` by another visit of
/// `Walker::walk_substitutions`: the code of each substitution tree-sitter found (the walk
/// judges it as a tree) and the codes each nested expansion reads from its own text.
fn codes_judged_below(node: Node<'_>, src: &str, out: &mut Vec<(usize, usize)>) {
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        match child.kind() {
            "command_substitution" => {
                let text = node_text(child, src);
                let (open, close) = if text.starts_with("$(") {
                    (2, ')')
                } else {
                    (1, '`')
                };
                if text.len() > open && text.ends_with(close) {
                    let (start, end) = span_in(text, src);
                    out.push((start + open, end - 1));
                }
            }
            "process_substitution" => {}
            "expansion" => {
                let codes = terraphim_shell_vocab::substituted_code(node_text(child, src));
                out.extend(codes.into_iter().map(|c| span_in(c, src)));
            }
            _ => codes_judged_below(child, src, out),
        }
    }
}

impl Walker {
    /// A file an input redirect reads, as the part `cat FILE` whose output flows into `into`.
    fn push_file_read(&mut self, file: String, ctx: &Ctx, into: Option<u32>) {
        let read = Ctx {
            layers: ctx
                .layers
                .iter()
                .cloned()
                .chain(["<".to_string()])
                .collect(),
            into,
            ..Ctx::default()
        };
        let text = format!("< {file}");
        self.push(vec!["cat".to_string(), file], text, &read, Vec::new());
    }

    pub(super) fn parse_code(&mut self, code: &str, depth: u32, layers: &[String]) {
        if depth > MAX_DEPTH {
            self.out.findings.push(Finding::TooDeep);
            return;
        }
        // Bash deletes a backslash-newline before it splits words: `git re\⏎set` is `git reset`.
        let joined = join_continuations(code);
        let code = joined.as_deref().unwrap_or(code);
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
        if root.has_error()
            && let Some(line) = herestring_before_redirects(code)
        {
            // `cat > f <<< x` is an error to tree-sitter-bash; `cat <<< x > f` is the same.
            self.parse_code(&line, depth, layers);
            return;
        }
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
    pub(super) fn walk_plain(&mut self, line: &plain::Line<'_>, ctx: &Ctx, depth: u32) {
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
    pub(super) fn plain_command(&mut self, command: &plain::Command<'_>, ctx: &Ctx, depth: u32) {
        self.nodes_deep += 1;
        // A flow id taken and given back as `command` takes one (nothing flows into a plain
        // line's command), so both walks number the flows of code nested in it alike.
        let id = self.next_flow;
        self.next_flow += 1;
        let mut env_findings = Vec::new();
        for (text, value) in &command.assignments {
            let name = assignment_variable(text);
            self.assignment(name, value, false, &mut env_findings, ctx, depth);
        }
        let argv: Vec<String> = command.words.iter().map(|w| (*w).to_string()).collect();
        if argv
            .first()
            .is_some_and(|name| READ_BUILTINS.contains(&name.as_str()))
            && !command.assignments.iter().any(|(text, _)| {
                let name = assignment_variable(text);
                name.starts_with("LD_") || name.starts_with("DYLD_")
            })
        {
            // As in `command`: `IFS= read -r line` starts no program (the loader's own
            // variables keep their finding wherever they are set).
            env_findings.retain(|f| *f != Finding::EnvInjection);
        }
        let dynamic = vec![false; argv.len()];
        let mut c = ctx.clone();
        c.findings = env_findings;
        c.env.extend(
            command
                .assignments
                .iter()
                .map(|(text, value)| (assignment_variable(text).to_string(), (*value).to_string())),
        );
        self.give_back_flow(id);
        self.unwrap(argv, dynamic, command.text.to_string(), &c, depth);
        self.nodes_deep -= 1;
    }

    /// One level deeper into the tree; `false` (with a `TooDeep` finding) past the limit.
    /// Deeply nested input (`((((...))))`) must not exhaust the stack: stop and sandbox.
    /// A `true` is paired with `self.nodes_deep -= 1` when the node is done.
    pub(super) fn enter_node(&mut self) -> bool {
        if self.nodes_deep >= MAX_NODE_DEPTH {
            if !self.out.findings.contains(&Finding::TooDeep) {
                self.out.findings.push(Finding::TooDeep);
            }
            return false;
        }
        self.nodes_deep += 1;
        true
    }

    pub(super) fn walk(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        if !self.enter_node() {
            return;
        }
        self.walk_node(node, src, ctx, depth);
        self.nodes_deep -= 1;
    }

    pub(super) fn walk_node(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        match node.kind() {
            "command" => self.command(node, src, ctx, depth),
            "pipeline" => self.walk_pipeline(node, src, ctx, depth),
            "redirected_statement" => self.walk_redirected(node, src, ctx, depth),
            "command_substitution" | "process_substitution" => {
                self.walk_substitution(node, src, ctx, depth)
            }
            "ERROR" => self.walk_error(node, src, ctx, depth),
            "heredoc_body" | "comment" => {}
            "function_definition" => self.walk_function_definition(node, src, ctx, depth),
            "variable_assignment" => self.walk_assignment(node, src, ctx, depth),
            "for_statement" => self.walk_for(node, src, ctx, depth),
            "while_statement" => {
                self.detached_endless_loop(node, src, ctx);
                self.walk_children(node, src, ctx, depth)
            }
            "declaration_command" | "unset_command" => self.walk_declaration(node, src, ctx, depth),
            _ => self.walk_children(node, src, ctx, depth),
        }
    }

    /// An endless loop (`while true`, `while :`, `until false`) started by `nohup` or `setsid`
    /// keeps running after the session ends, each round running its body again: the part
    /// `nohup while true` lets the KG judge that (`endless loop left running`).
    fn detached_endless_loop(&mut self, node: Node<'_>, src: &str, ctx: &Ctx) {
        let detached = ctx.layers.iter().any(|l| {
            let program = l.split_whitespace().next().unwrap_or("");
            matches!(program, "nohup" | "setsid")
        });
        let Some(condition) = node.child_by_field_name("condition") else {
            return;
        };
        let condition = src
            .get(condition.start_byte()..condition.end_byte())
            .unwrap_or("")
            .trim()
            .trim_end_matches(';')
            .trim();
        // tree-sitter-bash parses `until` loops as `while_statement` too.
        let until = src
            .get(node.start_byte()..node.end_byte())
            .is_some_and(|t| t.starts_with("until"));
        let endless = if until {
            matches!(condition, "false" | "/bin/false")
        } else {
            matches!(condition, "true" | ":" | "/bin/true" | "[ 1 ]")
        };
        if detached && endless {
            let argv: Vec<String> = ["nohup", "while", "true"].map(String::from).to_vec();
            let text = src
                .get(node.start_byte()..node.end_byte())
                .unwrap_or("")
                .to_string();
            self.push(argv, text, ctx, Vec::new());
        }
    }

    #[inline(never)]
    fn walk_pipeline(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        let id = self.next_pipeline;
        self.next_pipeline += 1;
        let mut stage = 0;
        let mut after = Vec::new();
        self.pipeline_stages(node, src, ctx, depth, (id, &mut stage), &mut after);
        self.cat_of_substitutions(node, src, ctx, depth);
        for part in after {
            self.walk(part, src, ctx, depth);
        }
    }

    /// `CMD < <(CODE)` reads what CODE writes, as `CODE | CMD` does (`bash < <(curl URL)` runs
    /// the download): that pipeline is judged too. `stmt` is the statement, `redirect` the
    /// input redirect in it, left out of the pipeline's last stage.
    fn stdin_substitution(
        &mut self,
        stmt: Node<'_>,
        redirect: Node<'_>,
        src: &str,
        ctx: &Ctx,
        depth: u32,
    ) {
        let Some(code) = input_substitution(redirect, src) else {
            return;
        };
        let (Some(head), Some(tail)) = (
            src.get(stmt.start_byte()..redirect.start_byte()),
            src.get(redirect.end_byte()..stmt.end_byte()),
        ) else {
            return;
        };
        let mut layers = ctx.layers.clone();
        layers.push("< <(...)".into());
        self.parse_code(&format!("{{ {code}\n}} | {head}{tail}"), depth + 1, &layers);
    }

    /// `cat <(CODE) | REST` is `CODE | REST`: a `cat` stage whose operands are all process
    /// substitutions passes their output on, so the pipeline with CODE in its place is judged
    /// too (`cat <(curl URL) | sh` runs the download).
    fn cat_of_substitutions(&mut self, pipeline: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        let mut cursor = pipeline.walk();
        let stages: Vec<Node<'_>> = pipeline
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let Some((_, feeding)) = stages.split_last() else {
            return;
        };
        for stage in feeding.iter().filter(|s| s.kind() == "command") {
            let mut cur = stage.walk();
            let parts: Vec<Node<'_>> = stage.named_children(&mut cur).collect();
            let Some((name, args)) = parts.split_first() else {
                continue;
            };
            if name.kind() != "command_name" || node_text(*name, src) != "cat" {
                continue;
            }
            let codes: Option<Vec<&str>> = args
                .iter()
                .filter(|a| !(a.kind() == "word" && node_text(**a, src).starts_with('-')))
                .map(|a| {
                    (a.kind() == "process_substitution")
                        .then(|| node_text(*a, src).strip_prefix("<(")?.strip_suffix(')'))
                        .flatten()
                })
                .collect();
            let Some(codes) = codes.filter(|c| !c.is_empty()) else {
                continue;
            };
            let (Some(head), Some(tail)) = (
                src.get(pipeline.start_byte()..stage.start_byte()),
                src.get(stage.end_byte()..pipeline.end_byte()),
            ) else {
                continue;
            };
            let mut layers = ctx.layers.clone();
            layers.push("cat <(...)".into());
            let code = format!("{head}{{ {}\n}}{tail}", codes.join("\n"));
            self.parse_code(&code, depth + 1, &layers);
        }
    }

    #[inline(never)]
    fn walk_redirected(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
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
                    c.note_redirect(child, src);
                    self.stdin_substitution(node, child, src, ctx, depth);
                    for word in redirect_trailing_words(child, src) {
                        let (value, dynamic) = word_value(word, src);
                        let evaluates = evaluates_variable(word, src);
                        c.trailing_args.push((value, dynamic, evaluates));
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
        // An input redirect of a compound statement feeds its commands' own reads; that of a
        // `list` (`a && b < f`, read as `(a && b) < f`) is `b`'s own, kept for it below.
        if body.is_none_or(|b| !matches!(b.kind(), "command" | "list")) {
            let inputs = std::mem::take(&mut c.inputs);
            if let Some(b) = body {
                self.read_loop_flow(b, &inputs, src, ctx);
            }
        }
        match body {
            // tree-sitter-bash reads `a && b > f` as `(a && b) > f`; bash redirects
            // only `b` (a redirect binds tighter than `&&`, `||` and `;`; a group is a
            // `compound_statement` or `subshell` body, never a `list`). The parts
            // before the last run without the redirect.
            Some(body) if body.kind() == "list" => {
                let mut cur = body.walk();
                let parts: Vec<Node<'_>> = body
                    .named_children(&mut cur)
                    .filter(|n| n.kind() != "comment")
                    .collect();
                if let Some((last, before)) = parts.split_last() {
                    for part in before {
                        self.walk(*part, src, ctx, depth);
                    }
                    self.walk(*last, src, &c, depth);
                }
            }
            // In a pipeline they belong to its last command (`a | rm -rf 2>/dev/null x`).
            Some(body)
                if c.trailing_args.is_empty() || matches!(body.kind(), "command" | "pipeline") =>
            {
                self.walk(body, src, &c, depth)
            }
            Some(body) => {
                // `{ a; } >f b`: bash refuses the words after the redirect.
                self.out.findings.push(Finding::Unparsed);
                c.trailing_args.clear();
                self.walk(body, src, &c, depth);
            }
            // `>/dev/null rm -rf /`: the words after the target are the command.
            None if !c.trailing_args.is_empty() => {
                let trailing = std::mem::take(&mut c.trailing_args);
                let evaluates = trailing.iter().any(|t| t.2);
                let (argv, dynamic): (Vec<String>, Vec<bool>) =
                    trailing.into_iter().map(|(v, d, _)| (v, d)).unzip();
                if evaluates {
                    c.findings.push(Finding::CodeFromVariable);
                }
                let text = node_text(node, src).to_string();
                self.expanded_forms(&argv, &dynamic, &text, &c, depth);
                self.unwrap(argv, dynamic, text, &c, depth);
            }
            // A bare `> file` truncates (creates) its target: judged as `:` with that
            // redirect, so the target's class decides (`> ~/thesis.tex` is not "nothing
            // runs").
            None if c.redirects.len() > ctx.redirects.len() => {
                let text = node_text(node, src).to_string();
                self.expanded_forms(&[":".to_string()], &[false], &text, &c, depth);
                self.push(vec![":".to_string()], text, &c, Vec::new());
            }
            None => {}
        }
    }

    #[inline(never)]
    fn walk_substitution(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        let mut c = Ctx {
            layers: ctx.layers.clone(),
            into: ctx.flow.or(ctx.into),
            ..Ctx::default()
        };
        c.layers.push(if node.kind() == "command_substitution" {
            "$(...)".into()
        } else {
            "<(...)".into()
        });
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            // `$(< FILE)` prints the file: judged as `cat FILE` whose output flows
            // where the substitution's does.
            if child.kind() == "file_redirect"
                && let Some(file) = input_source(child, src)
            {
                let mut read = c.clone();
                read.layers.push("<".into());
                let text = node_text(child, src).to_string();
                self.push(vec!["cat".to_string(), file], text, &read, Vec::new());
            }
            self.walk(child, src, &c, depth);
        }
    }

    #[inline(never)]
    fn walk_error(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        self.out.findings.push(Finding::Unparsed);
        // tree-sitter-bash reads a brace expression in command position as a
        // compound command gone wrong (`{rm,-rf,/}`): bash runs the words it expands to.
        if let Some(code) = super::expand::braced_command(node_text(node, src))
            && depth < MAX_DEPTH
        {
            let mut layers = ctx.layers.clone();
            layers.push("expanded".into());
            self.parse_code(&code, depth + 1, &layers);
        }
        self.walk_children(node, src, ctx, depth);
    }

    #[inline(never)]
    fn walk_function_definition(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        // `f() { ...; }`: the body runs where `f` is a command word later on.
        if let (Some(name), Some(body)) = (
            node.child_by_field_name("name"),
            node.child_by_field_name("body"),
        ) {
            let name = node_text(name, src).to_string();
            let body = node_text(body, src).to_string();
            self.functions.retain(|(n, _, _)| *n != name);
            self.functions.push((name, body, false));
        }
        self.walk_children(node, src, ctx, depth);
    }

    #[inline(never)]
    fn walk_assignment(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        // `X=1` alone sets a shell variable that later words may expand.
        let name = assignment_variable(node_text(node, src)).to_string();
        if !self.out.assigned.contains(&name) {
            self.out.assigned.push(name.clone());
        }
        self.assignment_flow(node, &name, src, ctx, depth);
        self.record_assignment(node, &name, src, depth);
    }

    /// Keeps the value an assignment node gives `name` (a word, or an array's words), for the
    /// expansions later in the line.
    fn record_assignment(&mut self, node: Node<'_>, name: &str, src: &str, depth: u32) {
        let mut cur = node.walk();
        let (value, dynamic) = node
            .named_children(&mut cur)
            .nth(1)
            .map(|v| word_value(v, src))
            .unwrap_or_default();
        let appends = node_text(node, src).contains("+=");
        let mut cur = node.walk();
        let array = node
            .named_children(&mut cur)
            .nth(1)
            .filter(|v| v.kind() == "array");
        if let Some(array) = array {
            // `X=(rm -rf ~/x)`: `"${X[@]}"` is its words; kept as one value of blank-
            // separated words, which an expansion is judged split into.
            self.record_array(name, array, src, appends, depth);
        } else {
            self.record_var(name, &value, dynamic, appends, depth);
        }
    }

    #[inline(never)]
    fn walk_for(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        // `for d in ~/a ~/b`: in the body, `$d` is each of the words.
        if let Some(var) = node.child_by_field_name("variable") {
            let mut cursor = node.walk();
            let mut values = Some(Vec::new());
            let mut any = false;
            let mut literal = true;
            for v in node.children_by_field_name("value", &mut cursor) {
                any = true;
                let (value, dynamic) = word_value(v, src);
                literal &= !dynamic;
                let words = if dynamic {
                    self.literal_values(&value, depth).map(|vs| {
                        vs.iter()
                            .flat_map(|v| v.split_whitespace().map(str::to_string))
                            .collect::<Vec<_>>()
                    })
                } else {
                    Some(vec![value])
                };
                match (&mut values, words) {
                    (Some(all), Some(words)) => all.extend(words),
                    _ => values = None,
                }
            }
            let name = node_text(var, src).to_string();
            // A command before the loop that expands the variable read the environment's value.
            let used_before = || {
                let (plain, braced) = (format!("${name}"), format!("${{{name}"));
                self.out
                    .commands
                    .iter()
                    .any(|c| c.text.contains(&plain) || c.text.contains(&braced))
            };
            match &values {
                Some(vs) if any && literal && !used_before() => {
                    self.out.loop_values.push((name.clone(), vs.clone()))
                }
                // A loop over words the line cannot spell: its variable is unknown again.
                _ => self.out.loop_values.retain(|(n, _)| *n != name),
            }
            self.set_var(&name, values.filter(|_| any));
            // `for l in $(base64 FILE); do dig $l.x.test; done`: the substitution's
            // output flows into the loop variable, as into an assigned one.
            let mut cursor = node.walk();
            let subs: Vec<Node<'_>> = node
                .children_by_field_name("value", &mut cursor)
                .filter(|v| {
                    let t = node_text(*v, src);
                    t.contains("$(") || t.contains('`')
                })
                .collect();
            if !subs.is_empty() {
                for v in &subs {
                    self.assignment_flow(*v, &name, src, ctx, depth);
                }
                let mut cursor = node.walk();
                let rest: Vec<Node<'_>> = node
                    .children(&mut cursor)
                    .filter(|c| !subs.contains(c))
                    .collect();
                for child in rest {
                    self.walk(child, src, ctx, depth);
                }
                return;
            }
        }
        self.walk_children(node, src, ctx, depth);
    }

    #[inline(never)]
    fn walk_declaration(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
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
                    let mut own = Vec::new();
                    self.assignment(name, &value, dynamic, &mut own, ctx, depth);
                    if !dynamic
                        && node_text(node, src).starts_with("export")
                        && terraphim_shell_vocab::hosts::PROXY_VARS.contains(&name)
                    {
                        self.exported.retain(|(n, _)| n != name);
                        self.exported.push((name.to_string(), value.clone()));
                    }
                    if name == "IFS" {
                        // `local IFS=','`, `export IFS=$'\n'`: only this shell's own word
                        // splitting changes (a shell started later resets `IFS`, other
                        // programs do not read it); the expansions it splits later are judged
                        // where they are, with the value in place. A prefix of a command
                        // (`IFS=/ eval ...`) keeps its finding.
                        own.retain(|f| *f != Finding::EnvInjection);
                    }
                    findings.extend(own);
                    let name = name.to_string();
                    self.assignment_flow(child, &name, src, ctx, depth);
                    // `declare -a c=(...)`, `local x=...`: later words expand the value too.
                    self.record_assignment(child, &name, src, depth);
                    assignment_name(child, src)
                }
                _ => {
                    self.walk_substitutions(child, src, ctx, depth);
                    word_value(child, src).0
                }
            };
            if !text.is_empty() {
                argv.push(text);
            }
        }
        self.subscripts(&argv, ctx, depth);
        let text = node_text(node, src).to_string();
        self.push(argv, text, ctx, findings);
    }

    /// Walk the stages of a pipeline node as stages `*stage..` of pipeline `id`.
    ///
    /// tree-sitter-bash reads `a | b | c && d` as `a | (b | c && d)`: a list as the last stage.
    /// Bash runs `(a | b | c) && d`, and a pattern such as `find | rm` must see `find . | rm | cat
    /// && true` as one pipeline. So the list's leftmost part (a pipeline or a command) continues
    /// this pipeline, and its other parts go to `after`, in the order they run, to be walked
    /// outside the pipeline.
    pub(super) fn pipeline_stages<'t>(
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
    pub(super) fn stage_list<'t>(
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
            // tree-sitter-bash reads `a | b 2>&1 | c` as `(a | b) 2>&1 | c`; bash runs three
            // stages of one pipeline. A descriptor duplication names no file, so the inner
            // pipeline's stages continue this one.
            let dup_only_pipeline = (part.kind() == "redirected_statement")
                .then(|| part.child_by_field_name("body"))
                .flatten()
                .filter(|body| {
                    let mut cur = part.walk();
                    body.kind() == "pipeline"
                        && part.named_children(&mut cur).all(|r| {
                            r.id() == body.id()
                                || (r.kind() == "file_redirect"
                                    && output_target(r, src).is_none()
                                    && input_source(r, src).is_none()
                                    && redirect_trailing_words(r, src).is_empty())
                        })
                });
            if let Some(body) = dup_only_pipeline.filter(|_| i != last) {
                self.pipeline_stages(body, src, ctx, depth, (id, &mut *stage), after);
            } else if !levels.is_empty() && part.kind() == "pipeline" {
                self.pipeline_stages(part, src, ctx, depth, (id, &mut *stage), after);
            } else {
                let mut c = ctx.clone();
                c.pipeline = Some((id, *stage));
                // Stdin reaches only the first stage; the others read the pipe.
                if *stage > 0 {
                    c.stdin_text = None;
                }
                // Words after the pipeline's redirect are the last command's.
                if i != last {
                    c.trailing_args.clear();
                }
                self.walk(part, src, &c, depth);
                *stage += 1;
            }
            after.extend(levels.into_iter().rev().flatten());
        }
    }

    pub(super) fn walk_children(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        let cleared;
        let ctx = if ctx.trailing_args.is_empty() {
            ctx
        } else {
            // Only a command or a pipeline's last command takes the words after a redirect.
            self.out.findings.push(Finding::Unparsed);
            let mut c = ctx.clone();
            c.trailing_args.clear();
            cleared = c;
            &cleared
        };
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            // Stage and redirects belong to the direct command only, not nested statements.
            self.walk(child, src, ctx, depth);
        }
    }

    /// Visit substitutions nested anywhere inside `node` (arguments, strings, redirect targets).
    pub(super) fn walk_substitutions(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        // (A node's kind is a foreign call and a UTF-8 check: asked once.)
        let kind = node.kind();
        if matches!(kind, "command_substitution" | "process_substitution") {
            self.walk(node, src, ctx, depth);
            return;
        }
        if kind == "expansion" {
            self.expansion_operand_code(node, src, ctx, depth);
        }
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            self.walk_substitutions(child, src, ctx, depth);
        }
    }

    /// tree-sitter-bash reads the operand of `${x:-WORD}` (`:=`, `:+`, `/a/WORD`...) with a
    /// backquoted command in it as a plain word, and `'$(cmd)'` there as a single-quoted
    /// string, which inside double quotes it is not: bash runs both. The commands of such an
    /// operand are judged as a substitution's (a single-quoted one outside double quotes too,
    /// which bash leaves as text: judging it can only add to the decision).
    fn expansion_operand_code(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        // The whole expansion's text: tree-sitter splits an operand with a backquoted command
        // after other text (`${1:?usage: x `cmd`}`) into pieces of several kinds, and read
        // piece by piece the code is cut short or missed. Bash runs every substitution in an
        // expansion (operands, patterns, subscripts), so all of them are judged. A code at
        // exactly the place of a substitution tree-sitter found (`$(cmd)`, judged with its
        // flows by the walk in `walk_substitutions`) or of one a nested expansion reads is left
        // to that one, so each is judged once.
        let codes = terraphim_shell_vocab::substituted_code(node_text(node, src));
        if codes.is_empty() {
            return;
        }
        let mut elsewhere = Vec::new();
        codes_judged_below(node, src, &mut elsewhere);
        let mut layers = ctx.layers.clone();
        layers.push("${...}".into());
        for code in codes {
            if !elsewhere.contains(&span_in(code, src)) {
                self.parse_code(code, depth + 1, &layers);
            }
        }
    }

    pub(super) fn command(&mut self, node: Node<'_>, src: &str, ctx: &Ctx, depth: u32) {
        let mut env_findings = Vec::new();
        let mut argv = Vec::new();
        let mut dynamic = Vec::new();
        // Words bash brace-expands (`{rm,-rf,/}`): their indexes in `argv`.
        let mut braced = Vec::new();
        let mut c = ctx.clone();
        // The command's own id: the output of a substitution in its words flows into it.
        let before = self.out.commands.len();
        let id = self.next_flow;
        self.next_flow += 1;
        c.flow = Some(id);
        // Where the last argument word ended in `src` (see the `_` arm).
        let mut word_end: Option<usize> = None;
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if matches!(
                child.kind(),
                "variable_assignment" | "file_redirect" | "herestring_redirect" | "comment"
            ) || word_end != Some(child.start_byte())
            {
                word_end = None;
            }
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
                    if !dynamic {
                        c.env.push((name.to_string(), value.clone()));
                    }
                    self.assignment(name, &value, dynamic, &mut env_findings, ctx, depth);
                }
                "file_redirect" => {
                    c.note_redirect(child, src);
                    self.stdin_substitution(node, child, src, ctx, depth);
                    // `rm -rf 2>/dev/null /`: the words after the target are arguments.
                    for word in redirect_trailing_words(child, src) {
                        let (value, is_dynamic) = word_value(word, src);
                        argv.push(value);
                        dynamic.push(is_dynamic);
                        if evaluates_variable(word, src)
                            && !env_findings.contains(&Finding::CodeFromVariable)
                        {
                            env_findings.push(Finding::CodeFromVariable);
                        }
                    }
                    self.walk_substitutions(child, src, &c, depth);
                }
                "herestring_redirect" => {
                    let mut cur = child.walk();
                    c.stdin_text = child
                        .named_children(&mut cur)
                        .last()
                        .map(|n| word_value(n, src).0);
                    self.walk_substitutions(child, src, &c, depth);
                }
                "comment" => {}
                _ => {
                    let (value, is_dynamic) = word_value(child, src);
                    let raw = node_text(child, src);
                    // Tree-sitter ends a word before a backquote substitution that follows it
                    // without a blank (`/lib/modules/`uname -r`/build` comes as two nodes); bash
                    // reads one word, as it does for `$(...)`: a node that starts where the
                    // previous word ended continues it.
                    if word_end == Some(child.start_byte())
                        && let (Some(last), Some(last_dynamic)) =
                            (argv.last_mut(), dynamic.last_mut())
                    {
                        last.push_str(&value);
                        *last_dynamic |= is_dynamic;
                        let at = argv.len() - 1;
                        if raw.contains('{')
                            && raw.contains(',')
                            && !raw.contains(['\'', '"', '\\'])
                            && braced.last() != Some(&at)
                        {
                            braced.push(at);
                        }
                        word_end = Some(child.end_byte());
                        if evaluates_variable(child, src)
                            && !env_findings.contains(&Finding::CodeFromVariable)
                        {
                            env_findings.push(Finding::CodeFromVariable);
                        }
                        self.walk_substitutions(child, src, &c, depth);
                        continue;
                    }
                    if raw.contains('{') && raw.contains(',') && !raw.contains(['\'', '"', '\\']) {
                        braced.push(argv.len());
                    }
                    word_end = Some(child.end_byte());
                    argv.push(value);
                    dynamic.push(is_dynamic);
                    if evaluates_variable(child, src)
                        && !env_findings.contains(&Finding::CodeFromVariable)
                    {
                        env_findings.push(Finding::CodeFromVariable);
                    }
                    self.walk_substitutions(child, src, &c, depth);
                }
            }
        }
        // Words after a redirect of the enclosing statement come after the command's own.
        for (value, is_dynamic, evaluates) in std::mem::take(&mut c.trailing_args) {
            argv.push(value);
            dynamic.push(is_dynamic);
            if evaluates && !env_findings.contains(&Finding::CodeFromVariable) {
                env_findings.push(Finding::CodeFromVariable);
            }
        }
        // A file an input redirect reads is judged as `cat FILE` whose output flows into the
        // command (`nc host 1 < FILE`), or, with no command, into the words the substitution
        // is part of (`$(< FILE)`).
        for file in std::mem::take(&mut c.inputs) {
            let into = if argv.is_empty() { ctx.into } else { c.flow };
            self.push_file_read(file, ctx, into);
        }
        self.link_variables(&argv, &dynamic, id);
        let used = self.out.commands[before..]
            .iter()
            .any(|x| x.into == Some(id))
            || self.out.links.iter().any(|l| l.1 == id);
        if !used {
            c.flow = None;
            self.give_back_flow(id);
        }
        if argv.is_empty() {
            return;
        }
        if READ_BUILTINS.contains(&argv[0].as_str()) {
            // `while IFS= read -r line`: a builtin that starts no program loads nothing, so
            // the variables only change how it splits its input.
            env_findings.retain(|f| *f != Finding::EnvInjection);
        }
        let text = node_text(node, src).to_string();
        c.findings = env_findings;
        if !braced.is_empty() {
            self.brace_form(&argv, &dynamic, &braced, &text, &c, depth);
        }
        self.expanded_forms(&argv, &dynamic, &text, &c, depth);
        if let Some((_, code, alias)) = self
            .functions
            .iter()
            .rev()
            .find(|(n, _, _)| *n == argv[0])
            .cloned()
        {
            self.call_defined(&code, alias, &argv, &dynamic, &text, &c.layers, depth);
        }
        // `set -- WORDS` (or `set WORDS`): the positional parameters are WORDS from here on
        // (`set -- rm -rf ~; "$@"`).
        if argv[0] == "set" {
            let from = match argv.iter().position(|a| a == "--") {
                Some(i) => Some(i + 1),
                None => argv
                    .get(1)
                    .filter(|a| !a.starts_with(['-', '+']))
                    .map(|_| 1),
            };
            if let Some(from) = from {
                let args = self.positional_values(&argv[from..], &dynamic[from..], depth);
                self.set_positional(args);
            }
        }
        self.unwrap(argv, dynamic, text, &c, depth);
    }

    /// The literal values of words that become positional parameters; `None` when one is
    /// known only at run time.
    fn positional_values(
        &mut self,
        words: &[String],
        dynamic: &[bool],
        depth: u32,
    ) -> Option<Vec<String>> {
        let mut args = Vec::new();
        for (a, &d) in words.iter().zip(dynamic) {
            let value = if d {
                self.literal_values(a, depth)
                    .filter(|v| v.len() == 1)
                    .map(|mut v| v.remove(0))
            } else {
                Some(a.clone())
            };
            args.push(value?);
        }
        Some(args)
    }

    /// `$1`..`$9`, `$@` and `$*` stand for `args` (unknown where `None`).
    fn set_positional(&mut self, args: Option<Vec<String>>) {
        for i in 1..=9usize {
            let v = args
                .as_ref()
                .and_then(|a| a.get(i - 1))
                .map(|v| vec![v.clone()]);
            self.set_var(&i.to_string(), v);
        }
        let all = args.map(|a| vec![a.join(" ")]);
        self.set_var("@", all.clone());
        self.set_var("*", all);
    }

    /// A call of a function or alias the line defined: the function's body is judged with
    /// `$1`..`$9`, `$@` and `$*` standing for the call's words; an alias's code with the
    /// call's words after it (`alias x='rm -rf'; x ~/src` is `rm -rf ~/src`).
    #[allow(clippy::too_many_arguments)]
    fn call_defined(
        &mut self,
        code: &str,
        alias: bool,
        argv: &[String],
        dynamic: &[bool],
        text: &str,
        layers: &[String],
        depth: u32,
    ) {
        if depth >= MAX_DEPTH {
            return;
        }
        let mut layers = layers.to_vec();
        layers.push(format!(
            "{} {}",
            if alias { "alias" } else { "function" },
            argv[0]
        ));
        if alias {
            let rest = text.strip_prefix(argv[0].as_str()).unwrap_or("");
            self.parse_code(&format!("{code}{rest}"), depth + 1, &layers);
            return;
        }
        let args = self.positional_values(&argv[1..], &dynamic[1..], depth);
        let saved = self.vars.clone();
        self.set_positional(args);
        self.parse_code(code, depth + 1, &layers);
        self.vars = saved;
    }

    /// Walk the substitutions in assignment `node` (`NAME=$(cmd)`) with their output flowing
    /// into variable `name`, and remember where it flows: a later command that expands `$NAME`
    /// receives it (`K=$(cat FILE); curl -d "$K" URL`). A value that expands a variable with
    /// such a flow passes it on.
    pub(super) fn assignment_flow(
        &mut self,
        node: Node<'_>,
        name: &str,
        src: &str,
        ctx: &Ctx,
        depth: u32,
    ) {
        let id = self.next_flow;
        self.next_flow += 1;
        let c = Ctx {
            layers: ctx.layers.clone(),
            flow: Some(id),
            ..Ctx::default()
        };
        let before = self.out.commands.len();
        if matches!(node.kind(), "command_substitution" | "process_substitution") {
            // A `for` loop's word is the substitution itself (`for l in $(cat .env)`): its
            // commands flow into the loop variable as an assignment's do.
            self.walk(node, src, &c, depth);
        } else {
            self.walk_children(node, src, &c, depth);
        }
        let value = node_text(node, src);
        let links_before = self.out.links.len();
        self.link_variables(&[value.to_string()], &[true], id);
        let flows = self.out.commands.len() > before || self.out.links.len() > links_before;
        self.var_flows.retain(|(n, _)| n != name);
        if flows {
            self.var_flows.push((name.to_string(), id));
        } else {
            self.give_back_flow(id);
        }
    }

    /// `while read -r l; do dig "$l.x.test"; done < FILE`: the lines of `FILE` flow into the
    /// variables the loop's `read` sets, as `for l in $(cat FILE)` does into its loop variable.
    /// Each file is judged as `cat FILE` whose output flows into those variables.
    fn read_loop_flow(&mut self, body: Node<'_>, inputs: &[String], src: &str, ctx: &Ctx) {
        if inputs.is_empty() || !matches!(body.kind(), "while_statement" | "until_statement") {
            return;
        }
        let Some(cond) = body.child_by_field_name("condition") else {
            return;
        };
        let names = read_variables(node_text(cond, src));
        if names.is_empty() {
            return;
        }
        let id = self.next_flow;
        self.next_flow += 1;
        for file in inputs {
            self.push_file_read(file.clone(), ctx, Some(id));
        }
        for name in names {
            self.var_flows.retain(|(n, _)| *n != name);
            self.var_flows.push((name, id));
        }
    }

    /// Give flow id `id` back when nothing flows into it and no later id was taken, so the ids
    /// of a line do not depend on which commands took the plain scanner's path.
    pub(super) fn give_back_flow(&mut self, id: u32) {
        if self.next_flow == id + 1 {
            self.next_flow = id;
        }
    }

    /// Link the flows of the variables that `words` expand to flow id `to`.
    pub(super) fn link_variables(&mut self, words: &[String], dynamic: &[bool], to: u32) {
        if self.var_flows.is_empty() {
            return;
        }
        for (word, _) in words.iter().zip(dynamic).filter(|(_, d)| **d) {
            for (name, id) in &self.var_flows {
                if expands(word, name) && !self.out.links.contains(&(*id, to)) {
                    self.out.links.push((*id, to));
                }
            }
        }
    }

    /// Remember an assignment's value for later expansions: literal, or spelt by expansions the
    /// line knows, or unknown. `X+=v` appends to what is known.
    pub(super) fn record_var(
        &mut self,
        name: &str,
        value: &str,
        dynamic: bool,
        appends: bool,
        depth: u32,
    ) {
        let values = if dynamic {
            self.literal_values(value, depth)
        } else {
            Some(vec![value.to_string()])
        };
        let values = match (appends, values) {
            (false, v) => v,
            (true, Some(new)) => self
                .vars
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, old)| {
                    old.iter()
                        .flat_map(|o| new.iter().map(move |n| format!("{o}{n}")))
                        .collect()
                }),
            (true, None) => None,
        };
        self.set_var(name, values);
    }

    /// Remember an array assignment's words (`X=(a b c)`) as one value, the words joined by
    /// blanks, when every element is known; unknown otherwise.
    fn record_array(&mut self, name: &str, array: Node<'_>, src: &str, appends: bool, depth: u32) {
        let mut words: Vec<String> = Vec::new();
        let mut cur = array.walk();
        for el in array.named_children(&mut cur) {
            let (value, dynamic) = word_value(el, src);
            if !dynamic {
                words.push(value);
                continue;
            }
            match self.literal_values(&value, depth) {
                Some(vs) if vs.len() == 1 => words.push(vs[0].clone()),
                _ => {
                    self.set_var(name, None);
                    return;
                }
            }
        }
        self.record_var(name, &words.join(" "), false, appends, depth);
    }

    /// `NAME=value` before a command (or after `env`): variables that make a program load or run
    /// something else are findings; variables whose value is a command (`GIT_PAGER`, `EDITOR`,
    /// `GIT_SSH_COMMAND`) have that value parsed as code.
    pub(super) fn assignment(
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
        self.record_var(name, value, dynamic, false, depth);
        if name.starts_with("TERRAPHIM_GUARD_") {
            // Settings of this guard: judged by the KG as the command `export NAME=`.
            let c = ctx.derived("assignment");
            self.push(
                vec!["export".into(), format!("{name}=")],
                format!("{name}={value}"),
                &c,
                Vec::new(),
            );
        }
        // Variables that choose where packages come from, or whether they are checked, and
        // those whose value names code a program loads (`LD_PRELOAD`, `BASH_ENV`,
        // `NODE_OPTIONS='--require FILE'`, each file or directory a word): judged by the KG as
        // the command `export NAME= VALUE...`.
        let code_files = CODE_FILE_VARS
            .iter()
            .find(|(var, _)| *var == name)
            .filter(|_| !dynamic)
            .map(|(_, form)| code_files(*form, value));
        // A model API client's endpoint (`ANTHROPIC_BASE_URL`) is judged where it points too.
        let endpoint = !dynamic && model_api_endpoint_setting(name);
        if SOURCE_VARS.contains(&name)
            || HOOK_SKIP_VARS.contains(&name)
            || endpoint
            || code_files.as_ref().is_some_and(|f| !f.is_empty())
        {
            let c = ctx.derived("assignment");
            let mut argv = vec!["export".to_string(), format!("{name}=")];
            if let Some(files) = code_files {
                argv.extend(files);
            } else if !value.is_empty() {
                argv.push(value.to_string());
            }
            self.push(argv, format!("{name}={value}"), &c, Vec::new());
        }
        if DATABASE_URL_VARS.contains(&name) || name.ends_with("_DATABASE_URL") {
            let c = ctx.derived("assignment");
            self.push(
                vec![
                    "export".to_string(),
                    "DATABASE_URL=".to_string(),
                    value.to_string(),
                ],
                format!("{name}={value}"),
                &c,
                Vec::new(),
            );
        }
        // less runs its input preprocessor as a shell command line (`|CMD %s`, `||CMD %s`,
        // `CMD %s`; `%s` is the file): the command is judged as code, and the variable keeps
        // the line confined like any other that changes what a program runs.
        if matches!(name, "LESSOPEN" | "LESSCLOSE") && !dynamic {
            let code = value.trim_start_matches(['|', '-']);
            if !code.trim().is_empty() {
                let mut layers = ctx.layers.clone();
                layers.push(format!("{name}="));
                self.parse_option_code(code, depth + 1, &layers);
            }
        }
        // `PATH="$PATH"` keeps the value the variable has, unless the line set it itself.
        let unchanged = own_value(name, value) && !self.vars.iter().any(|(n, _)| n == name);
        // `LD_DEBUG_OUTPUT=FILE`: the loader writes its report into `FILE.PID`, a new file
        // whatever the value, and loads nothing.
        if (INJECTION_VARS.contains(&name) || name.starts_with("LD_") || name.starts_with("DYLD_"))
            && name != "LD_DEBUG_OUTPUT"
            && !unchanged
            && (dynamic
                || !(project_search_path(name, value)
                    || system_search_path(name, value)
                    || tuning_options(name, value)))
        {
            findings.push(Finding::EnvInjection);
        }
        // `PROMPT_COMMAND` is both: it changes what a shell runs, and its value is code.
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
                self.parse_option_code(value, depth + 1, &layers);
            }
        }
    }

    pub(super) fn push(
        &mut self,
        argv: Vec<String>,
        text: String,
        ctx: &Ctx,
        mut findings: Vec<Finding>,
    ) {
        self.record_writes(&argv, ctx);
        let root = ctx
            .layers
            .iter()
            .any(|l| super::as_root::privileged_layer(l))
            .then(|| (argv.clone(), text.clone()));
        let mut argv = argv;
        // A file an output option writes where the place alone decides (`sort -o /etc/hosts`)
        // is judged as the redirect it equals.
        let written = super::outputs::place_decided_writes(&argv);
        let mut words = if written.is_empty() {
            canon::canonical_words(&argv, &ctx.redirects)
        } else {
            let redirects: Vec<String> = ctx.redirects.iter().cloned().chain(written).collect();
            canon::canonical_words(&argv, &redirects)
        };
        // `python3.11.exe -c ...` runs `python3`: the KG and the script review see that name.
        if let Some(first) = words.first_mut()
            && let Some(interpreter) = interpreter_name(&first.text)
        {
            interpreter.clone_into(&mut first.text);
            let dir_len = argv[0].rfind('/').map_or(0, |i| i + 1);
            if argv[0][dir_len..] != *interpreter {
                argv[0] = format!("{}{interpreter}", &argv[0][..dir_len]);
            }
        }
        for f in ctx.findings.iter().chain(&self.inherited) {
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
        // `git show REV:PATH` prints the file PATH as it was at REV: the path is an operand
        // too, so what reads a file by its name reads it through git (`git show HEAD:.env`).
        for path in git_blob_paths(&words) {
            canon::insert_operand(&mut words, path);
        }
        let appends = append_words(&words, ctx);
        self.out.commands.push(SimpleCommand {
            words,
            appends,
            text,
            layers: ctx.layers.clone(),
            pipeline: ctx.pipeline,
            findings,
            stdin_text: ctx.stdin_text.clone(),
            argv,
            runner: ctx.runner,
            flow: ctx.flow,
            into: ctx.into,
            option_code: self.option_depth > 0,
            std_socket: ctx.std_socket,
            env: ctx
                .env
                .iter()
                .chain(
                    self.exported
                        .iter()
                        .filter(|(n, _)| !ctx.env.iter().any(|(own, _)| own == n)),
                )
                .cloned()
                .collect(),
        });
        if let Some((argv, text)) = root {
            self.as_root(&argv, &text, ctx);
        }
    }
}

/// The redirect words of `words` that only append (bit `i` for word `i`): every redirect of
/// the command to that target is `>>`, so nothing the file held is lost.
/// The paths that `git show` and `git cat-file` print from the object store: the `PATH` of
/// each operand `REV:PATH` (`HEAD:.env`, `origin/main:config/app.yml`, `:.env` for the index),
/// relative to the repository's top. A URL or `host:path` is no such operand for these
/// subcommands, which take none.
fn git_blob_paths(words: &[canon::Word]) -> Vec<String> {
    use canon::WordKind;
    if words.first().is_none_or(|w| w.text != "git") {
        return Vec::new();
    }
    // The subcommand is the first operand that is no option's value; a word after an option
    // may be either (`git -C dir show`, `git --no-pager show`).
    let operands: Vec<&canon::Word> = words
        .iter()
        .skip(1)
        .filter(|w| w.kind == WordKind::Operand)
        .collect();
    let Some(sub) = operands
        .iter()
        .position(|w| matches!(w.text.as_str(), "show" | "cat-file"))
        .filter(|&at| operands[..at].iter().all(|w| w.follows_flag))
    else {
        return Vec::new();
    };
    operands[sub + 1..]
        .iter()
        .filter(|w| !w.text.contains("://"))
        .filter_map(|w| w.text.split_once(':'))
        .map(|(_, path)| path.trim_start_matches("./"))
        .filter(|path| !path.is_empty())
        .map(str::to_string)
        .collect()
}

fn append_words(words: &[canon::Word], ctx: &Ctx) -> u64 {
    if ctx.appends.is_empty() {
        return 0;
    }
    let count = |list: &[String], target: &str| {
        list.iter()
            .filter(|r| canon::normalise_path(r) == target)
            .count()
    };
    let mut mask = 0u64;
    for (i, w) in words.iter().enumerate().take(64) {
        if w.kind != crate::canon::WordKind::Redirect {
            continue;
        }
        let target = w.text.strip_prefix('>').unwrap_or(&w.text);
        let appended = count(&ctx.appends, target);
        if appended > 0 && appended == count(&ctx.redirects, target) {
            mask |= 1 << i;
        }
    }
    mask
}

/// `PATH="$PATH"` (`env -i PATH="$PATH" npm test`): the variable keeps the value it already
/// has, so it changes nothing the program loads; `PATH="$PATH:./x"` or `PATH=$P` do.
fn own_value(name: &str, value: &str) -> bool {
    let inner = value.strip_prefix('$').map(|v| {
        v.strip_prefix('{')
            .and_then(|v| v.strip_suffix('}'))
            .unwrap_or(v)
    });
    inner == Some(name)
}

/// Whether `name=value` only adds the project's own directories to a language's module search
/// path (`PYTHONPATH=src`, `NODE_PATH=lib:packages`): the code found there is the project's,
/// which its test runners load anyway. A path outside it (`/tmp/x`, `~/lib`, `../other`) or
/// an expansion keeps the variable's finding.
fn project_search_path(name: &str, value: &str) -> bool {
    matches!(
        name,
        "PYTHONPATH" | "NODE_PATH" | "PERL5LIB" | "PERLLIB" | "RUBYLIB"
    ) && !value.is_empty()
        && value.split(':').all(|dir| {
            !dir.is_empty()
                && !dir.starts_with(['/', '~', '$', '-'])
                && !dir.contains(['$', '`', '*', '?', '['])
                && dir.split('/').all(|c| c != "..")
        })
}

/// A `PATH` of the system's own program directories only (`env -i PATH=/usr/bin:/bin make`):
/// it narrows what runs to what the system installed, where no one but root writes.
fn system_search_path(name: &str, value: &str) -> bool {
    const SYSTEM_BIN: &[&str] = &[
        "/usr/bin",
        "/bin",
        "/usr/sbin",
        "/sbin",
        "/usr/local/bin",
        "/usr/local/sbin",
    ];
    name == "PATH"
        && !value.is_empty()
        && value
            .split(':')
            .all(|dir| SYSTEM_BIN.contains(&dir.trim_end_matches('/')))
}

/// Options of a runtime's option variable that only size or tune the runtime and load nothing
/// (`NODE_OPTIONS=--max-old-space-size=4096`, `JAVA_TOOL_OPTIONS=-Xmx2g`): no module, agent,
/// loader, config file or debugger port. A value only of these keeps the line as the command
/// alone would be judged; `--require`, `--import`, `--loader`, `--inspect`, `-javaagent:`, `-D`
/// properties and anything unknown keep the variable's finding.
fn tuning_options(name: &str, value: &str) -> bool {
    const NODE_FLAGS: &[&str] = &[
        "--enable-source-maps",
        "--no-warnings",
        "--no-deprecation",
        "--trace-warnings",
        "--trace-deprecation",
        "--trace-uncaught",
        "--experimental-vm-modules",
        "--openssl-legacy-provider",
        "--preserve-symlinks",
    ];
    const NODE_SIZES: &[&str] = &[
        "--max-old-space-size",
        "--max-semi-space-size",
        "--stack-size",
        "--max-http-header-size",
    ];
    const JAVA_SIZES: &[&str] = &["-Xmx", "-Xms", "-Xss"];
    const JAVA_FLAGS: &[&str] = &[
        "-XX:+UseG1GC",
        "-XX:+UseParallelGC",
        "-XX:+UseSerialGC",
        "-XX:+UseZGC",
        "-XX:+ExitOnOutOfMemoryError",
    ];
    let size = |v: &str| {
        let digits = v.trim_end_matches(['k', 'K', 'm', 'M', 'g', 'G']);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let words: Vec<&str> = value.split_whitespace().collect();
    !words.is_empty()
        && words.iter().all(|w| match name {
            "NODE_OPTIONS" => {
                NODE_FLAGS.contains(w)
                    || w.split_once('=').is_some_and(|(f, v)| {
                        (NODE_SIZES.contains(&f) && size(v))
                            || (f == "--unhandled-rejections"
                                && ["strict", "warn", "none", "throw", "warn-with-error-code"]
                                    .contains(&v))
                    })
            }
            "JAVA_TOOL_OPTIONS" | "_JAVA_OPTIONS" => {
                JAVA_FLAGS.contains(w)
                    || JAVA_SIZES
                        .iter()
                        .any(|p| w.strip_prefix(p).is_some_and(size))
                    || ["-XX:MaxRAMPercentage=", "-XX:InitialRAMPercentage="]
                        .iter()
                        .any(|p| {
                            w.strip_prefix(p).is_some_and(|v| {
                                !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                            })
                        })
            }
            // The dynamic loader's reports and binding mode: what it prints about the
            // libraries it loads, never another library or program (`LD_PRELOAD`,
            // `LD_LIBRARY_PATH`, `LD_AUDIT` load code and keep their finding).
            "LD_DEBUG" => w.split([',', ':']).all(|k| LD_DEBUG_KEYWORDS.contains(&k)),
            "LD_BIND_NOW"
            | "LD_BIND_NOT"
            | "LD_WARN"
            | "LD_VERBOSE"
            | "LD_TRACE_LOADED_OBJECTS" => w.bytes().all(|b| b.is_ascii_digit()),
            _ => false,
        })
}

/// The keywords `LD_DEBUG` takes (glibc's `ld.so`): each only chooses what the loader prints.
const LD_DEBUG_KEYWORDS: &[&str] = &[
    "libs",
    "reloc",
    "files",
    "symbols",
    "bindings",
    "versions",
    "scopes",
    "tls",
    "all",
    "statistics",
    "unused",
    "help",
];

/// Whether `word` expands variable `name` (`$NAME`, `${NAME}`, `${NAME:-x}`, ...).
fn expands(word: &str, name: &str) -> bool {
    word.match_indices('$').any(|(i, _)| {
        let rest = &word[i + 1..];
        let rest = rest.strip_prefix('{').unwrap_or(rest);
        rest.strip_prefix(name).is_some_and(|after| {
            !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
    })
}

/// The variables a `read` (or `mapfile`/`readarray`) in a loop condition sets: its operands and
/// its `-a` array, skipping the values of its other options (`IFS= read -r -d '' line`).
fn read_variables(cond: &str) -> Vec<String> {
    let words: Vec<&str> = cond
        .split(|c: char| c.is_whitespace() || ";&|()".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let Some(at) = words.iter().position(|w| READ_BUILTINS.contains(w)) else {
        return Vec::new();
    };
    // The options that take a value (`read`'s `-a` names the array it fills).
    let valued = if words[at] == "read" {
        "adinNptu"
    } else {
        "dnOsuCc"
    };
    let mut names = Vec::new();
    let mut i = at + 1;
    while i < words.len() {
        let w = words[i];
        if let Some(flags) = w.strip_prefix('-') {
            // Options that take a value: the value is the next word unless attached.
            if let Some(pos) = flags.find(|c: char| valued.contains(c)) {
                let attached = &flags[pos + 1..];
                let value = if attached.is_empty() {
                    i += 1;
                    words.get(i).copied()
                } else {
                    Some(attached)
                };
                if flags.as_bytes()[pos] == b'a'
                    && let Some(v) = value
                {
                    names.push(v.to_string());
                }
            }
        } else if w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !w.starts_with(|c: char| c.is_ascii_digit())
        {
            names.push(w.to_string());
        } else {
            break;
        }
        i += 1;
    }
    // `mapfile`/`readarray` with no name fill `MAPFILE`; `read` with none fills `REPLY`.
    if names.is_empty() {
        names.push(
            if words[at] == "read" {
                "REPLY"
            } else {
                "MAPFILE"
            }
            .to_string(),
        );
    }
    names
}
