//! Session 42, issue 15: native toolchain work (compiler cache statistics, crash lists, fuzz
//! targets, coverage reports, installs staged in the project, `patchelf` of the project's
//! binaries) runs on the host; a cache emptied outside the project, an install without a
//! project prefix, a package the line names and a binary outside the project stay confined; a
//! tracer attached to a web browser is denied as one attached to a credential agent is.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

#[test]
fn cache_statistics_and_crash_lists_print_and_clearing_stays_confined() {
    decide_in_project(&[
        ("ccache -s", Allow),
        ("ccache -z && cmake --build build -j4 && ccache -s", Allow),
        ("sccache --show-stats", Allow),
        ("pip cache info", Allow),
        ("coredumpctl list --no-pager", Allow),
        ("ccache -C", Sandbox),
        ("coredumpctl dump 4121 -o core.4121", Sandbox),
    ]);
}

#[test]
fn fuzz_targets_and_coverage_reports_of_the_project_run() {
    decide_in_project(&[
        ("cargo fuzz run tokenizer -- -max_total_time=30", Allow),
        ("cargo fuzz build", Allow),
        ("coverage report -m", Allow),
        ("coverage html -d build/cov-html", Allow),
        (
            "llvm-profdata merge -sparse out/a.profraw -o out/a.profdata",
            Allow,
        ),
        (
            "llvm-cov report ./build/tokenizer_fuzz -instr-profile=out/a.profdata",
            Allow,
        ),
        // A report written outside the project is a write outside.
        ("coverage html -d /srv/www/coverage", Sandbox),
        ("cargo fuzz init", Sandbox),
    ]);
}

#[test]
fn installs_staged_in_the_project_run_and_others_stay_confined() {
    decide_in_project(&[
        ("cmake --install build --prefix dist", Allow),
        ("cmake --install build/release --prefix=./out/pkg", Allow),
        ("patchelf --set-rpath '$ORIGIN/lib' dist/bin/tool", Allow),
        ("patchelf --print-needed build/tool", Allow),
        (
            "conan install . --output-folder=build/deps --build=missing",
            Allow,
        ),
        // Where the build was configured to install, a system prefix, a foreign binary.
        ("cmake --install build", Sandbox),
        ("cmake --install build --prefix /usr/local", Sandbox),
        (
            "patchelf --set-interpreter /lib64/ld-linux-x86-64.so.2 build/tool",
            Sandbox,
        ),
        ("patchelf --set-rpath /tmp/libs /usr/bin/ssh", Deny),
        (
            "conan install --requires=fmt/10.2.1 --build=missing",
            Sandbox,
        ),
    ]);
}

#[test]
fn tracing_a_web_browser_is_denied() {
    decide_in_project(&[
        (
            "strace -f -e trace=read -s 4096 -p $(pgrep -n chromium) -o /tmp/c.txt",
            Deny,
        ),
        (
            "gdb -p $(pidof firefox) -batch -ex 'gcore /tmp/ff.core'",
            Deny,
        ),
        ("gcore $(pgrep -n brave)", Deny),
        // The project's own program under a tracer is not a browser: it runs.
        (
            "strace -f -o build/trace.txt ./build/server --selftest",
            Allow,
        ),
    ]);
}

#[test]
fn core_dumps_of_setuid_programs_and_piped_core_patterns_are_denied() {
    decide_in_project(&[
        (
            "ulimit -c unlimited && sudo sysctl -w fs.suid_dumpable=2",
            Deny,
        ),
        ("echo 1 | sudo tee /proc/sys/fs/suid_dumpable", Deny),
        (
            "sudo sysctl -w kernel.core_pattern='|/var/tmp/grab.sh %p'",
            Deny,
        ),
        // A core pattern naming a file is a settings change like others: confined.
        ("sudo sysctl -w kernel.core_pattern=core.%e.%p", Sandbox),
    ]);
}
