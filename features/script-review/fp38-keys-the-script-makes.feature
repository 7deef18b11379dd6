@script-review
Feature: script pre-review of keys a script makes for the project's own certificates
  A dev-certificate helper makes a key with `openssl genpkey -out` in the project, signs a
  certificate with it (`-key`) and checks the result (`verify`). The output option names a file
  the command creates, and the key it signs with is the one it made a line before: no secret the
  user kept is read. A key the script did not make, handed to openssl, is still a key read.

  Scenario: a key made in the project and signed with is clean
    Given a project file "make_dev_cert.py" containing:
      """
      import subprocess
      import sys
      from pathlib import Path

      def tool(*args):
          subprocess.run(["openssl", *args], check=True)

      def issue(host):
          key = Path("pki") / f"{host}.key"
          crt = Path("pki") / f"{host}.crt"
          tool("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(key))
          tool("req", "-x509", "-new", "-key", str(key), "-subj", f"/CN={host}", "-out", str(crt))
          tool("verify", "-CAfile", str(crt), str(crt))

      issue(sys.argv[1])
      """
    When I run "terraphim-agent guard review-script make_dev_cert.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a key the script did not make, handed to openssl, is still read
    Given a project file "sign_with_given_key.py" containing:
      """
      import subprocess
      import sys
      from pathlib import Path

      key = Path("pki") / f"{sys.argv[1]}.key"
      subprocess.run(["openssl", "req", "-new", "-key", str(key), "-subj", "/CN=svc", "-out", "pki/svc.csr"], check=True)
      """
    When I run "terraphim-agent guard review-script --json sign_with_given_key.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "secret-read"
