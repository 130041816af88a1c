"""The rulebook in the docs: every rule id cited anywhere has an anchor, every rule is tested.

The rules page (``docs/rules.md``) is the one list of rule ids: each rule has
an explicit target ``(r3-2)=`` so that ``rules.html#r3-2`` links to it.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from rulebook import RULES_PAGE, anchor_of, documented_rules, leaf_rules, rule_of_anchor

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
THIS_FILE = Path(__file__).resolve()

# A rule id in text ("R3.2", "R12") and in a test name ("test_r3_2_...", "..._R1_1").
CITED_ID = re.compile(r"\bR(\d+)(?:\.(\d+))?\b")
NAMED_ID = re.compile(r"(?:^|_)r(\d+)(?:_(\d+))?(?=_|$)", re.IGNORECASE)


def _rule_id(section: str, number: str) -> str:
    return f"R{section}" + (f".{number}" if number else "")


def _files_citing_rules() -> list[Path]:
    """Every file whose rule ids a reader may look up: the sources, the tests, the docs."""
    files = [*(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    files += [*DOCS.rglob("*.md"), *DOCS.rglob("*.rst"), ROOT / "README.md", ROOT / "CHANGELOG.md"]
    return sorted(path for path in files if path != THIS_FILE and "_build" not in path.parts)


def _citations() -> dict[str, list[str]]:
    """Each rule id cited in those files, with the places (``path:line``) that cite it."""
    places: dict[str, list[str]] = {}
    for path in _files_citing_rules():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            ids = {_rule_id(*match) for match in CITED_ID.findall(line)}
            if path.suffix == ".py":
                for name in re.findall(r"\bdef (test\w*)", line):
                    ids |= {_rule_id(*match) for match in NAMED_ID.findall(name)}
            for rule in ids:
                places.setdefault(rule, []).append(f"{path.relative_to(ROOT)}:{number}")
    return places


def _rules_cited_by_tests() -> set[str]:
    """Rule ids in a test's name, docstring or code (not in a module's docstring or comments)."""
    cited: set[str] = set()
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if path == THIS_FILE:
            continue
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                cited |= {_rule_id(*match) for match in NAMED_ID.findall(node.name)}
                # By line numbers: ast.get_source_segment splits the whole file on every call.
                body = "\n".join(lines[node.lineno - 1 : node.end_lineno])
                cited |= {_rule_id(*match) for match in CITED_ID.findall(body)}
    return cited


def test_the_rulebook_has_every_rule_from_r1_1_to_r12() -> None:
    rules = documented_rules()
    assert len(rules) == len(set(rules)), "a rule id has two anchors"
    assert rules[0] == "R1" and rules[-1] == "R12"
    assert {"R1.1", "R3.2", "R4.3", "R11.7"} <= set(rules)


def test_rules_are_numbered_in_order_without_gaps() -> None:
    expected: list[str] = []
    sections = sorted({int(rule[1:].split(".")[0]) for rule in documented_rules()})
    assert sections == list(range(1, sections[-1] + 1))
    for section in sections:
        numbers = [
            int(rule.split(".")[1])
            for rule in documented_rules()
            if rule.startswith(f"R{section}.")
        ]
        expected += [f"R{section}"] + [f"R{section}.{n}" for n in range(1, len(numbers) + 1)]
    assert documented_rules() == expected


def test_each_anchor_stands_right_before_its_rule() -> None:
    """``(r3)=`` comes before the heading ``## R3.``, ``(r3-2)=`` before the rule ``[**R3.2...**](#r3-2)``."""
    lines = RULES_PAGE.read_text(encoding="utf-8").splitlines()
    for line, following in itertools.pairwise(lines):
        target = re.fullmatch(r"\((r[\d-]+)\)=", line)
        if target is None:
            continue
        anchor = target.group(1)
        rule = rule_of_anchor(anchor)
        if "." in rule:
            assert following.startswith(f"[**{rule}") and f"](#{anchor})" in following, following
        else:
            assert following.startswith(f"## {rule}. "), following


def test_every_rule_id_cited_in_src_tests_and_docs_has_an_anchor() -> None:
    documented = set(documented_rules())
    unknown = {rule: places for rule, places in _citations().items() if rule not in documented}
    assert not unknown, f"rule ids without an anchor on the rules page: {unknown}"


def test_every_rule_in_the_docs_is_cited_by_a_test() -> None:
    cited = _rules_cited_by_tests()
    untested = [rule for rule in leaf_rules() if rule not in cited]
    assert not untested, f"rules that no test names or cites: {untested}"


def test_the_rendered_rules_page_has_an_id_for_every_rule() -> None:
    """The anchors exist in the document MyST builds, so ``rules.html#r3-2`` resolves."""
    pytest.importorskip("myst_parser")
    from docutils import nodes
    from docutils.core import publish_doctree
    from myst_parser.parsers.docutils_ import Parser

    tree = publish_doctree(
        RULES_PAGE.read_text(encoding="utf-8"),
        parser=Parser(),
        settings_overrides={
            "report_level": 5,  # the Sphinx roles ({class}, {doc}) are unknown to plain docutils
            "halt_level": 5,
            "myst_enable_extensions": ["colon_fence", "deflist"],
        },
    )
    ids = {node_id for node in tree.findall(nodes.Element) for node_id in node["ids"]}
    missing = [rule for rule in documented_rules() if anchor_of(rule) not in ids]
    assert not missing


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda page: page.name)
def test_the_docs_cite_their_own_pages_not_an_outside_rulebook(page: Path) -> None:
    """Rules are cited by id and formats by section name, never by a file or appendix users lack."""
    text = page.read_text(encoding="utf-8")
    # The one file a page may name is one the project ships (the changelog includes it).
    assert set(re.findall(r"\b[A-Z][A-Z_]+\.md\b", text)) <= {"CHANGELOG.md"}
    # Outside examples' output, the notation and JSON formats are named by their sections.
    prose = re.sub(r"```pycon\n.*?```", "", text, flags=re.DOTALL)
    assert not re.search(r"Appendix [AB]", prose)
