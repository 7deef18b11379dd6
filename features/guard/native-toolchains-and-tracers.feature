Feature: native toolchain work runs on the host, tracing a browser is denied
  Compiler cache statistics, the list of recorded crashes, the project's fuzz targets, coverage
  reports written into the project, an install staged under a project prefix and `patchelf` of
  the project's binaries are the developer's daily work. Clearing a cache outside the project, an
  install to wherever the build was configured for and a package the line names stay confined; a
  binary outside the project patched is denied (it changes that program for every later run). A web browser's memory holds saved passwords and signed-in sessions:
  attaching a tracer or debugger to it is denied, as it is for an ssh agent.

  Scenario Outline: toolchain work of the project runs, work beyond it is confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                          | verdict |
      | ccache --show-stats                                              | allow   |
      | pip3 cache list                                                  | allow   |
      | coredumpctl list                                                 | allow   |
      | cargo fuzz run decoder -- -runs=5000                             | allow   |
      | coverage xml -o build/coverage.xml                               | allow   |
      | cmake --install out --prefix pkgroot                             | allow   |
      | patchelf --print-rpath out/bin/decoder                           | allow   |
      | conan install . --build=missing                                  | allow   |
      | sccache --stop-server                                            | sandbox |
      | cmake --install out                                              | sandbox |
      | patchelf --set-rpath /opt/vendor/lib /usr/local/bin/decoder       | deny    |
      | conan install --requires=openssl/3.2.1                           | sandbox |
      | coverage json -o /var/www/coverage.json                          | sandbox |

  Scenario Outline: a tracer or debugger attached to a web browser is denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                             | verdict |
      | strace -p $(pgrep -n firefox) -e trace=write -s 8192 -o /tmp/w.txt  | deny    |
      | gdb -p $(pidof msedge) -batch -ex 'info proc mappings'              | deny    |
      | ltrace -p $(pgrep -o chrome) -o /tmp/calls.txt                      | deny    |
      | strace -f -o build/syscalls.txt ./build/decoder --self-test         | allow   |

  Scenario Outline: core dumps of setuid programs and crashes piped to a program are denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                 | verdict |
      | sudo sysctl -w fs.suid_dumpable=1                       | deny    |
      | sudo sysctl -w kernel.core_pattern='\|/opt/triage %e %p' | deny    |
      | sudo sysctl -w kernel.core_pattern=core.%e.%p            | sandbox |
