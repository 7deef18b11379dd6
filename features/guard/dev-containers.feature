Feature: what runs in the project's dev container is judged as if typed here
  `devcontainer exec` runs a command in the project's dev container, which sees the project and
  often the user's mounted keys: the command is judged as if typed here. Bringing the container
  up (`devcontainer up`) also installs dev container features, install scripts fetched from a
  registry at run time, so it stays confined.

  Scenario Outline: dev containers
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                         | verdict |
      | devcontainer up --workspace-folder .                            | sandbox |
      | devcontainer exec --workspace-folder . pytest -q                | allow   |
      | devcontainer exec --workspace-folder . git push --force origin main | deny    |
