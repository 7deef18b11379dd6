Feature: build systems, source tools and project scaffolding run on the host
  Bazel's and Buck2's verbs on the project's targets, the C and C++ formatter and linters on
  its sources, a new project's skeleton from the toolchain's own templates and toolchain
  version queries are the project's declared build and its files, as `make` and `cargo build`
  are. A registry template, a device install or a file outside the project is not.

  Scenario Outline: build systems, source tools and scaffolding run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                               |
      | bazel build //...                     |
      | bazel clean --expunge                 |
      | buck2 test //app:tests                |
      | clang-format --style=file src/main.c  |
      | cppcheck --enable=all src             |
      | dotnet new console                    |
      | uv init                               |
      | elixir --version                      |

  Scenario Outline: their near misses stay confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                    | verdict |
      | dotnet new install Some.Templates          | sandbox |
      | buck2 install //app:apk                    | sandbox |
      | clang-format --dump-config > .clang-format | sandbox |
      | bazel build //... && rm -rf ~              | deny    |
