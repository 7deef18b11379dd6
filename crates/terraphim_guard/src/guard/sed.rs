//! sed scripts judged by their commands: parsed as GNU sed parses them.
//!
//! sed's `e` command and the `e` flag of `s` run a shell command, `w`/`W` and the `w` flag write a
//! file, `r`/`R` read one. Recognised by text (a `/e` anywhere on the line), the KG also found
//! them inside regular expressions and file names (`sed -n '/start/,/end/p'`, `sed -n p
//! /etc/x`) and missed them after another command (`sed -n 'p;e CMD'`). Here the script is
//! parsed, and the KG matches each script word as what it does:
//!
//! - a script whose every command prints, deletes, substitutes (flags `g`, `p`, `i`, `m` and a
//!   number), moves text between the pattern and hold spaces, branches or quits: the list of its
//!   command letters (`//,//p` is `p`), which no pattern of a command that runs or writes matches;
//! - a script with a command that runs (`e`, `s///e`): `e ` and its text (`sed 'e *'`);
//! - one that writes (`w`, `W`, `s///w`) and runs nothing: `w ` and its text (`sed 'w *'`);
//! - anything else (a file read with `r`/`R`, text the parser does not follow): `e ` and its
//!   text, confined as a command that runs, since what it does is not known.

use crate::Word;

/// Commands that take no argument (or an optional number) and only print, delete or move text.
const PLAIN: &[u8] = b"=dDgGhHlnNpPxzFqQL";

/// What a sed script does, as far as the guard is concerned.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Only prints, deletes, substitutes or branches: its command letters, joined by `;`.
    ReadOnly(String),
    /// Writes a file (`w`, `W`, `s///w`) and runs nothing.
    Writes,
    /// Runs a command (`e`, `s///e`), reads a file (`r`, `R`) or is not understood.
    Runs,
}

/// The words to match for a command: for sed (or gsed), the same words with each script word
/// replaced by the text of its [`Effect`]; `None` for other commands and for sed without a
/// script word (`sed -f FILE`, judged by its own pattern).
pub(crate) fn match_words(words: &[Word]) -> Option<Vec<Word>> {
    let name = words.first()?;
    if !matches!(name.text.as_str(), "sed" | "gsed") {
        return None;
    }
    let mask = super::data::program_words(words);
    if mask == 0 {
        return None;
    }
    let mut out = words.to_vec();
    for (i, w) in out.iter_mut().enumerate().take(64) {
        if mask & (1 << i) != 0 {
            w.text = match effect(&w.text) {
                Effect::ReadOnly(letters) => letters,
                Effect::Writes => format!("w {}", w.text),
                Effect::Runs => format!("e {}", w.text),
            };
        }
    }
    Some(out)
}

/// What a sed script word does (see the module documentation). The canonical form drops a
/// word's trailing `/` (`s/a/b/` reads `s/a/b`, `s/a//` reads `s/a`), so a script that ends
/// inside a delimited part is read again with one and two `/` put back: sed itself refuses
/// an unterminated one, so no script that runs is read as another that does not.
pub(crate) fn effect(script: &str) -> Effect {
    let mut first = read(script);
    if first == Effect::Runs && !script.ends_with('/') {
        for tail in ["/", "//"] {
            let again = read(&format!("{script}{tail}"));
            if again != Effect::Runs {
                first = again;
                break;
            }
        }
    }
    first
}

/// Whether a sed script deletes or replaces every line of its input: its first command is a
/// `d`, `D` or `c` with no address (or `1,$`), so `sed -i d FILE` empties the file as
/// `truncate -s 0` does and is no edit of its text.
pub(crate) fn empties(script: &str) -> bool {
    let t = script.trim_start();
    let t = t.strip_prefix("1,$").unwrap_or(t).trim_start();
    let b = t.as_bytes();
    matches!(b.first(), Some(b'd' | b'D' | b'c'))
        && b.get(1)
            .is_none_or(|c| matches!(c, b';' | b'\n' | b' ' | b'\t' | b'\\' | b'}'))
}

fn read(script: &str) -> Effect {
    let mut seen = Seen::default();
    match letters(script, &mut seen) {
        _ if seen.runs => Effect::Runs,
        None => Effect::Runs,
        Some(_) if seen.writes => Effect::Writes,
        Some(letters) => Effect::ReadOnly(letters),
    }
}

