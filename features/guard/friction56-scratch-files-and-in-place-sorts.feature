Feature: filters through a scratch file moved back, sorts in place
  A known filter of a project file written into a scratch file that the line moves back over
  that file is the in-place edit sed -i makes: it runs on the host. A scratch file nobody moves,
  a program that does not read what it replaces, a manifest given scripts and a runner reading
  the result stay confined. sort -o FILE FILE keeps the file's lines.

  Scenario Outline: the edits a developer runs by hand run on the host; their near twins keep their decision
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                   | verdict |
      | jq '.version = 3' package.json > package.json.tmp && mv package.json.tmp package.json     | allow   |
      | tr -s ' ' < scripts/build.sh > scripts/build.sh.new && mv scripts/build.sh.new scripts/build.sh      | allow   |
      | jq '.version = 3' package.json > package.json.tmp                                         | sandbox |
      | printf 'x = 1' > t.tmp && mv t.tmp src/config.py                                          | sandbox |
      | sed 's/a/b/' Makefile > m.tmp && mv m.tmp Makefile && make test                           | sandbox |
      | jq '.mcpServers.x = {}' .mcp.json > .mcp.json.tmp && mv .mcp.json.tmp .mcp.json          | deny    |
      | sort -u data/wordlist.txt -o data/wordlist.txt                                            | allow   |
      | sort -u a.txt -o b.txt                                                                    | sandbox |
