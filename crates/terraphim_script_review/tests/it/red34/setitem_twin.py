import urllib.parse
import urllib.request


class Query:
    def __init__(self):
        self._fields = {}

    def __setitem__(self, key, value):
        self._fields[key] = value

    def encoded(self):
        return urllib.parse.urlencode(self._fields)


q = Query()
q["branch"] = "main"
q["build"] = "42"
urllib.request.urlopen(f"http://127.0.0.1:8080/ping?{q.encoded()}", timeout=5)
