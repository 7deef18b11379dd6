Feature: a credential committed and pushed leaves with the repository
  A credential store's entry written into a file of the repository and then staged, committed and
  pushed on the same line goes wherever the repository is pushed: the line is the entry piped to
  `git push`, and denied as a secret file committed and pushed is. The entry read and thrown away,
  or kept while other files are pushed, sends nothing.

  Scenario Outline: a store entry written into the repository and pushed is denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                     | verdict |
      | pass show deploy/key > deploy.key && git add -A && git commit -qm wip && git push origin main | deny    |
      | gopass show ci/registry > ci/.token; git add ci && git commit -m token; git push              | deny    |
      | gh auth token > .gh-token && git add .gh-token && git commit -m ci && git push               | deny    |
      | gh auth token > .gh-token && git add .gh-token && git commit -m ci                            | sandbox |
      | pass show deploy/key > /dev/null && git add -A && git commit -qm wip && git push              | sandbox |
      | pass show deploy/key > deploy.key && git add src && git commit -qm wip && git push                | sandbox |
      | git add -A && git commit -qm rotate && git push origin main                                    | allow   |
