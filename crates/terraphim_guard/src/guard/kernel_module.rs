//! An out-of-tree kernel module built against the running kernel's build tree (rule
//! `kernel_module_build`): `make -C /lib/modules/$(uname -r)/build M=$PWD modules` (or
//! `clean`). `make -C DIR` outside the project is `toolchain runs a program` (the Makefile there
//! is not the project's); for the kernel's own build tree, installed by the distribution's
//! headers package, the Makefile is the system's, reads only that tree and writes only the
//! directory `M=` names: the project. Installing the module (`modules_install`, which writes
//! `/lib/modules` and runs `depmod`), another target, a module directory outside the project or
//! an assignment that changes what runs (`CC=`, `CROSS_COMPILE=`) keeps the line confined.

use crate::parse::SimpleCommand;

/// The kernel build trees distributions install with their headers packages.
const KERNEL_BUILD_TREES: &[&str] = &["/lib/modules/", "/usr/lib/modules/", "/usr/src/"];

/// Targets of the kernel's module Makefile that build, clean or describe the module in `M=`.
const MODULE_TARGETS: &[&str] = &["modules", "clean", "help"];

/// How a line names the working directory as `M=`'s value.
const WORKING_DIRECTORY: &[&str] = &["$PWD", "${PWD}", "$(pwd)", "`pwd`", ".", "./"];

/// Whether `cmd` builds or cleans an out-of-tree module of the working directory against a
/// kernel build tree (see the module doc).
pub(crate) fn kernel_module_build(cmd: &SimpleCommand) -> bool {
    if !matches!(cmd.name(), "make" | "gmake") {
        return false;
    }
    let mut tree = false;
    let mut module_dir = false;
    let mut words = cmd.argv.iter().skip(1);
    while let Some(word) = words.next() {
        let dir = match word.as_str() {
            "-C" | "--directory" => words.next().map(String::as_str),
            w => w
                .strip_prefix("--directory=")
                .or_else(|| w.strip_prefix("-C").filter(|d| !d.is_empty())),
        };
        if let Some(dir) = dir {
            if tree || !kernel_build_tree(dir) {
                return false;
            }
            tree = true;
            continue;
        }
        if let Some(value) = word.strip_prefix("M=") {
            if module_dir || !WORKING_DIRECTORY.contains(&value) && !project_relative(value) {
                return false;
            }
            module_dir = true;
            continue;
        }
        let quiet = matches!(word.as_str(), "-s" | "-k" | "--silent" | "--keep-going")
            || jobs(word)
            || ["V=", "W="]
                .iter()
                .any(|p| word.strip_prefix(p).is_some_and(digits));
        if quiet || MODULE_TARGETS.contains(&word.as_str()) {
            continue;
        }
        // `-j 8`: the count is the option's own word.
        if digits(word) {
            continue;
        }
        return false;
    }
    tree && module_dir
}

/// `/lib/modules/$(uname -r)/build`, `/usr/src/linux-headers-6.8.0-31-generic`: a kernel build
/// tree, spelled without climbing out of it.
fn kernel_build_tree(dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    if dir.split('/').any(|c| c == "..") {
        return false;
    }
    KERNEL_BUILD_TREES.iter().any(|root| {
        dir.strip_prefix(root).is_some_and(|rest| {
            if *root == "/usr/src/" {
                let tree = rest
                    .strip_prefix("linux-headers-")
                    .or_else(|| rest.strip_prefix("kernels/"))
                    .unwrap_or(rest);
                (rest == "linux" || tree != rest)
                    && tree
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+'))
            } else {
                // The running kernel's (`$(uname -r)`) or a version the line spells.
                rest.strip_suffix("/build").is_some_and(|version| {
                    matches!(version, "$(uname -r)" | "`uname -r`")
                        || !version.is_empty()
                            && version.chars().all(|c| {
                                c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+')
                            })
                })
            }
        })
    })
}

/// A relative directory of the project (`drivers/foo`): no variable, no climb out.
fn project_relative(value: &str) -> bool {
    !value.is_empty()
        && !value.starts_with(['/', '~', '-'])
        && !value.contains(['$', '`', '*', '?'])
        && !value.split('/').any(|c| c == "..")
}

/// `-j`, `-j8`, `--jobs=8`.
fn jobs(word: &str) -> bool {
    word == "-j"
        || word == "--jobs"
        || word.strip_prefix("-j").is_some_and(digits)
        || word.strip_prefix("--jobs=").is_some_and(digits)
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}
