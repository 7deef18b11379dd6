@script-review
Feature: script pre-review of the key a script put into a copy of the environment
  A helper copies the environment for a child (`env = dict(os.environ)`), puts in the one token
  it read from the project's `.env` (`env["FLY_API_TOKEN"] = dot["FLY_API_TOKEN"]`) and shows
  that token masked. The member of that key is that one variable, not the whole environment:
  masked it shows nothing. Printed whole it is the token; a member of another name is still
  anything the environment holds.

  Scenario: the token put into an environment copy shown masked is no secret
    Given a project file "fly_status.py" containing:
      """
      import os
      import subprocess
      from pathlib import Path


      def read_dotenv(path):
          out = {}
          if path.exists():
              for raw in path.read_text().splitlines():
                  k, sep, v = raw.partition("=")
                  if sep and not raw.startswith("#"):
                      out[k.strip()] = v.strip()
          return out


      def mask(secret):
          if not secret:
              return "<unset>"
          return "*" * 8 + secret[-4:]


      env = dict(os.environ)
      dot = read_dotenv(Path(".env"))
      if "FLY_API_TOKEN" not in env and "FLY_API_TOKEN" in dot:
          env["FLY_API_TOKEN"] = dot["FLY_API_TOKEN"]
      print(f"using {mask(env['FLY_API_TOKEN'])}")
      subprocess.run(["flyctl", "status"], env=env, check=True)
      """
    When I run "terraphim-agent guard review-script --json fly_status.py"
    Then the JSON field "verdict" is "clean"
    And stdout does not contain "env-to-output"

  Scenario: the same token printed whole from the environment copy is the token printed
    Given a project file "fly_status_whole.py" containing:
      """
      import os
      import subprocess
      from pathlib import Path


      def read_dotenv(path):
          out = {}
          if path.exists():
              for raw in path.read_text().splitlines():
                  k, sep, v = raw.partition("=")
                  if sep and not raw.startswith("#"):
                      out[k.strip()] = v.strip()
          return out


      env = dict(os.environ)
      dot = read_dotenv(Path(".env"))
      if "FLY_API_TOKEN" not in env and "FLY_API_TOKEN" in dot:
          env["FLY_API_TOKEN"] = dot["FLY_API_TOKEN"]
      print(f"using {env['FLY_API_TOKEN']}")
      subprocess.run(["flyctl", "status"], env=env, check=True)
      """
    When I run "terraphim-agent guard review-script --json fly_status_whole.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"
