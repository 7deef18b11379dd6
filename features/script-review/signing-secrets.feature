@script-review
Feature: script pre-review of signing secrets used as HMAC keys
  A webhook receiver reads its signing secret from the environment and checks each payload's
  signature with an HMAC keyed by it. The key signs or checks a message and never leaves the
  process, and the digest does not give it away: that read is the secret's use, as a token sent
  to its own service's API is. The same secret sent to another host or printed is still a
  finding.

  Scenario: a webhook signature checked with the signing secret is clean
    Given a project file "verify_hook.ts" containing:
      """
      import { createHmac, timingSafeEqual } from "node:crypto";
      const secret = process.env.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
      export function verify(payload: string, header: string): boolean {
        const expected = createHmac("sha256", secret as string).update(payload).digest();
        const given = Buffer.from(header, "hex");
        return given.length === expected.length && timingSafeEqual(given, expected);
      }
      """
    When I run "terraphim-agent guard review-script verify_hook.ts"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a test token signed and checked with the JWT secret is clean
    Given a project file "token_roundtrip.py" containing:
      """
      import os, jwt
      key = os.environ["JWT_SECRET"]
      token = jwt.encode({"sub": "test-user"}, key, algorithm="HS256")
      print(jwt.decode(token, key, algorithms=["HS256"])["sub"])
      """
    When I run "terraphim-agent guard review-script token_roundtrip.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the signing secret printed besides its HMAC is still flagged
    Given a project file "show_hook.py" containing:
      """
      import hashlib, hmac, os
      secret = os.environ["WEBHOOK_SECRET"]
      print(hmac.new(secret.encode(), b"{}", hashlib.sha256).hexdigest())
      print(secret)
      """
    When I run "terraphim-agent guard review-script --json show_hook.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"
