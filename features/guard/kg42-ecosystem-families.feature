Feature: blind18 tool families judged from what each tool documents
  Maven version and tree goals, registry reads and signature checks, local model reads, editor,
  OCaml and gem reads run on the host; a Maven goal that runs a program named on the line and
  pulling models are confined; deleting registry images, local models or the model hub's home is
  denied.

  Scenario Outline: Maven goals that stay in the project run, the exec goal is confined
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                               | verdict |
      | mvn versions:set -DnewVersion=8.2.0                   | allow   |
      | ./mvnw -q dependency:tree                             | allow   |
      | mvn exec:exec -Dexec.executable=lua                   | sandbox |
      | ./mvnw test-compile exec:exec -Dexec.executable=node  | sandbox |

  Scenario Outline: Registry reads run, registry deletes are denied
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                  | verdict |
      | crane config ghcr.io/octo/jobs:1.2.3                     | allow   |
      | cosign verify --key deploy/cosign.pub ghcr.io/octo/jobs:1.2.3 | allow   |
      | cosign sign --key deploy/cosign.key ghcr.io/octo/jobs:1.2.3   | sandbox |
      | skopeo delete docker://ghcr.io/octo/jobs:1.2.3           | deny    |
      | crane delete ghcr.io/octo/jobs:1.2.3                     | deny    |

  Scenario Outline: Local model reads run, removing model stores is denied
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                        | verdict |
      | ollama show gemma2:2b                          | allow   |
      | hf cache scan                                  | allow   |
      | ollama pull gemma2:2b                          | sandbox |
      | ollama rm gemma2:2b                            | deny    |
      | rm -rf "$HOME/.cache/huggingface"              | deny    |
      | rm -rf ~/.cache/pre-commit                     | allow   |

  Scenario Outline: Editor, OCaml and gem reads and builds run, installs from files or the network are confined
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                        | verdict |
      | codium --list-extensions                       | allow   |
      | opam show cohttp                               | allow   |
      | gem build tally.gemspec                        | allow   |
      | code --install-extension ./downloads/x.vsix    | sandbox |
