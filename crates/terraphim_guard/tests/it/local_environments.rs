//! Session 42, issue 15: one local development environment the project defines and can make
//! again (a kind or k3d cluster named on the line, the Supabase local stack's database, the
//! working directory's Vagrant machines) is removed on the host; a sweep of every environment,
//! a machine id from elsewhere and a reset aimed at a remote database stay denied.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

#[test]
fn one_named_local_environment_is_removed_and_sweeps_stay_denied() {
    decide_in_project(&[
        ("kind delete cluster --name checkout-e2e", Allow),
        ("kind delete cluster", Allow),
        ("k3d cluster delete payments-dev", Allow),
        ("supabase db reset", Allow),
        ("supabase db reset --local", Allow),
        ("vagrant destroy -f", Allow),
        ("cd deploy/vm && vagrant destroy --force", Allow),
        // The twins: every cluster, every machine, a machine id, a remote database.
        ("kind delete clusters --all", Deny),
        ("kind delete clusters checkout-e2e payments-dev", Deny),
        ("k3d cluster delete --all", Deny),
        ("k3d cluster delete -a", Deny),
        ("supabase db reset --linked", Deny),
        (
            "supabase db reset --db-url postgresql://postgres@db.example.test:5432/postgres",
            Deny,
        ),
        ("vagrant destroy -f 4f9c2d1", Deny),
        (
            "vagrant global-status --prune | awk '/virtualbox/{print $1}' | xargs -n1 vagrant destroy -f",
            Deny,
        ),
        // A name a listing gives at run time is every cluster there is.
        (
            "kind get clusters | xargs -n1 kind delete cluster --name",
            Deny,
        ),
        (
            "for c in $(kind get clusters); do kind delete cluster --name \"$c\"; done",
            Deny,
        ),
        (
            "k3d cluster delete $(k3d cluster list -o json | jq -r '.[].name')",
            Deny,
        ),
        ("minikube delete --all --purge", Deny),
        ("colima delete --force", Deny),
        // Run on another machine: confined, as every remote command is.
        (
            "ssh ci@198.51.100.20 kind delete cluster --name nightly",
            Sandbox,
        ),
    ]);
}

#[test]
fn rake_task_arguments_name_the_database_environment() {
    decide_in_project(&[
        ("bundle exec rake db:reset RAILS_ENV=development", Allow),
        (
            "bin/rails db:drop db:create db:migrate RAILS_ENV=test",
            Allow,
        ),
        ("bundle exec rake db:reset RAILS_ENV=production", Deny),
        ("bin/rails db:reset", Deny),
        (
            "bin/rails db:reset RAILS_ENV=test DATABASE_URL=postgres://orders.example.net/app",
            Deny,
        ),
    ]);
}
