Feature: project files sent to this machine's server, package versions asked inline, research data formats, compile-then-run and tool families
  A request to a loopback address whose body is a file of the project or its build output is
  the request the line spells, as an inline body is: the data is the project's own. A secret,
  a key file, the home's or the system's files, a temporary file, another host, a proxy and a
  DELETE keep their decision, since a loopback port may be a tunnel to a shared or production
  service. Inline code that only asks an installed package for its version runs on the host;
  any other use of a module no list names stays confined. A known tool's output written into a
  text file of research data (`.bed`, `.vcf`, `.pdb`, `.geojson`) is the file the name
  promises. A program that a native compiler of the project built earlier on the line is the
  project's build output, also where a process substitution runs it. JavaScript asset builders and reports, graph and device tree
  compilers, rosdep's reads, Magento's read verbs and cache housekeeping are known on the
  project's own files.

  Scenario Outline: a project file sent to a loopback address runs on the host; secrets, other hosts and deletes do not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                       | verdict |
      | curl -s -X POST --data @build/bundles/tx-0001.json http://localhost:8080/fhir \| jq .total     | allow   |
      | curl -s -X POST http://localhost:8042/instances --data-binary @data/ct/IM0001.dcm              | allow   |
      | curl -s -F file=@build/export/labels.json http://localhost:8080/api/projects/3/import          | allow   |
      | curl -T build/site.tar.gz http://localhost:9000/upload/site.tar.gz                             | sandbox |
      | curl -s -d @.env http://localhost:8080/config                                                  | deny    |
      | curl -s -F key=@certs/server.key http://localhost:8080/upload                                  | sandbox |
      | curl -s -d @/tmp/dump.json http://localhost:8080/x                                             | sandbox |
      | curl -s -X POST --data @build/bundles/tx.json https://fhir.example.org/fhir                    | sandbox |
      | curl -s -x http://proxy.example.net:3128 -d @build/a.json http://localhost:8080/x              | sandbox |
      | curl -X DELETE http://localhost:9200/my-index                                                  | deny    |
      | curl -X POST http://localhost:9200/logs/_delete_by_query -d @fixtures/q.json                   | deny    |

  Scenario: inline Python that asks installed packages for their versions runs on the host
    When I check the command:
      """
      python3 -c "import torch; print(torch.__version__, torch.cuda.is_available())"
      """
    Then the verdict is allow

  Scenario: inline JavaScript that reads an installed package's version runs on the host
    When I check the command:
      """
      node -e "console.log(require('lodash').VERSION, require('react/package.json').version)"
      """
    Then the verdict is allow

  Scenario: inline Python that calls a module it only imports stays confined
    When I check the command:
      """
      python3 -c "import torch; print(torch.load('model.pt'))"
      """
    Then the verdict is sandbox

  Scenario: inline Python that uses a module as a value stays confined
    When I check the command:
      """
      python3 -c "import shutil as s; x = s; x.copy('a', 'b')"
      """
    Then the verdict is sandbox

  Scenario: inline JavaScript that calls a required package stays confined
    When I check the command:
      """
      node -e "console.log(require('lodash').template('x')())"
      """
    Then the verdict is sandbox

  Scenario Outline: a known tool's output written into a research data file of the project
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                      | verdict |
      | bedtools sort -i results/peaks/ctcf.bed > results/peaks/ctcf.sorted.bed                       | allow   |
      | grep -v ^# data/calls.vcf > data/calls.body.vcf                                               | allow   |
      | sort -k1,1 data/a.bed > data/a.sorted.txt                                                     | sandbox |
      | grep -v ^# data/calls.vcf > tools/filter.py                                                   | sandbox |
      | mytool data/a.bed > data/b.bed                                                                | sandbox |

  Scenario Outline: a program a native compiler built earlier on the line is the project's build output
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                      | verdict |
      | cobc -x -o build/payroll src/payroll.cbl && ./build/payroll < tests/payroll.in                 | allow   |
      | diff <(./target/release/app --dump) tests/app.expected                                        | allow   |
      | cp /tmp/x build/payroll && ./build/payroll                                                    | sandbox |
      | diff <(./tools/gen.sh) tests/gen.expected                                                     | sandbox |

  Scenario Outline: asset builders, reports, converters and read verbs on the project's own files
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                      | verdict |
      | npx tailwindcss -i src/input.css -o build/output.css --minify                                 | allow   |
      | npx webpack-bundle-analyzer dist/stats.json dist -m static -r reports/bundle.html -O          | allow   |
      | npx c8 report --reporter=text                                                                 | allow   |
      | dot -Tsvg docs/arch.dot -o build/arch.svg                                                     | allow   |
      | dtc -I dts -O dtb -o build/overlay.dtbo dts/overlay.dts                                       | allow   |
      | rosdep check --from-paths src --ignore-src                                                    | allow   |
      | bin/magento cache:flush && bin/magento cache:status                                           | allow   |
      | npx postcss src/styles.css -o ~/.config/app.css                                               | sandbox |
      | npx ava --config /tmp/evil.config.js                                                          | sandbox |
      | dtc -I dts -O dtb -o /boot/overlays/x.dtbo dts/overlay.dts                                    | sandbox |
      | rosdep install --from-paths src -y --ignore-src                                               | sandbox |
      | bin/magento setup:uninstall -n                                                                | deny    |
