//! The decoders a shell pipeline can put between literal text and the program that runs it
//! (`echo B64 | base64 -d | sh`), so what is hidden can be read the way the pipeline reads it.

/// What a pipeline stage does to the text piped through it, when it is one of the usual ways to
/// hide a command: `base64 -d`, `base32 -d`, `xxd -r -p`, `rev`. `argv` is the stage's words,
/// the program name first (a path or `.exe` already stripped by the caller is fine, as is not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoder {
    /// `base64 -d` / `--decode` / `-D` (BSD), `openssl base64 -d`, `openssl enc -base64 -d`.
    Base64,
    /// `xxd -r -p` (plain hex dump back to bytes).
    Hex,
    /// `rev`: each line reversed.
    Reverse,
    /// `tr 'A-Za-z' 'N-ZA-Mn-za-m'` (any spelling of the two sets whose every pair is a letter
    /// and the one 13 places on): rot13.
    Rot13,
}

impl Decoder {
    /// The decoder a stage's words name, if any. (A program added here is added to
    /// `LITERAL_PRINTERS` in terraphim_guard's `parse/expand.rs` too: the guard parses a
    /// substitution's code for its output only when the code names one of those.)
    pub fn of(argv: &[String]) -> Option<Self> {
        let name = argv.first()?;
        let name = name.rsplit('/').next().unwrap_or(name);
        let has = |flag: &str| argv.iter().skip(1).any(|a| a == flag);
        let short = |letter: char| {
            argv.iter()
                .skip(1)
                .any(|a| a.starts_with('-') && !a.starts_with("--") && a[1..].contains(letter))
        };
        match name {
            "base64" if has("--decode") || short('d') || short('D') => Some(Self::Base64),
            "openssl"
                if argv.get(1).is_some_and(|s| s == "base64" || s == "enc")
                    && has("-d")
                    && (argv[1] == "base64" || has("-base64") || has("-a")) =>
            {
                Some(Self::Base64)
            }
            "xxd"
                if (has("-r") || has("-revert")) && (has("-p") || has("-ps") || has("-plain")) =>
            {
                Some(Self::Hex)
            }
            "xxd" if short('r') && short('p') => Some(Self::Hex),
            "rev" if argv.len() == 1 => Some(Self::Reverse),
            "tr" if argv.len() == 3 && is_rot13(&argv[1], &argv[2]) => Some(Self::Rot13),
            _ => None,
        }
    }

    /// The text after this stage, when the input decodes to UTF-8 text.
    pub fn apply(self, input: &str) -> Option<String> {
        match self {
            Self::Base64 => String::from_utf8(base64(input)?).ok(),
            Self::Hex => String::from_utf8(hex(input)?).ok(),
            Self::Reverse => Some(
                input
                    .split('\n')
                    .map(|l| l.chars().rev().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            Self::Rot13 => Some(input.chars().map(rot13).collect()),
        }
    }
}

/// The letter 13 places on (wrapping), any other character as it is.
fn rot13(c: char) -> char {
    match c {
        'a'..='z' => (((c as u8 - b'a') + 13) % 26 + b'a') as char,
        'A'..='Z' => (((c as u8 - b'A') + 13) % 26 + b'A') as char,
        _ => c,
    }
}

/// The characters of a `tr` set: `a-z` ranges expanded, `[` `]` around ranges dropped.
fn tr_set(set: &str) -> Option<Vec<char>> {
    let chars: Vec<char> = set.chars().filter(|c| !matches!(c, '[' | ']')).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars.get(i + 1) == Some(&'-') && i + 2 < chars.len() {
            let (from, to) = (chars[i], chars[i + 2]);
            if from > to || !from.is_ascii() || !to.is_ascii() {
                return None;
            }
            out.extend((from as u8..=to as u8).map(char::from));
            i += 3;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    Some(out)
}

/// Whether `tr FROM TO` is rot13: every letter of `FROM` maps to the one 13 places on, and
/// nothing else changes.
fn is_rot13(from: &str, to: &str) -> bool {
    let (Some(from), Some(to)) = (tr_set(from), tr_set(to)) else {
        return false;
    };
    from.len() == to.len()
        && from.iter().any(char::is_ascii_alphabetic)
        && from.iter().zip(&to).all(|(a, b)| rot13(*a) == *b)
}

/// Standard or URL-safe base64, whitespace ignored, padding optional (as `base64 -d` accepts
/// it); `None` for any other character.
pub fn base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            b' ' | b'\n' | b'\r' | b'\t' => continue,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// A plain hex dump (`xxd -p`): pairs of hex digits, whitespace ignored.
pub fn hex(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| char::from(b).to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()?;
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    Some(digits.chunks(2).map(|p| (p[0] << 4) | p[1]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn decoders_are_named_by_their_words() {
        let cases: &[(&str, Option<Decoder>)] = &[
            ("base64 -d", Some(Decoder::Base64)),
            ("base64 --decode", Some(Decoder::Base64)),
            ("/usr/bin/base64 -di", Some(Decoder::Base64)),
            ("base64 -D", Some(Decoder::Base64)),
            ("base64", None),
            ("base64 -w0", None),
            ("openssl base64 -d", Some(Decoder::Base64)),
            ("openssl enc -base64 -d", Some(Decoder::Base64)),
            ("openssl enc -d -aes256", None),
            ("xxd -r -p", Some(Decoder::Hex)),
            ("xxd -rp", Some(Decoder::Hex)),
            ("xxd -r", None),
            ("rev", Some(Decoder::Reverse)),
            ("rev file.txt", None),
            ("tr A-Za-z N-ZA-Mn-za-m", Some(Decoder::Rot13)),
            ("tr a-zA-Z n-za-mN-ZA-M", Some(Decoder::Rot13)),
            ("tr [A-Za-z] [N-ZA-Mn-za-m]", Some(Decoder::Rot13)),
            ("tr a-z A-Z", None),
            ("tr -d x", None),
            ("tr A-Za-z N-ZA-Mn-za-m file", None),
            ("cat", None),
        ];
        for (argv, want) in cases {
            assert_eq!(Decoder::of(&words(argv)), *want, "{argv}");
        }
        assert_eq!(
            Decoder::Rot13.apply("ez -es ~").as_deref(),
            Some("rm -rf ~")
        );
    }

    #[test]
    fn decoding_reads_what_the_tools_read() {
        let cases: &[(Decoder, &str, Option<&str>)] = &[
            (Decoder::Base64, "aGVsbG8gd29ybGQ=", Some("hello world")),
            (Decoder::Base64, "aGVsbG8gd29ybGQ", Some("hello world")),
            (
                Decoder::Base64,
                "aGVs\nbG8g d29y\nbGQ=\n",
                Some("hello world"),
            ),
            (Decoder::Base64, "not base64!", None),
            (Decoder::Hex, "68656c6c6f", Some("hello")),
            (Decoder::Hex, "68 65\n6c 6c 6f\n", Some("hello")),
            (Decoder::Hex, "6865z", None),
            (Decoder::Hex, "686", None),
            (Decoder::Reverse, "olleh\ndlrow", Some("hello\nworld")),
            (Decoder::Base64, "/w==", None),
        ];
        for (d, input, want) in cases {
            assert_eq!(d.apply(input).as_deref(), *want, "{d:?} {input:?}");
        }
    }
}
