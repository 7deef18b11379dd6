//! Whether a script checks what it downloads: a digest or signature comparison whose failure
//! stops the script (`sha256sum -c` under `set -e`, `if digest != pinned: raise`). A file
//! checked that way is the file its pin names, so storing it, unpacking it or making it
//! executable installs a pinned artefact, not whatever a host served.

use crate::model::Language;

/// Programs that check files against a digest list or a signature, with the option that makes
/// them check (an empty option: the program only checks).
const CHECKERS: &[(&str, &[&str])] = &[
    ("sha256sum", &["-c", "--check"]),
    ("sha512sum", &["-c", "--check"]),
    ("sha384sum", &["-c", "--check"]),
    ("sha224sum", &["-c", "--check"]),
    ("sha1sum", &["-c", "--check"]),
    ("md5sum", &["-c", "--check"]),
    ("b2sum", &["-c", "--check"]),
    ("shasum", &["-c", "--check"]),
    ("gpg", &["--verify"]),
    ("gpg2", &["--verify"]),
    ("gpgv", &[]),
    ("minisign", &["-V"]),
    ("signify", &["-C", "-V"]),
    ("cosign", &["verify-blob"]),
];

/// Whether `source` gates on a digest or signature check (see the module docs).
pub(crate) fn gates_on_digest(source: &str, lang: Language) -> bool {
    match lang {
        Language::Shell => shell_gate(source),
        Language::Python => code_gate(
            source,
            &["hashlib.", "hmac.compare_digest"],
            &["raise ", "raise(", "sys.exit(", "exit("],
        ),
        Language::JavaScript | Language::TypeScript => code_gate(
            source,
            &["createHash(", "crypto.subtle.digest("],
            &["throw ", "throw(", "process.exit("],
        ),
    }
}

/// A shell script: a checker run where its failure ends the script (`set -e` in force, or
/// `|| exit`, `|| return`, `if ! ...`).
fn shell_gate(source: &str) -> bool {
    checker_gate(source) || shell_digest_compared(source)
}

/// A digest computed (`got=$(sha256sum "$f" | cut -d' ' -f1)`, `openssl dgst`) and compared
/// with another value in a test (`[[ "$got" != "$want" ]]`, `[ "$a" = "$b" ] ||`) whose line or
/// next three lines stop the script or the function with a failure.
fn shell_digest_compared(source: &str) -> bool {
    const DIGESTS: &[&str] = &[
        "sha256sum",
        "sha512sum",
        "sha384sum",
        "sha224sum",
        "sha1sum",
        "b2sum",
        "shasum",
        "openssl dgst",
    ];
    if !DIGESTS.iter().any(|d| source.contains(d)) {
        return false;
    }
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    lines.iter().enumerate().any(|(i, l)| {
        let test = ["if [", "if test ", "[[ ", "[ ", "test "]
            .iter()
            .any(|t| l.starts_with(t));
        let compares = l.contains("!=") || l.contains("==") || l.contains(" = ");
        // The test's own line, or its `then` block up to the `fi`/`else` (a few lines).
        let block = lines[i + 1..lines.len().min(i + 12)]
            .iter()
            .take_while(|n| !matches!(**n, "fi" | "else") && !n.starts_with("elif "));
        test && compares
            && (stops_with_failure(l) || block.into_iter().any(|n| stops_with_failure(n)))
    })
}

/// Whether a shell line holds a command that ends the script or function with a failure:
/// `exit`, `die`/`fail` helpers, `return` with a status other than 0 (a bare `return` after
/// an `echo` returns the echo's success).
fn stops_with_failure(line: &str) -> bool {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | '|' | '&' | '{' | '}'))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, w)| match *w {
        "exit" | "die" | "fail" => true,
        "return" => words
            .get(i + 1)
            .is_some_and(|s| *s != "0" && (s.starts_with('$') || s.parse::<u8>().is_ok())),
        _ => false,
    })
}

/// A checker run in its checking mode where its failure ends the script.
fn checker_gate(source: &str) -> bool {
    // Every checker's name holds one of these: a line without any runs none.
    const NAMES: &[&str] = &["sum", "gpg", "minisign", "signify", "cosign"];
    let named = |l: &str| NAMES.iter().any(|n| l.contains(n));
    if !named(source) {
        return false;
    }
    let errexit = || {
        source.lines().any(|l| {
            let l = l.trim();
            (l.starts_with("#!") && l.split_whitespace().any(|w| short_flag(w, 'e')))
                || l.strip_prefix("set ").is_some_and(|rest| {
                    rest.split_whitespace()
                        .take_while(|w| w.starts_with('-'))
                        .any(|w| short_flag(w, 'e'))
                        || rest.contains("-o errexit")
                })
        })
    };
    source.lines().any(|l| {
        if !named(l) {
            return false;
        }
        let code = l.split(" #").next().unwrap_or(l).trim();
        if code.starts_with('#') || !runs_checker(code) {
            return false;
        }
        let stops = code.contains("|| exit")
            || code.contains("||exit")
            || code.contains("|| return")
            || code.contains("|| die")
            || code.contains("|| fail")
            || code.starts_with("if !");
        stops || errexit()
    })
}

