//! Families of developer tools the KG did not know (the blind15 round): debuggers and
//! profilers of the project's programs, security scanners of the project, static site builds,
//! load tests of this machine, schema migrations with the project's own configuration and
//! release previews. Each table holds the forms the entries allow and the nearby forms that
//! stay confined or denied.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

#[test]
fn debuggers_of_the_project_s_programs_are_allowed_and_attaching_stays_confined() {
    decide_in_project(&[
        ("gdb -batch -ex 'bt full' ./build/parser core.1207", Allow),
        (
            "gdb -q -batch -ex run -ex bt --args ./build/parser --file fixtures/bad.txt",
            Allow,
        ),
        ("lldb --batch -o run -o bt -- ./target/debug/app", Allow),
        ("heaptrack ./build/bench --iterations 10", Allow),
        ("py-spy dump --pid 4121", Allow),
        ("py-spy record -o profile.svg --pid 4121", Allow),
        ("dmesg -T | tail -n 40", Allow),
        ("tcpdump -i lo -n -c 20 'port 3000'", Allow),
        ("tcpdump -i lo -w capture.pcap port 8080", Allow),
        // another program, code in a debugger command, a process by its id, other interfaces
        ("gdb -batch -ex run ./scripts/tool", Sandbox),
        ("gdb -batch -ex run /tmp/tool", Sandbox),
        ("gdb -batch -ex 'python print(1)' ./build/app", Sandbox),
        ("gdb -p 4121 -batch -ex 'info threads'", Sandbox),
        ("gdb --pid=4121 -batch -ex bt ./build/app", Sandbox),
        ("strace -p 9912 -e trace=openat", Sandbox),
        ("py-spy record -o profile.svg -- python3 app.py", Sandbox),
        // its output onto a system file is the redirect it equals
        ("py-spy record -o /etc/x.svg --pid 4121", Deny),
        ("dmesg -C", Sandbox),
        ("sudo dmesg -T", Sandbox),
        ("tcpdump -i eth0 -c 50", Sandbox),
        ("tcpdump -i any -w capture.pcap", Sandbox),
        ("tcpdump -i lo -w ~/capture.pcap port 8080", Sandbox),
        ("gdb -batch -ex 'shell rm -rf ~' ./build/app", Deny),
    ]);
}

#[test]
fn security_scanners_of_the_project_are_allowed() {
    decide_in_project(&[
        (
            "semgrep --config auto --json -o reports/semgrep.json .",
            Allow,
        ),
        ("gitleaks detect --source . --redact --no-banner", Allow),
        ("trufflehog filesystem . --no-update", Allow),
        ("trivy image --severity HIGH app:dev", Allow),
        ("grype dir:. -o json --file reports/grype.json", Allow),
        ("syft . -o spdx-json=sbom.json", Allow),
        ("osv-scanner --lockfile=package-lock.json", Allow),
        ("safety check -r requirements.txt", Allow),
        ("govulncheck ./...", Allow),
        // results sent to a service, scans of the home
        ("semgrep ci", Sandbox),
        ("semgrep publish rules/", Sandbox),
        ("gitleaks detect --source ~ --no-banner", Sandbox),
        ("trufflehog filesystem ~/.aws", Sandbox),
        ("npm audit fix --force", Sandbox),
    ]);
}

#[test]
fn static_sites_build_and_serve_on_loopback() {
    decide_in_project(&[
        ("hugo --minify --destination public", Allow),
        ("hugo server --bind 127.0.0.1 --port 1400 -D", Allow),
        ("jekyll build --destination _site", Allow),
        ("zola build", Allow),
        ("docusaurus build", Allow),
        // every interface, a foreign output, a deploy
        ("hugo server --bind 0.0.0.0", Sandbox),
        ("hugo --destination ~/public", Sandbox),
        ("hugo deploy --target production", Sandbox),
        ("mkdocs gh-deploy --force", Sandbox),
    ]);
}

