//! Task runners run every task they are given: `rake test db:drop` runs `test`, then `db:drop`;
//! `make test install`, `./gradlew test publish`, `mvn verify deploy`, `task lint deploy` too.
//! A KG pattern names one task (`rake db:drop`, `rake test **`), so each task is also judged as
//! the runner given that task alone, with the runner's options and variables: a safe pattern
//! of one task never vouches for another task beside it.

/// The runners whose operands are tasks (targets, phases, goals), and their options that take
/// the next word as a value (`make -C DIR`, `rake -f FILE`, `gradle -x TASK`).
const RUNNERS: &[(&str, &[&str])] = &[
    ("make", MAKE),
    ("gmake", MAKE),
    ("rake", RAKE),
    ("gitlab-rake", RAKE),
    ("gradle", GRADLE),
    ("gradlew", GRADLE),
    ("mvn", MAVEN),
    ("mvnw", MAVEN),
    ("sbt", &[]),
    ("task", &["-d", "-t", "--dir", "--taskfile", "--output"]),
    ("invoke", INVOKE),
    ("inv", INVOKE),
];

const MAKE: &[&str] = &[
    "-C",
    "-f",
    "-I",
    "-o",
    "-W",
    "-l",
    "--file",
    "--makefile",
    "--directory",
    "--include-dir",
    "--old-file",
    "--what-if",
];

const RAKE: &[&str] = &[
    "-f",
    "-C",
    "-I",
    "-r",
    "-R",
    "-e",
    "-E",
    "-p",
    "--rakefile",
    "--libdir",
    "--require",
];

const GRADLE: &[&str] = &[
    "-p",
    "-x",
    "-b",
    "-c",
    "-g",
    "-I",
    "--exclude-task",
    "--project-dir",
    "--init-script",
    "--console",
    "--warning-mode",
];

const MAVEN: &[&str] = &[
    "-pl",
    "-P",
    "-f",
    "-s",
    "-gs",
    "-rf",
    "-T",
    "-l",
    "-D",
    "--projects",
    "--file",
    "--settings",
    "--activate-profiles",
    "--threads",
];

const INVOKE: &[&str] = &[
    "-c",
    "-f",
    "-r",
    "--collection",
    "--config",
    "--search-root",
];

/// For a runner given two or more tasks, the arguments of each task run alone: the runner's
/// options (with their values), its `NAME=VALUE` variables and that one task. Empty for any
/// other command, and for one task or none. A value after `make -j` is a value only when it is
/// a number (`-j 4`; `-j test` is `-j` and the task `test`).
pub(crate) fn each_task(name: &str, rest: &[String]) -> Vec<Vec<String>> {
    let Some((_, takes_value)) = RUNNERS.iter().find(|(n, _)| *n == name) else {
        return Vec::new();
    };
    let mut shared = Vec::new();
    let mut tasks = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let w = &rest[i];
        if w == "--" {
            // Arguments of the task (`task deploy -- prod`): never tasks of their own.
            return Vec::new();
        }
        if w.starts_with('-') {
            shared.push(w.clone());
            let next_is_value = takes_value.contains(&w.as_str())
                || (w == "-j"
                    && rest
                        .get(i + 1)
                        .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit())));
            if next_is_value && let Some(v) = rest.get(i + 1) {
                shared.push(v.clone());
                i += 1;
            }
        } else if w.contains('=') {
            shared.push(w.clone());
        } else {
            tasks.push(w.clone());
        }
        i += 1;
    }
    if tasks.len() < 2 {
        return Vec::new();
    }
    tasks
        .into_iter()
        .map(|t| {
            let mut one = shared.clone();
            one.push(t);
            one
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::each_task;

    /// A runner, its arguments, and the arguments of each task run alone.
    type Case = (
        &'static str,
        &'static [&'static str],
        &'static [&'static [&'static str]],
    );

    #[test]
    fn each_task_is_split_from_the_runners_options_and_variables() {
        let cases: &[Case] = &[
            ("rake", &["test", "db:drop"], &[&["test"], &["db:drop"]]),
            (
                "make",
                &["-C", "src", "-j", "4", "test", "install", "PREFIX=/usr"],
                &[
                    &["-C", "src", "-j", "4", "PREFIX=/usr", "test"],
                    &["-C", "src", "-j", "4", "PREFIX=/usr", "install"],
                ],
            ),
            (
                "make",
                &["-j", "test", "install"],
                &[&["-j", "test"], &["-j", "install"]],
            ),
            (
                "gradlew",
                &["-x", "lint", "test", "publish"],
                &[&["-x", "lint", "test"], &["-x", "lint", "publish"]],
            ),
            ("rake", &["test"], &[]),
            ("task", &["deploy", "--", "prod", "eu"], &[]),
            ("npm", &["test", "publish"], &[]),
        ];
        for (name, rest, want) in cases {
            let rest: Vec<String> = rest.iter().map(|s| (*s).to_string()).collect();
            let got = each_task(name, &rest);
            let want: Vec<Vec<String>> = want
                .iter()
                .map(|one| one.iter().map(|s| (*s).to_string()).collect())
                .collect();
            assert_eq!(got, want, "{name} {rest:?}");
        }
    }
}
