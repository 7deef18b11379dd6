Feature: global package sources are trust anchors; deployment dry runs are reads
  Composer's, RubyGems', Bundler's and conda's global sources decide where every later install
  comes from, as npm's registry does: their own commands that change them are denied. A
  project-local setting is no global change. Azure's `what-if` and Pulumi's `preview` are dry runs of a deployment,
  read-only like `plan`.

  Scenario Outline: a package manager's global source changed by its own command
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                               | verdict |
      | composer config -g repos.packagist composer https://packagist.example.org | deny |
      | gem sources --add https://gems.example.net/                           | deny    |
      | conda config --add channels https://conda.example.net/channel         | deny    |
      | bundle config set --local path vendor/bundle                          | sandbox |

  Scenario Outline: deployment dry runs
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                                                  |
      | az deployment group what-if --resource-group rg-dev --template-file infra/main.bicep     |
      | pulumi preview --stack dev                                                               |

  Scenario Outline: kubectl's documented dry-run modes delete nothing; the mode that runs does
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                              | verdict |
      | kubectl delete -f k8s/old-jobs.yaml --dry-run=client                 | allow   |
      | kubectl -n staging delete deploy api --dry-run=server -o name        | allow   |
      | kubectl drain node-3 --ignore-daemonsets --dry-run=client            | allow   |
      | kubectl delete -f k8s/old-jobs.yaml --dry-run=none                   | deny    |
      | kubectl delete -f k8s/old-jobs.yaml --dry-run                        | deny    |
      | kubectl delete pod api-0                                             | deny    |
