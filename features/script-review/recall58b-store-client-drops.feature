@script-review
Feature: a data store dropped through its client library is judged as the SQL it equals
  Client libraries of stores that take no SQL destroy data with calls of their own: Milvus
  utility.drop_collection, Chroma and Qdrant delete_collection, MongoDB drop_database and
  collection.drop(), Redis flushall, Elasticsearch indices.delete, Cypher MATCH (n) DETACH
  DELETE n. Each is judged as the DROP or TRUNCATE it equals: dangerous when the script's
  connection names a server on another machine. The same call on this machine, on a service
  of the project's containers, or of a collection the script created itself stays clean.

  Scenario: every collection of a shared Milvus server dropped is a dangerous destroy
    Given a project file "reset_index.py" containing:
      """
      from pymilvus import connections, utility

      connections.connect(host="milvus.internal", port="19530")
      for name in utility.list_collections():
          utility.drop_collection(name)
      """
    When I run "terraphim-agent guard review-script --json reset_index.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "destructive-store-call"

  Scenario: the same drop on the Milvus server of this machine is clean
    Given a project file "reset_index.py" containing:
      """
      from pymilvus import connections, utility

      connections.connect(host="localhost", port="19530")
      for name in utility.list_collections():
          utility.drop_collection(name)
      """
    When I run "terraphim-agent guard review-script reset_index.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a Redis server on another machine flushed from JavaScript is a dangerous destroy
    Given a project file "flush.js" containing:
      """
      import { createClient } from 'redis';

      const client = createClient({ url: 'redis://cache.prod.example.com:6379' });
      await client.connect();
      await client.flushAll();
      await client.quit();
      """
    When I run "terraphim-agent guard review-script --json flush.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "destructive-store-call"

  Scenario: a test collection the script created on a shared Qdrant server, dropped again, is clean
    Given a project file "itest.ts" containing:
      """
      import { QdrantClient } from '@qdrant/js-client-rest';

      const client = new QdrantClient({ url: 'http://qdrant.internal:6333' });
      const name = `itest_${Date.now()}`;
      await client.createCollection(name, { vectors: { size: 4, distance: 'Cosine' } });
      try {
        console.log(await client.getCollection(name));
      } finally {
        await client.deleteCollection(name);
      }
      """
    When I run "terraphim-agent guard review-script itest.ts"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: inline code dropping the collections of a shared vector server is denied
    When I check the command:
      """
      python3 -c "from pymilvus import connections, utility; connections.connect(host='vectors.example.net'); [utility.drop_collection(n) for n in utility.list_collections()]"
      """
    Then the verdict is deny

  Scenario: the same inline code against this machine is not denied
    When I check the command:
      """
      python3 -c "from pymilvus import connections, utility; connections.connect(host='localhost'); [utility.drop_collection(n) for n in utility.list_collections()]"
      """
    Then the verdict is sandbox
