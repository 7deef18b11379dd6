from pathlib import Path

FIXERS = []


def fixer(glob):
    def register(fn):
        FIXERS.append((glob, fn))
        return fn

    return register


@fixer("**/*.md")
def strip_crlf(path, text):
    return text.replace("\r\n", "\n")


@fixer("docs/*.md")
def final_newline(path, text):
    return text if text.endswith("\n") else text + "\n"


def apply_all(root):
    for glob, fn in FIXERS:
        for path in root.glob(glob):
            before = path.read_text()
            after = fn(path, before)
            if after != before:
                path.write_text(after)


apply_all(Path.cwd())
