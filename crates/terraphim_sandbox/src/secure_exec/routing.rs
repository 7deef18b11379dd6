//! Which shell simple commands execute JS/TS code, and what code.

use std::path::PathBuf;

use super::run::JsSource;

/// A simple command that runs JavaScript or TypeScript code, as the secure-exec backend runs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsInvocation {
    /// The code or the script file.
    pub source: JsSource,
    /// `node -p`: print the value of the expression.
    pub print: bool,
    /// Arguments after the code or the file (`process.argv.slice(2)`).
    pub args: Vec<String>,
}

/// Node flags that change nothing the bridge has to honour.
const HARMLESS_NODE_FLAGS: &[&str] = &[
    "--no-warnings",
    "--enable-source-maps",
    "--no-deprecation",
    "--trace-warnings",
];
/// `npx` flags that only affect installation prompts and logging.
const NPX_FLAGS: &[&str] = &["-y", "--yes", "--no", "--no-install", "-q", "--quiet"];
/// TypeScript runners whose `FILE ARGS...` form the bridge runs.
const TS_RUNNERS: &[&str] = &["tsx", "ts-node", "ts-node-esm"];

/// Whether the words of one simple command (program first, already unwrapped from `env`, `sudo`
/// and the like) execute JS/TS code that the secure-exec backend can run, and which:
/// `node -e CODE`, `node --eval=CODE`, `node -p EXPR`, `node [--] FILE ARGS...`, `tsx FILE`,
/// `ts-node FILE`, `npx [-y] tsx FILE`, ... Anything else (a REPL, `--require`, `--inspect`,
/// unknown flags, other runtimes) is `None` and stays with the native backend.
pub fn js_invocation<S: AsRef<str>>(words: &[S]) -> Option<JsInvocation> {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    let (program, rest) = words.split_first()?;
    match basename(program) {
        "node" | "nodejs" => node(rest),
        "npx" => {
            let rest = skip_flags(rest, NPX_FLAGS);
            let (runner, rest) = rest.split_first()?;
            TS_RUNNERS
                .contains(runner)
                .then(|| ts_runner(rest))
                .flatten()
        }
        name if TS_RUNNERS.contains(&name) => ts_runner(rest),
        _ => None,
    }
}

fn basename(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

fn skip_flags<'a, 'b>(mut words: &'a [&'b str], flags: &[&str]) -> &'a [&'b str] {
    while let Some((first, rest)) = words.split_first() {
        if !flags.contains(first) {
            break;
        }
        words = rest;
    }
    words
}

fn rest_args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

fn node(words: &[&str]) -> Option<JsInvocation> {
    let mut words = skip_flags(words, HARMLESS_NODE_FLAGS);
    let (first, rest) = words.split_first()?;
    let code = |code: &str, print: bool, rest: &[&str]| {
        let rest = rest.strip_prefix(&["--"][..]).unwrap_or(rest);
        Some(JsInvocation {
            source: JsSource::Code(code.to_owned()),
            print,
            args: rest_args(rest),
        })
    };
    match *first {
        "-e" | "--eval" => {
            let (c, rest) = rest.split_first()?;
            return code(c, false, rest);
        }
        "-p" | "--print" => {
            let (c, rest) = rest.split_first()?;
            return code(c, true, rest);
        }
        _ => {}
    }
    if let Some(c) = first.strip_prefix("--eval=") {
        return code(c, false, rest);
    }
    if let Some(c) = first.strip_prefix("--print=") {
        return code(c, true, rest);
    }
    if *first == "--" {
        words = rest;
    }
    let (file, rest) = words.split_first()?;
    if file.starts_with('-') {
        return None;
    }
    Some(JsInvocation {
        source: JsSource::File(PathBuf::from(file)),
        print: false,
        args: rest_args(rest),
    })
}

fn ts_runner(words: &[&str]) -> Option<JsInvocation> {
    let (file, rest) = words.split_first()?;
    let scripts = [".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs"];
    if file.starts_with('-') || !scripts.iter().any(|ext| file.ends_with(ext)) {
        return None;
    }
    Some(JsInvocation {
        source: JsSource::File(PathBuf::from(file)),
        print: false,
        args: rest_args(rest),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    enum Want {
        Code(&'static str, bool, &'static [&'static str]),
        File(&'static str, &'static [&'static str]),
        No,
    }

    #[track_caller]
    fn check(command: &str, want: Want) {
        let words: Vec<&str> = command.split(' ').collect();
        let got = js_invocation(&words);
        let want = match want {
            Want::Code(c, print, args) => Some(JsInvocation {
                source: JsSource::Code(c.into()),
                print,
                args: args.iter().map(|a| a.to_string()).collect(),
            }),
            Want::File(f, args) => Some(JsInvocation {
                source: JsSource::File(f.into()),
                print: false,
                args: args.iter().map(|a| a.to_string()).collect(),
            }),
            Want::No => None,
        };
        assert_eq!(got, want, "{command}");
    }

    #[test]
    fn routing_table() {
        use Want::*;
        check("node -e 1", Code("1", false, &[]));
        check("node --eval 1 a b", Code("1", false, &["a", "b"]));
        check("node --eval=1", Code("1", false, &[]));
        check("node -p 1+1", Code("1+1", true, &[]));
        check("node --print=1", Code("1", true, &[]));
        check("node -e 1 -- x", Code("1", false, &["x"]));
        check("/usr/bin/node x.js", File("x.js", &[]));
        check("nodejs x.js --flag", File("x.js", &["--flag"]));
        check("node --no-warnings x.mjs a", File("x.mjs", &["a"]));
        check("node -- x.js", File("x.js", &[]));
        check("npx tsx x.ts a", File("x.ts", &["a"]));
        check("npx -y tsx x.ts", File("x.ts", &[]));
        check("npx --yes ts-node src/x.ts", File("src/x.ts", &[]));
        check("tsx x.tsx", File("x.tsx", &[]));
        check("ts-node x.ts", File("x.ts", &[]));
        check("node", No);
        check("node -e", No);
        check("node -r dotenv/config x.js", No);
        check("node --inspect x.js", No);
        check("node --require x x.js", No);
        check("npx tsc", No);
        check("npx tsx", No);
        check("npx tsx watch x.ts", No);
        check("npx eslint x.js", No);
        check("bun x.ts", No);
        check("deno run x.ts", No);
        check("cat x.js", No);
    }
}
