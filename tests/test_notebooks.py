"""The notebooks build their own memory and run green."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_at_least_three_notebooks():
    assert len(NOTEBOOKS) >= 3


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")  # no screen here; the kernel inherits this
    notebook = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), \
        "outputs are stripped in git"
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()


def test_review_analytics_reads_the_users_memory_when_kg_db_names_it(tmp_path, monkeypatch):
    from kg import Memory
    from tests.conftest import draft

    db = tmp_path / "mine"
    with Memory(db) as mem:
        kept = mem.propose(draft("Acme", "uses", "Slack", message_id="a"))
        dropped = mem.propose(draft("Acme", "uses", "Teams", message_id="b"))
        mem.approve(kept.claim_id, by="me")
        mem.reject(dropped.claim_id, by="me", reason="wrong")
        before = len(mem.events())
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("KG_DB", str(db))
    notebook = nbformat.read(NOTEBOOKS[2], as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = "".join(o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
                    for cell in notebook.cells for o in cell.get("outputs", []))
    assert "0.5" in shown  # one approved, one rejected: a real share, not 1.0
    with Memory(db) as mem:
        assert len(mem.events()) == before  # read, never written
