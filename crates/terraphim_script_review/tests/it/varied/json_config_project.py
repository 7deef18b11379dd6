import json
import os

CONFIG = json.loads('{"report": "build/summary.txt", "width": 80}')


def summary(conf):
    p = conf.get("report", "")
    return open(p).read() if os.path.exists(p) else ""


print(summary(CONFIG)[: CONFIG["width"]])
