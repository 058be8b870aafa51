"""Every notebook runs headless from top to bottom without an error, and is committed
without outputs; widget state is saved so exported notebooks still show the boards.

Notebooks read like lessons: no code cell defines a function or a class (the helpers
live in `explorer.teach`), and no output is a bare dict or tuple."""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert not any(c.get("outputs") for c in nb.cells if c.cell_type == "code")
    assert not any(c.get("execution_count") for c in nb.cells if c.cell_type == "code")


RAW = ("{", "(")
"""How a bare dict or tuple repr starts: a lesson shows readable output instead."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_defines_no_functions_or_classes(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        defined = [node.name for node in ast.walk(tree)
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        assert not defined, f"cell {index} defines {defined}: put helpers in explorer.teach"
        assert not any(isinstance(node, ast.Lambda) for node in ast.walk(tree)), f"cell {index} has a lambda"


FRAME = "shape: ("
"""How a bare polars frame prints: with its dtype row and cut strings (`teach.table` instead)."""


def raw_outputs(nb: nbformat.NotebookNode) -> list[str]:
    """Outputs that are a bare dict or tuple repr or a bare polars frame (a value's
    text/plain, or printed lines)."""
    found = []
    for index, cell in enumerate(nb.cells):
        for out in cell.get("outputs", ()):
            if out.output_type in ("execute_result", "display_data"):
                texts = [out.get("data", {}).get("text/plain", "")]
            elif out.output_type == "stream" and out.get("name") == "stdout":
                texts = out.get("text", "").splitlines()
            else:
                continue
            found += [f"cell {index}: {text[:80]!r}" for text in texts
                      if text.lstrip().startswith(RAW) or text.lstrip().startswith(FRAME)]
    return found


def test_raw_output_check_catches_dicts_and_tuples() -> None:
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "('village', 'summoners')"}),
                    nbformat.v4.new_output("stream", name="stdout", text="ok\n{'size': 7}\n"),
                    nbformat.v4.new_output("execute_result", {"text/plain": "shape: (3, 8)\n┌──"})]
    nb.cells = [cell]
    assert len(raw_outputs(nb)) == 3


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_without_errors(path: Path, tmp_path: Path) -> None:
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    nb = nbformat.read(copy, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}},
                            store_widget_state=True)
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert not errors, "\n".join(f"{e.ename}: {e.evalue}" for e in errors)
    assert not raw_outputs(nb), "bare dict or tuple outputs:\n" + "\n".join(raw_outputs(nb))
    shown = {o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
             for c in nb.cells if c.cell_type == "code" for o in c.outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})}
    saved = nb.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    assert shown <= set(saved), "every displayed widget has its state saved"
    blind = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" for o in c.outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
             and not any(k == "text/html" or k.startswith("image/") for k in o["data"])]
    assert not blind, f"widget outputs with no picture for an export (cells {blind})"
    frozen = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" for o in c.outputs
              if o.output_type == "stream" and "%|" in o.get("text", "")]
    assert not frozen, f"progress bars left in the output (cells {frozen})"
