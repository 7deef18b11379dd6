#!/usr/bin/env python3
"""Integration test for the webhook client against a local stub server.

Starts an HTTP server on 127.0.0.1 in a thread, points the client at it,
checks the retries/signature behaviour and cleans up its temp directory.
"""
import hashlib
import hmac
import http.server
import json
import shutil
import sys
import tempfile
import threading
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from hooks.client import WebhookClient  # noqa: E402

SECRET = b"test-secret"


class StubHandler(http.server.BaseHTTPRequestHandler):
    calls: list = []
    fail_first = 0

    def do_POST(self):  # noqa: N802
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        StubHandler.calls.append((self.path, dict(self.headers), body))
        if StubHandler.fail_first > 0:
            StubHandler.fail_first -= 1
            self.send_response(503)
            self.end_headers()
            return
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


class WebhookClientTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StubHandler)
        cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
        cls.thread.start()
        cls.url = f"http://127.0.0.1:{cls.server.server_address[1]}/hook"

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        StubHandler.calls = []
        StubHandler.fail_first = 0
        self.tmp = Path(tempfile.mkdtemp(prefix="webhook-test-"))

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_signature_header(self):
        client = WebhookClient(self.url, secret=SECRET, spool_dir=self.tmp)
        client.send({"event": "ping"})
        _, headers, body = StubHandler.calls[0]
        expected = hmac.new(SECRET, body, hashlib.sha256).hexdigest()
        self.assertEqual(headers["X-Signature"], f"sha256={expected}")
        self.assertEqual(json.loads(body), {"event": "ping"})

    def test_retries_then_succeeds(self):
        StubHandler.fail_first = 2
        client = WebhookClient(self.url, secret=SECRET, spool_dir=self.tmp, backoff=0.01)
        client.send({"event": "retry"})
        self.assertEqual(len(StubHandler.calls), 3)

    def test_spools_when_unreachable(self):
        client = WebhookClient("http://127.0.0.1:9/hook", secret=SECRET, spool_dir=self.tmp, retries=1, backoff=0)
        client.send({"event": "lost"})
        self.assertEqual(len(list(self.tmp.glob("*.json"))), 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)
