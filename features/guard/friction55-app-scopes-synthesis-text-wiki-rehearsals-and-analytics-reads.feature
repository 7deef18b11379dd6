Feature: app scopes in a Rails runner, Yosys command text, wiki bot rehearsals and analytics reads
  A Rails runner that prints an allow-listed read through a named scope of the app's model,
  against the development or test database the line names, runs on the host; a scope last, a
  name that writes or sends, the connection, and production or an unnamed environment stay
  confined. Yosys's -p text of synthesis, read and report commands runs on the host as its
  script file does; a shell escape, Tcl or a path outside stays confined. pywikibot's -simulate
  saves nothing to the wiki; GoatCounter's pending-migration listing changes nothing.

  Scenario Outline: reads and rehearsals run on the host; the runs that change things keep their decision
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                      | verdict |
      | bundle exec rails runner -e development 'puts Issue.open.count'              | allow   |
      | bundle exec rails runner 'puts Issue.open.count'                             | sandbox |
      | bin/rails runner -e production 'puts Issue.open.count'                       | sandbox |
      | bundle exec rails runner -e development 'puts Issue.purge_stale.count'       | sandbox |
      | yosys -q -p 'synth_ice40 -top top -json build/top.json' rtl/top.v            | allow   |
      | yosys -p 'read_verilog rtl/top.v; shell'                                     | sandbox |
      | yosys -p 'synth_ice40 -top top -json ~/x.json' rtl/top.v                     | sandbox |
      | python pwb.py replace -cat:Typos 'recieve' 'receive' -simulate               | allow   |
      | python pwb.py replace -cat:Typos 'recieve' 'receive' -always                 | deny    |
      | python pwb.py mybot -simulate                                                | sandbox |
      | goatcounter db migrate pending -db 'sqlite+db/goatcounter.sqlite3'           | allow   |
      | goatcounter db migrate all -db 'sqlite+db/goatcounter.sqlite3'               | sandbox |
