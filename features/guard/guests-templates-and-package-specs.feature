Feature: commands run elsewhere on the same files, parallel templates, package specs and JVM classes
  A Slurm job, an Apptainer container and a WSL distribution run their command with the same files
  in reach, so the command is judged as the line's own; a one-word parallel template is a shell
  line run for each input; a PKGBUILD or rpm spec in a temporary directory is shell code nobody
  in the project wrote; one class directory of the build run by the JVM is the build's output.

  Scenario Outline: what a job, a container or WSL runs is judged; starting one stays confined
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                | verdict |
      | wsl.exe -- cargo test --workspace                      | sandbox |
      | wsl -u root -e ls /root                                | sandbox |
      | srun -n 8 ./build/bin/solver --grid 64                 | sandbox |
      | sbatch --wrap 'python train.py --epochs 2'             | sandbox |
      | apptainer exec envs/tools.sif python eval.py           | sandbox |
      | wsl.exe -- rm -rf ~/notes                              | deny    |
      | srun --partition=gpu rm -rf ~/datasets                 | deny    |
      | sbatch --wrap 'rm -rf ~/checkpoints'                   | deny    |
      | singularity exec --nv envs/tools.sif sh -c 'rm -rf ~'  | deny    |

  Scenario Outline: a one-word parallel template is judged with each input in place
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                           | verdict |
      | parallel 'gzip -k {}' ::: logs/a.log logs/b.log   | allow   |
      | find . -name '*.tmp' \| parallel 'rm {}'          | sandbox |
      | parallel 'rm -rf {}' ::: ~/old ~/older            | deny    |

  Scenario Outline: package specs from a temporary place are denied, the project's own build runs
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                   | verdict |
      | rpmbuild -bb rpm/tool.spec                | allow   |
      | makepkg -p ~/Downloads/PKGBUILD           | sandbox |
      | makepkg -p /tmp/aur-x/PKGBUILD            | deny    |
      | rpmbuild --rebuild /tmp/pkg-1.0-1.src.rpm | deny    |

  Scenario Outline: a class directory of the build run by the JVM is build output
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                         | verdict |
      | java -cp build/classes/java/main org.acme.Dump --out build/d.json | allow   |
      | java -cp /tmp/loader org.x.Main                                 | sandbox |
      | java -cp lib/tools org.x.Main                                   | sandbox |

  Scenario Outline: Julia and R package tasks of the project run, other code stays confined
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | julia --project=. -e 'using Pkg; Pkg.test()'              | allow   |
      | Rscript -e 'devtools::test()'                             | allow   |
      | julia -e 'using Pkg; Pkg.test()'                          | sandbox |
      | julia --project=. -e 'using Pkg; Pkg.add("JSON")'         | sandbox |
      | Rscript -e 'devtools::test()' -e 'system("id")'           | sandbox |

  Scenario Outline: pnpm's workspace selection before exec is judged by the program it runs
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                    | verdict |
      | pnpm --filter web exec vitest run          | allow   |
      | pnpm --filter web exec some-unknown-tool   | sandbox |
      | pnpm --filter web exec rm -rf ~/projects   | deny    |

  Scenario Outline: the project's conda environment file is installed, other sources stay confined
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                            | verdict |
      | conda env create -f environment.yml                | allow   |
      | mamba env update -n lab -f env/conda.yml --prune   | allow   |
      | conda env create -f ~/Downloads/environment.yml    | sandbox |
      | conda env update -n base -f environment.yml        | sandbox |

  Scenario Outline: files of the project's test, benchmark and docs directories run as its runners run them
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | julia --project=docs docs/make.jl                         | allow   |
      | python tests/smoke_check.py --fast                        | allow   |
      | python scripts/backfill.py                                | sandbox |
      | julia --project -L /tmp/pre.jl docs/make.jl               | sandbox |
      | cp /tmp/dropped.py tests/run.py && python tests/run.py    | sandbox |
