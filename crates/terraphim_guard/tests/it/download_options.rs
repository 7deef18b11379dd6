//! Session 46 (lead): wget's switches are not curl's valued options. Read with curl's list,
//! `wget -c URL` or `wget -r URL` skipped the URL as the option's value, so the host the line
//! contacts was never seen and a request to a host nobody answers for ran on the host.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn wget_switches_do_not_hide_the_host_after_them() {
    decide(&[
        (
            "wget -c https://mirror.example.net/data/set.tar.gz",
            Verdict::Sandbox,
        ),
        (
            "wget -r -np https://docs.example.org/guide/",
            Verdict::Sandbox,
        ),
        ("wget -m https://site.example.com/", Verdict::Sandbox),
        // Twins: a documented data host, and a valued option whose value is a file.
        (
            "wget -c https://ftp.ensembl.org/pub/current_gtf/x.gtf.gz",
            Verdict::Allow,
        ),
        (
            "wget -O data/set.tar.gz https://mirror.example.net/set.tar.gz",
            Verdict::Sandbox,
        ),
        (
            "wget -q -O data/x.json https://api.github.com/x",
            Verdict::Allow,
        ),
    ]);
}
