"""pytest suite for quill's snapshot store.

Every fixture builds its files inside tempfile.TemporaryDirectory(), which the
context manager removes when the fixture finalises. Nothing touches $HOME:
QUILL_HOME is monkeypatched to a path inside the temporary directory.
"""
import json
import os
import tempfile
from pathlib import Path

import pytest

from quill.snapshots import SnapshotStore, SnapshotError


@pytest.fixture
def sandbox(monkeypatch):
    with tempfile.TemporaryDirectory(prefix="quill-snap-") as raw:
        root = Path(raw)
        monkeypatch.setenv("QUILL_HOME", str(root / "home"))
        monkeypatch.chdir(root)
        yield root
    assert not Path(raw).exists()


@pytest.fixture
def store(sandbox):
    s = SnapshotStore(sandbox / "snaps")
    yield s
    s.close()


def make_doc(sandbox: Path, name: str, body: str) -> Path:
    path = sandbox / "docs" / name
    path.parent.mkdir(exist_ok=True, parents=True)
    path.write_text(body)
    return path


class TestSnapshotStore:
    def test_roundtrip(self, sandbox, store):
        doc = make_doc(sandbox, "a.md", "# Title\n\nbody\n")
        snap_id = store.capture(doc)
        restored = store.restore(snap_id, sandbox / "out.md")
        assert restored.read_text() == doc.read_text()

    def test_ids_are_content_addressed(self, sandbox, store):
        one = store.capture(make_doc(sandbox, "x.md", "same"))
        two = store.capture(make_doc(sandbox, "y.md", "same"))
        assert one == two
        assert len(list(store.ids())) == 1

    def test_restore_refuses_to_overwrite(self, sandbox, store):
        doc = make_doc(sandbox, "b.md", "v1")
        snap_id = store.capture(doc)
        with pytest.raises(SnapshotError, match="exists"):
            store.restore(snap_id, doc)

    def test_index_is_valid_json(self, sandbox, store):
        for i in range(3):
            store.capture(make_doc(sandbox, f"{i}.md", f"doc {i}"))
        index = json.loads((sandbox / "snaps" / "index.json").read_text())
        assert len(index["entries"]) == 3

    @pytest.mark.parametrize("bad", ["", "../escape", "/abs/path", "a/../../b"])
    def test_rejects_bad_ids(self, store, bad):
        with pytest.raises(SnapshotError):
            store.restore(bad, Path("irrelevant.md"))

    def test_home_is_redirected(self, sandbox):
        assert os.environ["QUILL_HOME"].startswith(str(sandbox))

    def test_prune_keeps_latest(self, sandbox, store):
        ids = [store.capture(make_doc(sandbox, "c.md", f"rev {n}")) for n in range(5)]
        removed = store.prune(keep=2)
        assert removed == 3
        assert set(store.ids()) == set(ids[-2:])


def test_tempdir_cleanup_is_observable():
    seen = []
    with tempfile.TemporaryDirectory() as raw:
        seen.append(Path(raw))
        (Path(raw) / "f").write_text("x")
    assert not seen[0].exists()


def test_store_files_stay_inside_root(sandbox, store):
    store.capture(make_doc(sandbox, "d.md", "inside"))
    for item in (sandbox / "snaps").rglob("*"):
        assert sandbox in item.resolve().parents
