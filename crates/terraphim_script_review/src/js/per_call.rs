//! What a path helper of the script returns for one call: a function whose body only names
//! paths (`function within(p) { const r = path.resolve(ROOT, p); if (...) throw ...; return r;
//! }`) returns, for `within("out")`, the path of `"out"`, not what every call of it may
//! return. The walk of the function's body with the union of its calls' arguments stays as it
//! is (its findings, the rounds); only the value of a call given known arguments is its own.

use super::{Js, named};
use crate::engine::Val;
use crate::places::UNKNOWN;
use crate::ts::Node;

/// Methods of strings and of `path` a helper may call without doing anything else.
const PURE_METHODS: &[&str] = &[
    "resolve",
    "join",
    "normalize",
    "dirname",
    "basename",
    "extname",
    "relative",
    "parse",
    "startsWith",
    "endsWith",
    "includes",
    "indexOf",
    "slice",
    "replace",
    "trim",
    "toLowerCase",
    "toUpperCase",
];

impl Js<'_, '_, '_> {
    /// A declared function `name` of the script (its byte range). A name declared twice (an
    /// arrow `get` in two functions) names no one function: no call of it is its own.
    pub(super) fn note_function_node(&mut self, name: &str, node: Node<'_>) {
        if name.is_empty() {
            return;
        }
        let range = (node.start_byte(), node.end_byte());
        let entry = self.fn_nodes.entry(name.to_owned()).or_insert(range);
        if *entry != range {
            *entry = (0, 0);
        }
    }

    /// The value `call` of the script's function `name` with `args` returns, when every
    /// argument is known and the function is a path helper: declarations, checks that throw,
    /// and one `return` at its end, calling only path and string methods.
    pub(super) fn per_call_return(
        &mut self,
        call: Node<'_>,
        name: &str,
        args: &[Val],
    ) -> Option<Val> {
        let &(start, end) = self.fn_nodes.get(name)?;
        if args.is_empty() || args.iter().any(|a| a.known().is_none()) {
            return None;
        }
        let mut root = call;
        while let Some(p) = root.parent() {
            root = p;
        }
        let decl = find_range(root, start, end)?;
        let params = decl.field("parameters")?;
        let body = decl.field("body")?;
        let names = named(params)
            .map(|p| {
                let id = match p.kind() {
                    "required_parameter" => p.field("pattern"),
                    _ => Some(p),
                };
                id.filter(|i| i.kind() == "identifier")
                    .map(|i| self.text(i).to_owned())
            })
            .collect::<Option<Vec<String>>>()?;
        if names.len() != args.len() {
            return None;
        }
        // `(f, d) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d)`: an arrow whose
        // body is the expression it returns.
        let stmts: Vec<Node<'_>> = match body.kind() {
            "statement_block" => named(body).filter(|c| c.kind() != "comment").collect(),
            _ if decl.kind() == "arrow_function" => vec![body],
            _ => return None,
        };
        let (last, rest) = stmts.split_last()?;
        let expr = match last.kind() {
            "return_statement" => last.named_child(0)?,
            _ if body.kind() != "statement_block" => *last,
            _ => return None,
        };
        for s in rest {
            match s.kind() {
                "lexical_declaration" => {}
                "if_statement" if self.throws_only(*s) => {}
                _ => return None,
            }
        }
        if !self.only_pure_calls(body) {
            return None;
        }
        let recording = self.sink.recording;
        self.sink.recording = false;
        self.scope.enter(format!("{UNKNOWN}one call of {name}"));
        for (n, a) in names.iter().zip(args) {
            self.scope.bind(n, a.clone());
        }
        for s in rest.iter().filter(|s| s.kind() == "lexical_declaration") {
            self.stmt(*s);
        }
        let v = self.eval(expr);
        self.scope.leave();
        self.sink.recording = recording;
        Some(v)
    }

    /// `if (COND) throw new Error(...)`, also in a block, without `else`.
    fn throws_only(&self, node: Node<'_>) -> bool {
        if node.field("alternative").is_some() {
            return false;
        }
        let Some(then) = node.field("consequence") else {
            return false;
        };
        match then.kind() {
            "throw_statement" => true,
            "statement_block" => {
                let mut parts = named(then).filter(|c| c.kind() != "comment");
                parts.next().is_some_and(|t| t.kind() == "throw_statement")
                    && parts.next().is_none()
            }
            _ => false,
        }
    }

    /// Whether every call under `node` is a path or string method (or builds the error a
    /// check throws), and nothing is assigned, awaited or yielded.
    fn only_pure_calls(&self, node: Node<'_>) -> bool {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "assignment_expression"
                | "augmented_assignment_expression"
                | "update_expression"
                | "await_expression"
                | "yield_expression"
                | "arrow_function"
                | "function_expression"
                | "function" => return false,
                "call_expression" => {
                    let pure = n.field("function").is_some_and(|f| {
                        f.kind() == "member_expression"
                            && f.field("property")
                                .is_some_and(|p| PURE_METHODS.contains(&self.text(p)))
                    });
                    if !pure {
                        return false;
                    }
                }
                "new_expression" => {
                    let error = n
                        .field("constructor")
                        .is_some_and(|c| self.text(c).ends_with("Error"));
                    if !error {
                        return false;
                    }
                }
                _ => {}
            }
            stack.extend(named(n));
        }
        true
    }
}

/// The node of `root`'s tree with exactly this byte range that declares a function.
fn find_range(root: Node<'_>, start: usize, end: usize) -> Option<Node<'_>> {
    let mut at = root;
    loop {
        if at.start_byte() == start
            && at.end_byte() == end
            && matches!(
                at.kind(),
                "function_declaration" | "arrow_function" | "function_expression" | "function"
            )
        {
            return Some(at);
        }
        at = at
            .children()
            .find(|c| c.start_byte() <= start && c.end_byte() >= end)?;
    }
}
