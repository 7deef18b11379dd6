Feature: the project's dev container is brought up like its compose services, and what runs in it is judged
  `devcontainer up` and `build` read the project's own `.devcontainer/`, as `docker compose up`
  reads its compose file. `devcontainer exec` runs a command in that container, which sees the
  project and often the user's mounted keys: the command is judged as if typed here.

  Scenario Outline: dev containers
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                         | verdict |
      | devcontainer up --workspace-folder .                            | allow   |
      | devcontainer up --workspace-folder ~/src/other-repo             | sandbox |
      | devcontainer exec --workspace-folder . pytest -q                | allow   |
      | devcontainer exec --workspace-folder . git push --force origin main | deny    |