#[derive(Default)]
struct Seen {
    writes: bool,
    runs: bool,
}

/// The command letters of a sed script (joined by `;`), noting in `seen` a command that writes
/// or runs (one that runs ends the scan); `None` when the scan ends early or the script is not
/// understood.
fn letters(script: &str, seen: &mut Seen) -> Option<String> {
    let s = script.as_bytes();
    let mut i = 0;
    let mut letters: Vec<u8> = Vec::new();
    let mut depth = 0usize;
    loop {
        while i < s.len() && (s[i].is_ascii_whitespace() || s[i] == b';') {
            i += 1;
        }
        if i >= s.len() {
            break;
        }
        if s[i] == b'#' {
            while i < s.len() && s[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if s[i] == b'}' {
            depth = depth.checked_sub(1)?;
            letters.push(b'}');
            i += 1;
            continue;
        }
        i = address(s, i)?;
        if i < s.len() && s[i] == b',' {
            i = skip_blanks(s, i + 1);
            i = match s.get(i) {
                Some(b'+' | b'~') => digits(s, i + 1)?,
                _ => address(s, i)?,
            };
        }
        i = skip_blanks(s, i);
        while i < s.len() && s[i] == b'!' {
            letters.push(b'!');
            i = skip_blanks(s, i + 1);
        }
        let c = *s.get(i)?;
        i += 1;
        match c {
            b'{' => {
                depth += 1;
                letters.push(b'{');
                continue;
            }
            b':' => {
                if letters.last() == Some(&b'!') {
                    return None;
                }
                i = label(s, i);
            }
            b'b' | b't' | b'T' => i = label(s, i),
            b'a' | b'i' | b'c' => i = text(s, i),
            b's' => {
                let (end, flags) = substitute(s, i)?;
                match flags {
                    SFlags::Runs => {
                        seen.runs = true;
                        return None;
                    }
                    SFlags::Writes => {
                        seen.writes = true;
                        i = text(s, end);
                    }
                    SFlags::Plain => i = end,
                }
            }
            b'y' => {
                let delim = *s.get(i)?;
                i = delimited(s, i + 1, delim)?;
                i = delimited(s, i, delim)?;
            }
            b'e' => {
                seen.runs = true;
                return None;
            }
            // The file name runs to the end of the line (`w out;p` writes `out;p`).
            b'w' | b'W' => {
                seen.writes = true;
                i = text(s, i);
            }
            c if PLAIN.contains(&c) => {
                i = skip_blanks(s, i);
                while i < s.len() && s[i].is_ascii_digit() {
                    i += 1;
                }
            }
            // `r`, `R`, `v` and anything unknown.
            _ => return None,
        }
        letters.push(c);
        // After a command: blanks, then its end (`;`, a newline, `}` or a comment).
        i = skip_blanks(s, i);
        if i < s.len() && !matches!(s[i], b';' | b'\n' | b'}' | b'#') {
            return None;
        }
    }
    if depth != 0 || letters.is_empty() {
        return None;
    }
    let words: Vec<String> = letters.iter().map(|&b| (b as char).to_string()).collect();
    Some(words.join(";"))
}

fn skip_blanks(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && matches!(s[i], b' ' | b'\t') {
        i += 1;
    }
    i
}

/// One or more digits from `i`; the index after them.
fn digits(s: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    while j < s.len() && s[j].is_ascii_digit() {
        j += 1;
    }
    (j > i).then_some(j)
}

/// An optional address at `i` (a line number, `first~step`, `$`, `/re/` or `\cREc` with `I`/`M`
/// flags); the index after it.
fn address(s: &[u8], i: usize) -> Option<usize> {
    match s.get(i) {
        Some(b'0'..=b'9') => {
            let j = digits(s, i)?;
            if s.get(j) == Some(&b'~') {
                digits(s, j + 1)
            } else {
                Some(j)
            }
        }
        Some(b'$') => Some(i + 1),
        Some(b'/') => regex_flags(s, delimited(s, i + 1, b'/')?),
        Some(b'\\') => {
            let delim = *s.get(i + 1)?;
            if delim == b'\n' || delim == b'\\' {
                return None;
            }
            regex_flags(s, delimited(s, i + 2, delim)?)
        }
        _ => Some(i),
    }
}

fn regex_flags(s: &[u8], mut i: usize) -> Option<usize> {
    while i < s.len() && matches!(s[i], b'I' | b'M') {
        i += 1;
    }
    Some(i)
}

/// Text up to the unescaped `delim` from `i` (as GNU sed reads it: a backslash escapes the next
/// character, a bracket expression is no exception); the index after the delimiter. A newline
/// in it is refused.
fn delimited(s: &[u8], mut i: usize, delim: u8) -> Option<usize> {
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            b'\n' => return None,
            c if c == delim => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// What the flags of an `s` command do.
enum SFlags {
    /// `g`, `p`, `i`, `I`, `m`, `M` and a number.
    Plain,
    /// `w FILE` (the file name runs to the end of the line).
    Writes,
    /// `e`: the pattern space runs as a command.
    Runs,
}

/// `s` from the delimiter at `i`: regex, replacement and flags; the index after the flags (before
/// a `w` flag's file name) and what they do.
fn substitute(s: &[u8], i: usize) -> Option<(usize, SFlags)> {
    let delim = *s.get(i)?;
    if delim == b'\n' || delim == b'\\' {
        return None;
    }
    let mut j = delimited(s, i + 1, delim)?;
    // The replacement may hold an escaped newline.
    while j < s.len() && s[j] != delim {
        j += if s[j] == b'\\' { 2 } else { 1 };
    }
    if j >= s.len() {
        return None;
    }
    j += 1;
    let mut flags = SFlags::Plain;
    while j < s.len() {
        match s[j] {
            b'g' | b'p' | b'i' | b'I' | b'm' | b'M' | b'0'..=b'9' => {}
            b'e' => flags = SFlags::Runs,
            b'w' => {
                if !matches!(flags, SFlags::Runs) {
                    flags = SFlags::Writes;
                }
                return Some((j + 1, flags));
            }
            _ => break,
        }
        j += 1;
    }
    Some((j, flags))
}

/// A label after `:`, `b`, `t` or `T`: up to `;` or a newline.
fn label(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && !matches!(s[i], b';' | b'\n') {
        i += 1;
    }
    i
}

/// The text of `a`, `i` or `c` (or a file name): to the end of the line, a backslash-newline
/// continuing it.
fn text(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && s[i] != b'\n' {
        i += if s[i] == b'\\' { 2 } else { 1 };
    }
    i.min(s.len())
}

#[cfg(test)]
mod tests {
    use super::{Effect, effect};

    #[test]
    fn a_sed_script_is_judged_by_what_its_commands_do() {
        let read_only: &[(&str, &str)] = &[
            ("/start/,/end/p", "p"),
            // As canonicalised, without the trailing `/`.
            ("s/foo/bar", "s"),
            ("s/foo", "s"),
            ("1,5p", "p"),
            ("$!d", "!;d"),
            ("s/foo/bar/g", "s"),
            ("s|/etc/x|/w y|2p", "s"),
            (r"s/a\/e/b/", "s"),
            ("/^#/d;/^$/d", "d;d"),
            ("0,/re/{s/x/y/;p}", "{;s;p;}"),
            (":a;N;$!ba;s/\\n/ /g", ":;N;!;b;s"),
            ("\\%/usr/e%p", "p"),
            ("/x/I,+3p", "p"),
            ("1~2p", "p"),
            ("y/abc/xyz/", "y"),
            ("/re/a appended text", "a"),
            ("q5", "q"),
            ("10q", "q"),
        ];
        for &(script, want) in read_only {
            assert_eq!(
                effect(script),
                Effect::ReadOnly(want.to_string()),
                "script {script:?}"
            );
        }
        let writes = [
            "s/x/y/w out.txt",
            "s/x/y/gw /tmp/o",
            "/re/w /tmp/copy",
            "W out",
            "w out;e id",
        ];
        for script in writes {
            assert_eq!(effect(script), Effect::Writes, "script {script:?}");
        }
        let runs = [
            "1e id",
            "e",
            "s/x/y/e",
            "s/x/y/ew out",
            "/start/,/end/e",
            "p;e id",
            "w out\ne id",
            "1!{p;e id\n}",
            // Reads a file, or is not understood: judged as a command that runs.
            "r /etc/passwd",
            "R f",
            "pe id",
            "{p",
            "p}",
            "s/[/]e id/x/",
            "",
            "/unterminated",
        ];
        for script in runs {
            assert_eq!(effect(script), Effect::Runs, "script {script:?}");
        }
    }
}
