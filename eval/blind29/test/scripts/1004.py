#!/usr/bin/env python3
"""Why does the CKAN harvester get 403? Show the credentials it is using."""
import configparser
import os
from pathlib import Path

ini = configparser.ConfigParser(interpolation=None)
ini.read("ckan.dev.ini")
app = ini["app:main"] if "app:main" in ini else {}

print("sqlalchemy.url      =", app.get("sqlalchemy.url"))
print("beaker secret       =", app.get("beaker.session.secret"))
print("api_token.jwt secret=", app.get("api_token.jwt.encode.secret"))
print("CKAN_API_TOKEN      =", os.environ.get("CKAN_API_TOKEN"))

rc = Path.home() / ".ckanapi"
if rc.exists():
    print("--- ~/.ckanapi ---")
    print(rc.read_text())
else:
    print("no ~/.ckanapi file")

print("compare the values above with the portal's sysadmin token page")
