Feature: options before a subcommand, paths git only asks about, the shell's limits, $PWD, WARC records, and inline code of computing libraries
  `git -C DIR` runs git in DIR, as `cd DIR && git ...` does for that command alone: the
  directory is where git runs, not a path the checkout overwrites, so a branch or tag switched
  there is judged as after a `cd` there (allowed in the project and in a temporary directory,
  confined in another project) and the forms that discard work stay denied. `git check-ignore` and `git check-attr` answer from git's rules and open none of the
  paths they are given. `ulimit` sets the limits of the shell itself. `$PWD` is the working
  directory, as `$(pwd)` is. Inline Python that imports a library of numerical or scientific
  work only to read project files and print runs on the host; its writers, downloads, URLs,
  paths outside the project, credentials and libraries that reach the network stay confined.

  Scenario Outline: git -C names where git runs; checkouts that discard work stay denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                   | verdict |
      | git -C ../other checkout main             | sandbox |
      | git -C ../other checkout v0.22.2          | sandbox |
      | git -C /tmp/vite-ref checkout v5.0.0      | allow   |
      | git -C vendor/lib checkout v1.2.3         | allow   |
      | git -C ~ clone https://github.com/a/b x   | sandbox |
      | git -C ../other checkout -- src/a.c       | deny    |
      | git -C ../other checkout .                | deny    |
      | git -C ../other checkout -f main          | deny    |
      | git -C ../other checkout main Makefile    | deny    |
      | git -C repo reset --hard origin/main      | deny    |
      | kubectl -n prod delete deployment api     | deny    |
      | aws --profile prod s3 ls                  | allow   |

  Scenario Outline: a path git check-ignore asks about is not read
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                  | verdict |
      | git check-ignore -q .env                 | allow   |
      | git check-attr diff -- .env              | allow   |
      | git -C sub check-ignore .env             | allow   |
      | cat .env                                 | sandbox |
      | git check-ignore -q .env && cat .env     | sandbox |

  Scenario Outline: ulimit sets the shell's own limits
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | ulimit -c unlimited && ./build/app --crash-test \|\| true | allow   |
      | ulimit -n 4096                                            | allow   |
      | ulimit -c unlimited && ./mystery.sh                       | sandbox |

  Scenario Outline: $PWD is the working directory
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                         | verdict |
      | cmake --install build --prefix $PWD/dist        | allow   |
      | cmake --install build --prefix ${PWD}/dist      | allow   |
      | cmake --install build --prefix /usr/local       | sandbox |
      | rm -rf $PWD/../other                            | deny    |

  Scenario Outline: wget's WARC record is an archive of the crawl
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                        | verdict |
      | wget --warc-file=build/site --recursive --level 1 https://staging.internal/   | allow   |
      | wget -O build/tool https://staging.internal/tool                              | sandbox |

  Scenario: inline code of a computing library that reads a project file and prints runs on the host
    When I check the command:
      """
      python3 -c "from astropy.io import fits; h = fits.getheader('data/m31_r.fits'); print(h['NAXIS1'])"
      """
    Then the verdict is allow
    And the JSON field "reason" contains "inline code that only reads data/m31_r.fits and prints"

  Scenario: inline code of a computing library that saves a file stays confined
    When I check the command:
      """
      python3 -c "import numpy as np; np.save('data/x.npy', np.zeros(3))"
      """
    Then the verdict is sandbox

  Scenario: inline code of a computing library that reads outside the project stays confined
    When I check the command:
      """
      python3 -c "import numpy as np; print(np.loadtxt('/etc/passwd', dtype=str))"
      """
    Then the verdict is sandbox

  Scenario: inline code of a computing library given a URL stays confined
    When I check the command:
      """
      python3 -c "import pandas as pd; print(pd.read_csv('https://example.com/a.csv'))"
      """
    Then the verdict is sandbox
