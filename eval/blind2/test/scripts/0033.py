#!/usr/bin/env python3
"""Debug why the summariser cannot authenticate: show which key and endpoint it uses."""
import os

key = os.environ.get("OPENAI_API_KEY", "")
base = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
print(f"endpoint: {base}")
print(f"key:      {key or '(not set)'}")
print(f"length:   {len(key)}")
if key and not key.startswith("sk-"):
    print("warning: key does not look like an OpenAI key")
