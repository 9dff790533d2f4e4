"""The code standard's complexity bound: no function of generator/, evaluation/ or training/
over cyclomatic complexity 15 by radon's count (README "Layout"). ruff's mccabe check (C901,
max 15) counts fewer branches (no boolean operators, no comprehension conditions), so it
passed while radon's count did not."""

from __future__ import annotations

from conftest import ROOT
from radon.complexity import cc_visit

LIMIT = 15
FOLDERS = ("generator", "evaluation", "training")


def _functions() -> list[tuple[str, str, int]]:
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for block in cc_visit(path.read_text(encoding="utf-8")):
                found.append((str(path.relative_to(ROOT)), block.fullname, block.complexity))
                found.extend((str(path.relative_to(ROOT)), f"{block.fullname}.{m.name}",
                              m.complexity) for m in getattr(block, "methods", ()))
    return found


def test_no_function_over_the_complexity_limit() -> None:
    functions = _functions()
    assert len(functions) > 500  # the product's functions were read (not an empty list)
    over = [f"{path}: {name} ({n})" for path, name, n in functions if n > LIMIT]
    assert over == []
