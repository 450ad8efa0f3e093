"""The ``rl`` extra (OpenSpiel, PettingZoo) for the bridge tests: skipped with a message when it
is missing, except under ``CI=true``, where a missing extra fails the run (CI installs it)."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def import_or_skip(name: str) -> ModuleType:
    """Import ``name``, or skip the calling test module (fail it under ``CI=true``)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        message = (f"{name} is missing ({error}): the bridge tests need the rl extra, "
                   f"`.venv/bin/uv pip install -e '.[rl]'` (make setup installs it with the test extra)")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {message}", pytrace=False)
        pytest.skip(message, allow_module_level=True)
