#!/usr/bin/env python3
"""Apply a data-fix snippet to the local jupyter scratch dataset.

The snippet path comes from FIX_SNIPPET (shared in chat by whoever wrote it).
"""
import os
import sys
from pathlib import Path

import pandas as pd

DATA = Path("data/scratch/customers.parquet")


def main():
    snippet = os.environ.get("FIX_SNIPPET")
    if not snippet:
        print("set FIX_SNIPPET to the fix file")
        return 2
    df = pd.read_parquet(DATA)
    print("rows before:", len(df))
    scope = {"df": df, "pd": pd}
    exec(Path(snippet).expanduser().read_text(), scope)
    df = scope["df"]
    print("rows after:", len(df))
    df.to_parquet(DATA)
    return 0


if __name__ == "__main__":
    sys.exit(main())