#[test]
fn load_tests_of_this_machine_are_allowed_and_of_others_confined() {
    decide_in_project(&[
        ("wrk -t2 -c16 -d10s http://localhost:8000/ping", Allow),
        ("ab -n 500 -c 10 http://localhost:8080/api/health", Allow),
        ("hey -z 10s -c 20 http://localhost:8080/", Allow),
        ("oha -n 1000 http://127.0.0.1:3000/", Allow),
        (
            "locust --headless -u 20 -r 5 -t 30s -H http://localhost:8089 -f loadtest/locustfile.py",
            Allow,
        ),
        (
            "k6 run -e API=http://127.0.0.1:8000 --vus 5 --duration 10s perf/smoke.js",
            Allow,
        ),
        // another host, a host behind a user part, a proxy, a script, the cloud
        ("wrk -t2 -c32 -d30s https://api.example.org/", Sandbox),
        ("ab -n 100 http://localhost.example.com/", Sandbox),
        ("wrk -c 10 http://localhost:80@load.example.net/", Sandbox),
        (
            "ab -X proxy.example.net:3128 -n 100 http://localhost:3000/",
            Sandbox,
        ),
        ("wrk -s /tmp/x.lua http://127.0.0.1:8080/", Sandbox),
        ("k6 run /tmp/loadtest/checkout.js", Sandbox),
        (
            "k6 run --out cloud -e BASE_URL=http://localhost:3000 loadtest/checkout.js",
            Sandbox,
        ),
    ]);
}

#[test]
fn schema_migrations_with_the_project_s_configuration_are_allowed() {
    decide_in_project(&[
        ("alembic current && alembic upgrade head", Allow),
        (
            "alembic revision --autogenerate -m \"add users email index\"",
            Allow,
        ),
        ("alembic downgrade -1", Allow),
        ("pnpm prisma migrate dev --name add_cart_totals", Allow),
        ("yarn knex migrate:latest", Allow),
        ("sqlx migrate add -r create_sessions", Allow),
        ("diesel migration run", Allow),
        ("flyway info", Allow),
        ("goose create add_users sql", Allow),
        // a database or configuration the line names, resets and drops
        (
            "diesel migration run --database-url postgres://db.staging.example.net/blog",
            Sandbox,
        ),
        (
            "alembic -x dburl=postgresql://svc@pg.example.net/orders upgrade head",
            Sandbox,
        ),
        ("alembic -c /tmp/alembic.ini upgrade head", Sandbox),
        // a database named in a variable before the command
        (
            "DATABASE_URL=postgres://dev@localhost/orders alembic upgrade head",
            Allow,
        ),
        (
            "ORDERS_DATABASE_URL=postgres://svc@db.example.net/orders alembic upgrade head",
            Sandbox,
        ),
        ("DATABASE_URL=\"$STAGING_DB\" alembic upgrade head", Sandbox),
        (
            "flyway -url=jdbc:postgresql://pg.example.net:5432/inventory -user=dev migrate",
            Sandbox,
        ),
        // a runner that fetches the tool when the project has none
        ("npx prisma migrate dev --name add_carts", Sandbox),
        ("npx semantic-release --no-ci --dry-run", Sandbox),
        ("alembic downgrade base", Deny),
        ("prisma migrate reset --force", Deny),
        ("flyway clean", Deny),
    ]);
}

#[test]
fn release_previews_and_version_bumps_stay_local() {
    decide_in_project(&[
        ("cargo release minor --no-push --no-publish", Allow),
        ("npm version patch --no-git-tag-version", Allow),
        ("pnpm changeset status", Allow),
        ("pnpm changeset version && git status --short", Allow),
        ("semantic-release --dry-run --no-ci", Allow),
        ("ncu --target patch", Allow),
        // the release carried out, the manifest rewritten
        ("cargo release patch --execute", Sandbox),
        ("ncu -u", Sandbox),
        ("npm version minor", Sandbox),
    ]);
}

#[test]
fn a_package_manager_running_a_project_program_is_no_typosquat() {
    decide_in_project(&[
        // pnpm, yarn and bun run the project's installed program by name and fetch nothing
        ("pnpm changeset status", Allow),
        ("yarn changeset status", Allow),
        // fetch-and-run and installs still compare the names
        ("pnpm dlx changeset status", Deny),
        ("npx changeset status", Deny),
        ("yarn dlx changeset", Deny),
        ("bunx esilnt .", Deny),
        ("uvx ruffe check .", Deny),
        ("pnpm add changeset", Deny),
    ]);
}
