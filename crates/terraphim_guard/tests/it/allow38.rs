//! Ordinary developer commands that were confined for what they only look like: runners that
//! add a vault's secrets to a command, wrappers whose log file is a write, development TLS
//! files, data CLIs on project files, a draft release, module updates and migrations on this
//! machine. Each allowed form has a near form that stays confined or
//! denied. Decided by the default KG in a project below the home.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn the_project_s_nix_shell_runs_the_command_it_is_given() {
    decide(&[
        (
            "nix develop --command cargo test --workspace",
            Verdict::Allow,
        ),
        ("nix develop .#docs -c mdbook build", Verdict::Allow),
        ("nix develop --impure --command make check", Verdict::Allow),
        ("nix-shell --run 'pytest -q tests/unit'", Verdict::Allow),
        ("nix-shell --pure shell.nix --run make", Verdict::Allow),
        // the child decides: destructive denied, unknown confined
        ("nix develop --command rm -rf ~/Documents", Verdict::Deny),
        (
            "nix-shell --run 'git push --force origin main'",
            Verdict::Deny,
        ),
        ("nix develop -c ./tools/unknown-thing", Verdict::Sandbox),
        // somebody else's flake or packages, other code accepted, a file outside the project
        (
            "nix develop github:example/devshells#go --command go test ./...",
            Verdict::Sandbox,
        ),
        ("nix-shell -p nodejs --run 'node -v'", Verdict::Sandbox),
        (
            "nix develop --accept-flake-config --command make",
            Verdict::Sandbox,
        ),
        (
            "nix-shell /tmp/unpacked/shell.nix --run make",
            Verdict::Sandbox,
        ),
        ("nix-shell ../other/shell.nix --run make", Verdict::Sandbox),
    ]);
}

