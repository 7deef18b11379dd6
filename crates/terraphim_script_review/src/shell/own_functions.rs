//! `$(declare -F | awk '{print $3}' | grep '^test_')`, `$(compgen -A function test_)`: a test
//! harness listing its own functions by name to run each. Every name such a listing prints is
//! a function the script defined, so `"$name"` over it runs the script's own code.

/// Which of the script's function names a listing prints, given the words of each stage of
/// its pipeline; `None` when a stage could print anything else (another command, a filter
/// that rewrites the names or keeps what does not match).
pub(super) fn listed_names<'s>(
    stages: &[Vec<String>],
    defined: &[&'s str],
) -> Option<Vec<&'s str>> {
    let (first, filters) = stages.split_first()?;
    let words: Vec<&str> = first.iter().map(String::as_str).collect();
    // `declare -F` prints `declare -f name` lines, so a stage must pick the name field.
    let (mut prefix, mut needs_field) = match words.as_slice() {
        ["declare" | "typeset", "-F"] => (String::new(), true),
        ["compgen", "-A", "function"] => (String::new(), false),
        ["compgen", "-A", "function", p] if is_name_part(p) => ((*p).to_owned(), false),
        _ => return None,
    };
    let mut substrings: Vec<&str> = Vec::new();
    for stage in filters {
        let words: Vec<&str> = stage.iter().map(String::as_str).collect();
        match words.as_slice() {
            ["awk", program] if picks_field(program) => needs_field = false,
            ["cut", opts @ ..] if opts.iter().all(|o| cut_field_option(o)) => needs_field = false,
            ["sort" | "uniq"] | ["sort", "-u"] => {}
            ["grep", opts @ .., pattern] if opts.iter().all(|o| matches!(*o, "-E" | "-e")) => {
                match pattern.strip_prefix('^') {
                    Some(p) if is_name_part(p) && !needs_field => {
                        prefix = format!("{prefix}{p}");
                    }
                    None if is_name_part(pattern) => substrings.push(pattern),
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
    if needs_field {
        return None;
    }
    let names: Vec<&'s str> = defined
        .iter()
        .copied()
        .filter(|n| n.starts_with(prefix.as_str()) && substrings.iter().all(|s| n.contains(s)))
        .collect();
    (!names.is_empty()).then_some(names)
}

/// Letters, digits and `_`: part of a function name, matched literally by grep.
fn is_name_part(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `{print $3}`: an awk program printing one field of each line, nothing else.
fn picks_field(program: &str) -> bool {
    let p: String = program.chars().filter(|c| !c.is_whitespace()).collect();
    p.strip_prefix("{print$")
        .and_then(|r| r.strip_suffix('}'))
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// `-d ' '`, `-d' '`, `-f3`, `-f 3`: cut options selecting one field.
fn cut_field_option(o: &str) -> bool {
    matches!(o, "-d" | "-f" | " " | "-d ")
        || o.strip_prefix("-f")
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        || o.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::listed_names;

    fn stages(pipeline: &[&[&str]]) -> Vec<Vec<String>> {
        pipeline
            .iter()
            .map(|s| s.iter().map(|w| (*w).to_owned()).collect())
            .collect()
    }

    const DEFINED: &[&str] = &["main", "run_one", "test_login", "test_logout"];

    #[test]
    fn a_listing_filtered_by_prefix_names_the_matching_functions() {
        let got = listed_names(
            &stages(&[
                &["declare", "-F"],
                &["awk", "{ print $3 }"],
                &["grep", "^test_"],
            ]),
            DEFINED,
        );
        assert_eq!(got, Some(vec!["test_login", "test_logout"]));
        let got = listed_names(&stages(&[&["compgen", "-A", "function", "test_"]]), DEFINED);
        assert_eq!(got, Some(vec!["test_login", "test_logout"]));
    }

    #[test]
    fn a_listing_that_may_print_other_text_names_nothing() {
        // The raw `declare -f name` lines, an inverted grep, a rewriting sed.
        for pipeline in [
            stages(&[&["declare", "-F"]]),
            stages(&[
                &["declare", "-F"],
                &["awk", "{print $3}"],
                &["grep", "-v", "^test_"],
            ]),
            stages(&[&["compgen", "-A", "function"], &["sed", "s/^/x/"]]),
            stages(&[&["declare", "-p"], &["awk", "{print $3}"]]),
        ] {
            assert_eq!(listed_names(&pipeline, DEFINED), None, "{pipeline:?}");
        }
    }
}
