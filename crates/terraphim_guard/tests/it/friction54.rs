//! Session 54 (issue 15, friction on commands nobody tuned the guard to): a safe pattern's
//! `**` vouches for no operand as well as for many (`zowe profiles list`, `restic forget
//! --dry-run`); a relative path with a blank written as a directory (`"case/extracted
//! files/"`) is a path; the value of an option that names a thing of the tool's own (`--test-tags
//! /hr_custom`) is not the system's root. Each table holds the forms that keep their decision
//! beside the near-identical ones that change.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// A safe pattern `X **` vouches for whatever operands follow, none included: the bare
/// command (with options only) is what the entry allows. In the destructive and suspicious
/// tiers `**` still needs a word (`npm install **` is an install that names a package), and a
/// destructive flag the safe pattern does not name keeps its deny (`scancel --me`).
#[test]
fn safe_double_star_vouches_for_no_operand_too() {
    decide_in_project(&[
        // lowered from sandbox: read verbs and reads of known tools without operands
        ("zowe profiles list", Allow),
        ("zowe profiles list --rfj", Allow),
        ("zowe zos-files list", Allow),
        ("containerlab inspect", Allow),
        ("containerlab inspect --all", Allow),
        ("doveadm mailbox list", Allow),
        ("osqueryi --json", Allow),
        ("composer update --dry-run", Allow),
        // lowered from deny: the dry run of a destructive command without operands
        ("restic forget --dry-run", Allow),
        // as before
        ("git clean -f -n", Allow),
        ("npm publish --dry-run", Allow),
        ("kubectl delete --dry-run=client", Allow),
        ("git restore --staged", Allow),
        ("npm install", Allow),
        ("bundle install", Allow),
        // twins: the real runs, other operands, a destructive flag no safe pattern names
        ("restic forget", Deny),
        ("composer update", Sandbox),
        ("git clean -f", Deny),
        ("npm publish", Deny),
        ("git prune", Deny),
        ("scancel --me", Deny),
        ("npm install left-pad", Sandbox),
        ("git restore .", Deny),
        ("git push --force", Deny),
        ("tootctl accounts cull", Deny),
        ("pulumi destroy", Deny),
    ]);
}

/// A relative path with a blank in a component is a path also when it is written as a
/// directory, with its trailing `/`: `yara` over the project's folder allows, and the same
/// folder outside the project keeps its class.
#[test]
fn spaced_directories_with_a_trailing_slash_are_paths() {
    decide_in_project(&[
        // lowered from sandbox
        ("yara -r rules/ \"case/extracted files/\"", Allow),
        (
            "yara -s -w rules/webshells.yar \"case/extracted/var www/\" | head -n 100",
            Allow,
        ),
        // raised from sandbox: outside the project
        ("rm -rf \"../other proj/\"", Deny),
        // twins: outside the project, a deletion in it, a message
        ("yara -r rules/ \"/home/u/My Files/\"", Sandbox),
        ("yara -r rules/ \"../other case/\"", Sandbox),
        ("rm -rf \"case/extracted files/\"", Sandbox),
        ("git commit -m \"fix: a/b c/\"", Allow),
    ]);
}

/// The value of an option named for a tag, a route, a topic or an endpoint is a name of the
/// tool's own, so a leading `/` does not make it the system's (`odoo-bin --test-tags
/// /hr_custom`). A value under the system's own directories, the home or a temporary
/// directory, a value that climbs out, other options, and the programs that act on files by
/// their words (`rm`) keep their class.
#[test]
fn option_values_that_name_tags_or_routes_are_no_system_paths() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "odoo-bin -c odoo.conf -d dev_erp --test-enable --test-tags /hr_custom --stop-after-init --log-level=test",
            Allow,
        ),
        (
            "odoo-bin -c odoo.conf -d dev_erp --test-tags=/stock:TestPicking --stop-after-init",
            Allow,
        ),
        // twins
        (
            "odoo-bin -c odoo.conf -d dev_erp --test-tags /etc/passwd --stop-after-init",
            Sandbox,
        ),
        (
            "odoo-bin -c odoo.conf -d dev_erp --test-tags /home/u/x --stop-after-init",
            Sandbox,
        ),
        (
            "odoo-bin -c odoo.conf -d dev_erp --test-tags /../etc --stop-after-init",
            Sandbox,
        ),
        (
            "odoo-bin -c odoo.conf -d dev_erp --addons-path /srv/odoo/addons --stop-after-init",
            Sandbox,
        ),
        ("rm -rf --tags /data", Deny),
        ("rm -rf /data", Deny),
    ]);
}

