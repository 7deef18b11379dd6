@script-review
Feature: destructive SQL handed to a database client library is judged as psql -c would be
  A script that drops a schema, a database or a table, truncates one, or deletes every row
  of one through a database server's client library destroys data it did not make. A scoped
  delete and a migration that creates tables are the client's ordinary work.

  Scenario: a schema dropped through the pg client is a dangerous destroy
    Given a project file "nightly.ts" containing:
      """
      import { Client } from "pg";

      const maintenance = { statement: "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" };

      async function main(): Promise<void> {
        const client = new Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(maintenance.statement);
        await client.end();
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json nightly.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "destructive-sql"

  Scenario: a row deleted by id through the pg client is clean
    Given a project file "expire.js" containing:
      """
      const { Client } = require("pg");

      async function expire(id) {
        const client = new Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query("DELETE FROM sessions WHERE id = $1", [id]);
        await client.end();
      }

      expire(Number(process.argv[2]));
      """
    When I run "terraphim-agent guard review-script expire.js"
    Then the exit code is 0
    And stdout contains "pre-review: clean"
