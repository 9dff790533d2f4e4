"""Shared fixture of the evaluation tests: ``training/train_tag_model.py`` as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def train():
    """``training/train_tag_model.py`` imported (training/ is scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("train_tag_model",
                                                  ROOT / "training" / "train_tag_model.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module