/// `-e`, `-eu`, `-xue`: a cluster of short flags holding `flag`.
fn short_flag(word: &str, flag: char) -> bool {
    word.strip_prefix('-').is_some_and(|f| {
        !f.starts_with('-')
            && !f.is_empty()
            && f.chars().all(|c| c.is_ascii_alphabetic())
            && f.contains(flag)
    })
}

/// Whether a shell line runs a checker in its checking mode.
fn runs_checker(code: &str) -> bool {
    code.split(['|', ';', '&', '(', ')'])
        .map(str::split_whitespace)
        .any(|mut words| {
            let Some(first) = words.find(|w| !matches!(*w, "if" | "!" | "then" | "do" | "else"))
            else {
                return false;
            };
            let name = first.rsplit('/').next().unwrap_or(first);
            let rest: Vec<&str> = words.collect();
            CHECKERS.iter().any(|(prog, opts)| {
                *prog == name
                    && (opts.is_empty()
                        || rest.iter().any(|w| {
                            opts.contains(w)
                                || (w.starts_with('-')
                                    && !w.starts_with("--")
                                    && opts
                                        .iter()
                                        .any(|o| o.len() == 2 && w[1..].contains(&o[1..])))
                        }))
            })
        })
}

/// Python or JavaScript: a digest is computed (`digest_words`), and a comparison of two
/// values (`!=`, `!==`, `==`, `compare_digest`) in an `if` is followed, on its line or within
/// the next three lines, by a statement that stops the script (`stop_words`).
fn code_gate(source: &str, digest_words: &[&str], stop_words: &[&str]) -> bool {
    if !digest_words.iter().any(|w| source.contains(w)) {
        return false;
    }
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    lines.iter().enumerate().any(|(i, l)| {
        let compares = (l.starts_with("if ") || l.starts_with("if(") || l.contains(" if "))
            && (l.contains("!=") || l.contains("==") || l.contains("compare_digest"));
        compares
            && lines[i..lines.len().min(i + 4)]
                .iter()
                .any(|n| stop_words.iter().any(|s| n.contains(s)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_checks_that_stop_the_script() {
        for (src, gate) in [
            ("set -eu\ncurl -fo a.tgz $U\nsha512sum --check SUMS\n", true),
            ("#!/bin/sh -e\nshasum -a 256 -c a.sha\n", true),
            (
                "curl -o a $U\necho \"$S  a\" | sha256sum -c - || exit 1\n",
                true,
            ),
            ("if ! gpg --verify a.asc a; then exit 1; fi\n", true),
            ("set -o errexit\ngpgv --keyring k a.sig a\n", true),
            // not checking, or failure ignored
            ("set -e\nsha256sum a > a.sha\n", false),
            ("sha256sum -c SUMS\n", false),
            ("set -e\n# sha256sum -c SUMS\n", false),
            // a digest compared with a pin, a mismatch stopping the function
            (
                "got=$(sha256sum \"$tmp\" | awk '{print $1}')\nif [[ \"$got\" != \"$want\" ]]; then\n  echo bad >&2\n  return 1\nfi\n",
                true,
            ),
            (
                "[ \"$(openssl dgst -sha256 -r a | cut -c1-64)\" = \"$PIN\" ] || exit 1\n",
                true,
            ),
            (
                "got=$(sha256sum a)\nif [[ \"$got\" != \"$want\" ]]; then\n  echo a\n  echo b\n  echo c\n  echo d\n  exit 1\nfi\n",
                true,
            ),
            // compared, but a mismatch only printed or returning success
            (
                "got=$(sha256sum a)\nif [ \"$got\" != \"$want\" ]; then\n  echo mismatch\nfi\nexit 0\n",
                false,
            ),
            (
                "got=$(sha256sum a)\nif [ \"$got\" != \"$want\" ]; then\n  echo mismatch\nfi\n",
                false,
            ),
            (
                "got=$(sha256sum a)\nif [ \"$got\" != \"$want\" ]; then\n  echo mismatch; return\nfi\n",
                false,
            ),
        ] {
            assert_eq!(gates_on_digest(src, Language::Shell), gate, "{src}");
        }
    }

    #[test]
    fn code_comparisons_that_stop_the_script() {
        let py = "import hashlib\nh = hashlib.sha512(data).hexdigest()\nif h != pin:\n    raise SystemExit('bad')\n";
        assert!(gates_on_digest(py, Language::Python));
        let py_print = "import hashlib\nh = hashlib.sha512(data).hexdigest()\nif h != pin:\n    print('bad')\n";
        assert!(!gates_on_digest(py_print, Language::Python));
        let js = "const h = createHash('sha512').update(b).digest('hex');\nif (h !== want) {\n  throw new Error('bad');\n}\n";
        assert!(gates_on_digest(js, Language::JavaScript));
        let js_no_digest = "if (a !== b) throw new Error('x');\n";
        assert!(!gates_on_digest(js_no_digest, Language::TypeScript));
    }
}
