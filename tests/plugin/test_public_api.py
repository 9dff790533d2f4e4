"""Through the engine, not around it: no module of the generator (the plugin included)
imports or touches a private name (a leading underscore) of MkDocs or Material."""

from __future__ import annotations

import ast

from conftest import ROOT

ENGINES = ("mkdocs", "material")


def _engine_names(tree: ast.Module) -> set[str]:
    """Local names bound to MkDocs or Material modules or objects by the imports."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names
                      if a.name.split(".")[0] in ENGINES}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ENGINES:
            names |= {a.asname or a.name for a in node.names}
    return names


def _own_names(tree: ast.Module) -> set[str]:
    """Names the module defines itself: functions, classes, and attributes it assigns."""
    names = {n.name for n in ast.walk(tree)
             if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def private_uses(source: str) -> list[str]:
    """Every private name of MkDocs or Material that ``source`` imports, and, in a module
    that imports from them, every private attribute it reads that it does not define itself
    (``page._title_from_render``, ``files.File._get_url``)."""
    tree = ast.parse(source)
    if not _engine_names(tree):
        return []
    own = _own_names(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ENGINES:
            found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")
                      and a.name != "__future__"]
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in ENGINES
                      and any(part.startswith("_") for part in a.name.split("."))]
        elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
              and not node.attr.startswith("__") and node.attr not in own):
            found.append(node.attr)
    return found


def test_the_check_finds_private_names() -> None:
    """The check itself: each way of reaching a private name is found, a module's own
    private names are not."""
    source = ("from mkdocs.structure.pages import Page, _RawHTMLPreprocessor\n"
              "from mkdocs.structure import files\n"
              "import mkdocs._private\n"
              "from material.plugins._x import y\n"
              "class P(Page):\n"
              "    def _mine(self):\n"
              "        self._kept = self._title_from_render\n"
              "        return files.File._get_url(self._kept), self._mine()\n")
    assert sorted(private_uses(source)) == sorted([
        "mkdocs.structure.pages._RawHTMLPreprocessor", "mkdocs._private",
        "material.plugins._x", "_title_from_render", "_get_url"])


def test_no_private_engine_names_in_the_generator() -> None:
    modules = sorted((ROOT / "generator").rglob("*.py"))
    assert len(modules) > 50
    found = {str(p.relative_to(ROOT)): uses for p in modules
             if (uses := private_uses(p.read_text(encoding="utf-8")))}
    assert found == {}
