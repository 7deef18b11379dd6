#!/usr/bin/env python3
"""install_profiles.py - install the repo's OBS scene collection and profile
into the user's OBS configuration so the stream laptop is ready to go.
"""
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OBS = Path.home() / ".config" / "obs-studio"


def main() -> int:
    scenes_src = REPO / "obs" / "scenes" / "meetup.json"
    profile_src = REPO / "obs" / "profiles" / "Meetup"
    (OBS / "basic" / "scenes").mkdir(parents=True, exist_ok=True)
    shutil.copy2(scenes_src, OBS / "basic" / "scenes" / "meetup.json")
    target_profile = OBS / "basic" / "profiles" / "Meetup"
    if target_profile.exists():
        shutil.rmtree(target_profile)
    shutil.copytree(profile_src, target_profile)
    global_ini = OBS / "global.ini"
    text = global_ini.read_text() if global_ini.exists() else "[Basic]\n"
    if "SceneCollection=meetup" not in text:
        text = text.replace("[Basic]\n", "[Basic]\nSceneCollection=meetup\nProfile=Meetup\n", 1)
        global_ini.write_text(text)
    print(f"installed scene collection and profile into {OBS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