/// An lftp batch that only lists a server of this machine or its private network and
/// downloads into the project runs on the host. Uploads (a reverse mirror, denied with
/// `--delete`), deletions on either side, settings, shell commands, local paths elsewhere and
/// hosts on the public Internet keep their decision.
#[test]
fn lftp_batches_that_download_into_the_project() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "lftp -e \"mirror --verbose /outbound ./partner_in/acme; bye\" sftp://edi@sftp.acme-partner.internal",
            Allow,
        ),
        (
            "lftp -e 'lcd inbox; mget *.edi; bye' sftp://edi@10.20.0.5",
            Allow,
        ),
        (
            "lftp -u edi -e 'cd /outbound; get -O partner_in invoice.x12; bye' sftp://sftp.acme-partner.internal",
            Allow,
        ),
        // twins
        (
            "lftp -e 'mirror -R ./outbound /inbound; bye' sftp://edi@sftp.acme-partner.internal",
            Sandbox,
        ),
        (
            "lftp -e 'mirror --delete /outbound partner_in; bye' sftp://edi@sftp.acme-partner.internal",
            Sandbox,
        ),
        (
            "lftp -e 'mirror /outbound ../elsewhere; bye' sftp://edi@sftp.acme-partner.internal",
            Sandbox,
        ),
        (
            "lftp -e 'mirror /outbound .git/hooks; bye' sftp://edi@sftp.acme-partner.internal",
            Sandbox,
        ),
        (
            "lftp -e 'set sftp:connect-program x; mirror /outbound in; bye' sftp://edi@sftp.acme-partner.internal",
            Sandbox,
        ),
        (
            "lftp -e 'put invoice.x12; bye' sftp://edi@sftp.acme-partner.internal",
            Sandbox,
        ),
        (
            "lftp -e 'mirror /outbound partner_in; bye' sftp://edi@files.example.com",
            Sandbox,
        ),
        (
            "lftp -f batch/pull.lftp sftp://edi@sftp.acme-partner.internal",
            Sandbox,
        ),
        (
            "lftp -e 'mirror -R --delete ./outbound /inbound/acme; bye' sftp://edi@sftp.acme-partner.internal",
            Deny,
        ),
    ]);
}

/// Saxon's home edition (no calls into Java) transforming project files into the project, and
/// a BaseX query the line spells that calls only XQuery's standard library, run on the host as
/// `xsltproc` does. Editions with Java calls, files elsewhere, initializer classes, extensions,
/// queries that run programs, write or delete files, drop databases or call Java, query files
/// and database commands stay confined.
#[test]
fn xml_transforms_and_queries_of_the_project() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "java -jar tools/saxon-he.jar -s:tei/corpus.xml -xsl:xsl/index.xsl -o:build/index.html",
            Allow,
        ),
        (
            "saxon -s:tei/letter042.xml -xsl:xsl/letter.xsl -o:build/letter042.html lang=en",
            Allow,
        ),
        ("basex -i tei/letter042.xml \"count(//*:persName)\"", Allow),
        (
            "basex -i tei/corpus.xml 'for $p in //*:persName return string($p)'",
            Allow,
        ),
        // twins
        (
            "java -jar tools/saxon-ee.jar -s:tei/corpus.xml -xsl:xsl/index.xsl -o:build/index.html",
            Sandbox,
        ),
        (
            "java -jar tools/saxon-he.jar -s:tei/corpus.xml -xsl:/tmp/x.xsl -o:build/index.html",
            Sandbox,
        ),
        (
            "java -jar tools/saxon-he.jar -s:tei/corpus.xml -xsl:xsl/index.xsl -o:/etc/cron.d/x",
            Sandbox,
        ),
        (
            "java -jar tools/saxon-he.jar -init:com.example.Init -s:tei/corpus.xml -xsl:xsl/index.xsl",
            Sandbox,
        ),
        (
            "saxon -ext:on -s:tei/corpus.xml -xsl:xsl/index.xsl -o:build/index.html",
            Sandbox,
        ),
        ("basex -i tei/letter042.xml \"proc:system('id')\"", Sandbox),
        (
            "basex -i tei/letter042.xml \"file:write('notes.txt', count(//x))\"",
            Sandbox,
        ),
        ("basex -i tei/letter042.xml queries/report.xq", Sandbox),
        ("basex -c 'DROP DB letters'", Sandbox),
    ]);
}
