Feature: bare reads of known tools, spaced directories, option values that name the tool's own things, and download batches
  A safe pattern's `**` vouches for whatever operands follow, none included, so a known read
  or dry run without operands runs on the host; in the destructive and suspicious tiers `**`
  still needs a word, and a destructive flag no safe pattern names keeps its deny. A relative
  path with a blank written as a directory, with its trailing slash, is a path. The value of an
  option named for a tag, a route, a topic or an endpoint is a name of the tool's own, not the
  system's root; a value under the system's own directories, the home or a temporary
  directory, and the words of programs that act on files keep their class. An lftp batch that
  only reads a server of this machine or its private network and downloads into the project
  runs on the host; uploads, deletions, settings, shell commands and public hosts do not.
  Saxon's home edition on the project's files, and a BaseX query the line spells that calls
  only XQuery's standard library, run on the host as xsltproc does.

  Scenario Outline: a safe pattern with ** allows the bare read or dry run; the real runs keep their decision
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                   | verdict |
      | zowe profiles list        | allow   |
      | containerlab inspect      | allow   |
      | doveadm mailbox list      | allow   |
      | restic forget --dry-run   | allow   |
      | composer update --dry-run | allow   |
      | restic forget             | deny    |
      | composer update           | sandbox |
      | scancel --me              | deny    |
      | npm install left-pad      | sandbox |
      | npm publish               | deny    |

  Scenario Outline: a spaced directory of the project is a path; outside the project it keeps its class
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                        | verdict |
      | yara -r rules/ 'case/extracted files/'         | allow   |
      | yara -r rules/ '/home/u/My Files/'             | sandbox |
      | rm -rf 'case/extracted files/'                 | sandbox |
      | rm -rf '../other proj/'                        | deny    |

  Scenario Outline: a test tag is no system path; the system's directories and file tools keep their class
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                              | verdict |
      | odoo-bin -c odoo.conf -d dev_erp --test-enable --test-tags /hr_custom --stop-after-init | allow   |
      | odoo-bin -c odoo.conf -d dev_erp --test-tags=/stock:TestPicking --stop-after-init       | allow   |
      | odoo-bin -c odoo.conf -d dev_erp --test-tags /etc/passwd --stop-after-init              | sandbox |
      | odoo-bin -c odoo.conf -d dev_erp --test-tags /home/u/x --stop-after-init                | sandbox |
      | rm -rf --tags /data                                                                     | deny    |

  Scenario Outline: an lftp batch that downloads into the project from a private host runs on the host
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                           | verdict |
      | lftp -e 'mirror --verbose /outbound ./partner_in/acme; bye' sftp://edi@sftp.acme-partner.internal | allow   |
      | lftp -e 'lcd inbox; mget *.edi; bye' sftp://edi@10.20.0.5                                         | allow   |
      | lftp -e 'mirror -R ./outbound /inbound; bye' sftp://edi@sftp.acme-partner.internal                | sandbox |
      | lftp -e 'mirror --delete /outbound partner_in; bye' sftp://edi@sftp.acme-partner.internal         | sandbox |
      | lftp -e 'mirror /outbound ../elsewhere; bye' sftp://edi@sftp.acme-partner.internal                | sandbox |
      | lftp -e 'set sftp:connect-program x; mirror /outbound in; bye' sftp://edi@sftp.acme-partner.internal | sandbox |
      | lftp -e 'mirror /outbound partner_in; bye' sftp://edi@files.example.com                           | sandbox |
      | lftp -e 'mirror -R --delete ./outbound /inbound/acme; bye' sftp://edi@sftp.acme-partner.internal  | deny    |

  Scenario Outline: Saxon's home edition and standard BaseX queries on the project's files run on the host
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                    | verdict |
      | java -jar tools/saxon-he.jar -s:tei/corpus.xml -xsl:xsl/index.xsl -o:build/index.html      | allow   |
      | basex -i tei/letter042.xml 'count(//*:persName)'                                           | allow   |
      | java -jar tools/saxon-ee.jar -s:tei/corpus.xml -xsl:xsl/index.xsl -o:build/index.html      | sandbox |
      | java -jar tools/saxon-he.jar -s:tei/corpus.xml -xsl:/tmp/x.xsl -o:build/index.html         | sandbox |
      | basex -i tei/letter042.xml 'proc:system(1)'                                                | sandbox |
      | basex -i tei/letter042.xml queries/report.xq                                               | sandbox |
