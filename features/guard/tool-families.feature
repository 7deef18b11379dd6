Feature: families of developer tools judged from what each tool documents
  Debuggers and profilers of the project's programs, security scanners of the project, static
  site builds, load tests of this machine, schema migrations with the project's configuration
  and release previews run on the host; attaching to another process, other hosts, databases
  the line names, deploys and releases carried out stay confined.

  Scenario Outline: a package manager running a project program by name fetches nothing
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                        | verdict |
      | pnpm changeset status          | sandbox |
      | pnpm dlx changeset status      | deny    |
      | npx changeset status           | deny    |