#[test]
fn bucket_downloads_into_scratch_directories_are_reads() {
    decide(&[
        (
            "aws s3 cp s3://team-data/samples/a.parquet ./tmp/samples/",
            Verdict::Allow,
        ),
        (
            "aws s3 sync s3://team-data/golden build/golden --only-show-errors",
            Verdict::Allow,
        ),
        (
            "gsutil -m rsync -r gs://eval-sets/v3 /tmp/eval-v3",
            Verdict::Allow,
        ),
        // into the project's own directories a copy may land a file a runner loads
        (
            "aws s3 cp s3://team-data/conftest.py tests/",
            Verdict::Sandbox,
        ),
        // uploads, deleting syncs and destinations outside the project are not
        (
            "aws s3 cp ./dist s3://site-bucket/ --recursive",
            Verdict::Sandbox,
        ),
        (
            "aws s3 sync s3://team-data/golden build/golden --delete",
            Verdict::Deny,
        ),
        ("aws s3 cp s3://team-data/rc ~/.bashrc", Verdict::Deny),
        (
            "gsutil cp gs://eval-sets/x.json ~/Downloads/",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn certificate_inspections_of_project_files_are_reads() {
    decide(&[
        (
            "step certificate inspect certs/dev.crt --short",
            Verdict::Allow,
        ),
        ("cfssl certinfo -cert tls/ca.crt", Verdict::Allow),
        (
            "step certificate inspect ~/.ssh/id_ed25519",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn a_database_reset_the_line_shows_is_local_runs() {
    decide(&[
        ("RAILS_ENV=test bin/rails db:reset", Verdict::Allow),
        (
            "RAILS_ENV=test bundle exec rake db:schema:load",
            Verdict::Allow,
        ),
        ("MIX_ENV=test mix ecto.reset && mix test", Verdict::Allow),
        (
            "DATABASE_URL=sqlite:///var/dev.sqlite3 python manage.py flush --noinput",
            Verdict::Allow,
        ),
        (
            "DB_HOST=localhost php artisan migrate:fresh --seed",
            Verdict::Allow,
        ),
        ("redis-cli -h 127.0.0.1 -n 3 FLUSHDB", Verdict::Allow),
        // the environment decides where a bare reset goes; another host or production stays
        ("bin/rails db:reset", Verdict::Deny),
        ("RAILS_ENV=production bin/rails db:reset", Verdict::Deny),
        (
            "RAILS_ENV=test DATABASE_URL=postgres://db.example.net/shop bin/rails db:reset",
            Verdict::Deny,
        ),
        ("DB_HOST=10.1.2.3 php artisan migrate:fresh", Verdict::Deny),
        ("redis-cli FLUSHALL", Verdict::Deny),
        ("redis-cli -h cache.example.net FLUSHALL", Verdict::Deny),
        (
            "MIX_ENV=test mix ecto.reset && rm -rf ~/notes",
            Verdict::Deny,
        ),
    ]);
}

#[test]
fn runners_that_add_secrets_are_judged_by_the_command_they_run() {
    decide(&[
        ("doppler run -- cargo nextest run", Verdict::Allow),
        ("conda run -n vision pytest tests/unit -q", Verdict::Allow),
        ("micromamba run -n vision make lint", Verdict::Allow),
        ("conda run -n vision rm -rf ~/datasets", Verdict::Deny),
        ("mamba run -n vision ./scripts/fetch.sh", Verdict::Sandbox),
        ("doppler run -c staging -- make lint", Verdict::Allow),
        ("op run --no-masking -- go vet ./...", Verdict::Allow),
        (
            "infisical run --env=qa -- pytest -x tests/api",
            Verdict::Allow,
        ),
        (
            "aws-vault exec dev-ro -- terraform validate",
            Verdict::Allow,
        ),
        ("aws-vault exec dev-ro terraform validate", Verdict::Allow),
        ("dotenv -- jest --ci", Verdict::Allow),
        ("direnv exec . go test ./pkg/...", Verdict::Allow),
        (
            "sops exec-env ops/ci.enc.yaml 'cargo test -p api'",
            Verdict::Allow,
        ),
        // the child decides: destructive denied, unknown confined
        ("doppler run -- rm -rf ~/Documents", Verdict::Deny),
        ("aws-vault exec admin -- rm -rf /srv/backups", Verdict::Deny),
        ("op run -- git push --force origin main", Verdict::Deny),
        (
            "sops exec-env ops/ci.enc.yaml 'rm -rf ~/Pictures'",
            Verdict::Deny,
        ),
        ("infisical run -- ./tools/unknown-thing", Verdict::Sandbox),
        (
            "sops exec-env ops/ci.enc.yaml './tools/unknown-thing'",
            Verdict::Sandbox,
        ),
        // the values printed or handed out, a shell string, no command, another .envrc
        ("doppler run -- printenv", Verdict::Sandbox),
        ("doppler run --command 'make test'", Verdict::Sandbox),
        ("aws-vault exec admin", Verdict::Sandbox),
        ("direnv exec ~/other-repo make deploy", Verdict::Sandbox),
        ("direnv exec /tmp/unpacked make", Verdict::Sandbox),
        ("sops -d ops/ci.enc.yaml", Verdict::Sandbox),
        ("sops exec-file ops/ci.enc.yaml 'cat {}'", Verdict::Sandbox),
        ("op read op://dev/db/password", Verdict::Sandbox),
    ]);
}

#[test]
fn a_wrappers_log_file_is_a_write_of_its_place() {
    decide(&[
        ("strace -f -o out/strace.txt cargo test", Verdict::Allow),
        ("ltrace -o calls.log ./target/debug/cli", Verdict::Allow),
        (
            "valgrind --log-file=vg.txt ./target/debug/cli",
            Verdict::Allow,
        ),
        ("time -o timings.txt cargo build", Verdict::Allow),
        (
            "perf record -o perf.data -- ./target/release/cli",
            Verdict::Allow,
        ),
        (
            "py-spy record -o out/flame.svg -- python3 -m pytest -q",
            Verdict::Allow,
        ),
        // a startup file, a system file, the home: as `>` there would be
        ("strace -o ~/.zshrc ls", Verdict::Deny),
        ("strace -f -o /etc/hosts ls", Verdict::Deny),
        ("ltrace -o ~/.profile true", Verdict::Deny),
        (
            "valgrind --log-file=/home/u/.bashrc ./target/debug/cli",
            Verdict::Deny,
        ),
        ("time -o ~/.bashrc cargo build", Verdict::Deny),
        ("perf record -o ~/notes/perf.data -- ls", Verdict::Deny),
        (
            "py-spy record -o ~/.bash_profile -- python3 -m pytest",
            Verdict::Deny,
        ),
        // the child is still the command
        (
            "py-spy record -o flame.svg -- rm -rf ~/Music",
            Verdict::Deny,
        ),
        ("time -o t.txt ./tools/unknown-thing", Verdict::Sandbox),
    ]);
}

#[test]
fn development_tls_files_of_the_project() {
    decide(&[
        (
            "openssl req -x509 -newkey rsa:3072 -nodes -keyout dev/certs/key.pem -out dev/certs/cert.pem -days 10 -subj '/CN=api.localhost'",
            Verdict::Allow,
        ),
        (
            "openssl genpkey -algorithm ed25519 -out dev/certs/k.pem",
            Verdict::Allow,
        ),
        ("openssl genrsa -out dev/certs/k.key 3072", Verdict::Allow),
        (
            "openssl ecparam -genkey -name secp384r1 -out dev/certs/ec.pem",
            Verdict::Allow,
        ),
        (
            "mkcert -cert-file dev/certs/web.pem -key-file dev/certs/web-key.pem localhost ::1",
            Verdict::Allow,
        ),
        (
            "openssl verify -CAfile dev/certs/ca.pem dev/certs/web.pem",
            Verdict::Allow,
        ),
        // a key printed, read from the home, written to the home; the trust stores changed
        ("openssl rsa -in dev/certs/k.pem -text", Verdict::Sandbox),
        ("openssl genpkey -algorithm ed25519", Verdict::Sandbox),
        ("openssl rsa -in ~/.ssh/id_rsa -text", Verdict::Sandbox),
        ("openssl genrsa -out ~/keys/prod.pem 4096", Verdict::Sandbox),
        ("openssl genrsa -out ~/.ssh/id_rsa 4096", Verdict::Sandbox),
        ("mkcert -install", Verdict::Sandbox),
        (
            "mkcert -install -cert-file dev/w.pem -key-file dev/w-key.pem localhost",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn data_clis_releases_and_migrations() {
    decide(&[
        (
            "csvsql --query 'select team, avg(score) from results group by team' data/results.csv",
            Verdict::Allow,
        ),
        ("in2csv data/budget.xlsx", Verdict::Allow),
        ("sqlite3 var/dev.db 'VACUUM;'", Verdict::Allow),
        (
            "gh release create v0.4.0 out/tool.tgz --draft --notes-file NOTES.md",
            Verdict::Allow,
        ),
        ("go get -u ./...", Verdict::Allow),
        (
            "diesel migration run --database-url postgres://localhost/notes_dev",
            Verdict::Allow,
        ),
        (
            "flyway -url=jdbc:postgresql://127.0.0.1:5432/notes -user=dev info",
            Verdict::Allow,
        ),
        ("dbt build --select +orders --target dev", Verdict::Allow),
        ("open -R out/Notes.zip", Verdict::Allow),
        (
            "osascript -e 'display notification \"build finished\" with title \"notes\"'",
            Verdict::Allow,
        ),
        // the near forms
        (
            "csvsql --db postgresql://db.example.net/app --insert data/results.csv",
            Verdict::Sandbox,
        ),
        (
            "sqlite3 var/dev.db \"VACUUM INTO '/tmp/x.db'\"",
            Verdict::Sandbox,
        ),
        ("sqlite3 var/dev.db 'DROP TABLE notes;'", Verdict::Deny),
        (
            // a forward makes a workload's port look local to later commands
            "kubectl port-forward svc/grafana 3300:3000 -n obs",
            Verdict::Sandbox,
        ),
        ("kubectl exec -it web-0 -- sh", Verdict::Sandbox),
        (
            "gh release create v0.4.0 out/tool.tgz --notes-file NOTES.md",
            Verdict::Sandbox,
        ),
        (
            "gh release create v0.4.0 --draft=false --generate-notes",
            Verdict::Sandbox,
        ),
        (
            "gh release create v0.4.0 ~/notes/todo.txt --draft",
            Verdict::Deny,
        ),
        ("gh release create v0.4.0 /etc/passwd -d", Verdict::Deny),
        ("go get -u golang.org/x/text", Verdict::Sandbox),
        (
            "diesel migration run --database-url postgres://db.example.net/notes",
            Verdict::Sandbox,
        ),
        (
            "flyway -url=jdbc:postgresql://localhost.example.net:5432/notes migrate",
            Verdict::Sandbox,
        ),
        ("dbt run --target prod", Verdict::Sandbox),
        (
            "dbt run-operation purge_schemas --target dev",
            Verdict::Sandbox,
        ),
        ("open -a Terminal tools/setup.command", Verdict::Sandbox),
        (
            "open https://downloads.example.net/tool.dmg",
            Verdict::Sandbox,
        ),
        (
            "osascript -e 'tell application \"Finder\" to empty trash'",
            Verdict::Sandbox,
        ),
        (
            "osascript -e 'display notification (do shell script \"rm -rf ~/Music\")'",
            Verdict::Deny,
        ),
    ]);
}
