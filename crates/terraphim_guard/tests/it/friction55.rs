//! Session 55 (issue 15, friction on commands nobody tuned the guard to): a Rails runner that
//! prints a read through the app's own scope (`Issue.open.count`), Yosys commands written on
//! the line with `-p`, pywikibot's `-simulate` rehearsals and GoatCounter's pending-migration
//! listing. Each table holds the forms that keep their decision beside the near-identical
//! ones that change.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// A named scope of the app's model before an allow-listed read, run against the development
/// or test database the line names, is the project's declared query; a scope last, a name that
/// writes or sends, the connection, and a runner of production or unnamed environment stay
/// confined.
#[test]
fn rails_runner_prints_a_read_through_an_app_scope() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "bundle exec rails runner -e development 'puts Issue.open.count'",
            Allow,
        ),
        (
            "RAILS_ENV=test bin/rails runner 'pp Ticket.recent.pluck(:id, :title)'",
            Allow,
        ),
        // as before: allow-listed reads alone, whatever the environment
        ("bin/rails runner 'puts Issue.count'", Allow),
        // twins: no named development or test database, Zammad's production runner
        ("bundle exec rails runner 'puts Issue.open.count'", Sandbox),
        (
            "bin/rails runner -e production 'puts Issue.open.count'",
            Sandbox,
        ),
        (
            "RAILS_ENV=production bin/rails runner 'puts Issue.open.count'",
            Sandbox,
        ),
        ("zammad run rails r 'puts Ticket.open.count'", Sandbox),
        (
            "bundle exec rails runner -e development 'puts Issue.open'",
            Sandbox,
        ),
        (
            "bundle exec rails runner -e development 'puts Issue.open.update_all(state: 2)'",
            Deny,
        ),
        (
            "bundle exec rails runner 'puts Issue.purge_stale.count'",
            Sandbox,
        ),
        (
            "bundle exec rails runner 'puts Issue.send(:destroy_all).count'",
            Deny,
        ),
        (
            "bundle exec rails runner -e development 'puts Issue.connection.execute(1).count'",
            Sandbox,
        ),
    ]);
}

/// Yosys's `-p` text of synthesis, read and report commands runs on the host as its script
/// file does; a shell escape, Tcl, a path outside or an operand outside stays confined.
#[test]
fn yosys_commands_on_the_line() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "yosys -q -p 'synth_ice40 -top top -json build/top.json' rtl/top.v",
            Allow,
        ),
        (
            "yosys -p 'read_verilog rtl/top.v; synth_ecp5 -top top -json build/top.json'",
            Allow,
        ),
        // as before
        (
            "yosys -q -s scripts/synth.ys -o build/top.json rtl/top.v",
            Allow,
        ),
        // twins
        ("yosys -p 'read_verilog rtl/top.v; shell'", Sandbox),
        (
            "yosys -p 'synth_ice40 -top top; !make flash' rtl/top.v",
            Sandbox,
        ),
        (
            "yosys -p 'synth_ice40 -top top -json ~/x.json' rtl/top.v",
            Sandbox,
        ),
        (
            "yosys -p 'synth_ice40 -top top' /home/u/other/top.v",
            Sandbox,
        ),
        ("yosys -p 'tcl scripts/x.tcl' rtl/top.v", Sandbox),
    ]);
}

/// pywikibot's `-simulate` saves nothing to the wiki; without it `delete` and `-always` stay
/// denied, and another script with `-simulate` is still the project's code.
#[test]
fn wiki_bot_rehearsals_and_analytics_reads() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "python pwb.py replace -cat:Typos 'recieve' 'receive' -simulate",
            Allow,
        ),
        ("python pwb.py delete -cat:Drafts -always -simulate", Allow),
        (
            "goatcounter db migrate pending -db 'sqlite+db/goatcounter.sqlite3'",
            Allow,
        ),
        // twins
        (
            "python pwb.py replace -cat:Typos 'recieve' 'receive' -always",
            Deny,
        ),
        ("python pwb.py delete -cat:Drafts -always", Deny),
        (
            "python pwb.py replace -cat:Typos 'recieve' 'receive'",
            Sandbox,
        ),
        ("python pwb.py mybot -simulate", Sandbox),
        (
            "goatcounter db migrate all -db 'sqlite+db/goatcounter.sqlite3'",
            Sandbox,
        ),
        ("goatcounter db delete site -find 1", Deny),
    ]);
}
