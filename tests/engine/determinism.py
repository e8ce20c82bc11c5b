"""Helpers of the determinism tests of both engines: digests of logs and reports, and the
same digests computed by another Python process with another hash seed."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import hashlib, json
from engine.core.api import play_game, run_batch
from {factories} import starter_deck
log = play_game(starter_deck(), seed=42, policy="{policy}", log=True).log
report = run_batch(starter_deck(), games=300, seed=42)
for value in (log, report):
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    print(hashlib.sha256(text.encode()).hexdigest())
"""


def digest(value) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def digests_in_another_process(factories: str, policy: str) -> list[str]:
    """The digests of a seed-42 game log (with `policy`) and of a 300-game report of the
    `starter_deck()` of module `factories`, from a fresh process with PYTHONHASHSEED=12345."""
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=str(ROOT))
    script = SCRIPT.format(factories=factories, policy=policy)
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()
