"""The release: a valid workflow that builds and publishes what pyproject.toml and the docs promise."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
PLATFORMS = ("Linux x86_64", "Linux aarch64", "macOS x86_64", "macOS arm64", "Windows AMD64")

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
if not WORKFLOW.exists():  # an unpacked sdist holds no workflows
    pytest.skip("the release workflow is not in this tree", allow_module_level=True)


def _pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_release_workflow_is_a_valid_github_workflow() -> None:
    if importlib.util.find_spec("check_jsonschema") is None:
        pytest.skip("check-jsonschema comes with the release extra")
    command = [
        sys.executable,
        "-m",
        "check_jsonschema",
        "--builtin-schema",
        "vendor.github-workflows",
    ]
    result = subprocess.run([*command, str(WORKFLOW)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compiled_wheels_are_built_for_every_supported_python() -> None:
    project = _pyproject()
    metadata = project["project"]
    assert isinstance(metadata, dict)
    versions = [
        classifier.rsplit(" ", 1)[1]
        for classifier in metadata["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", classifier)
    ]
    assert metadata["requires-python"] == f">={versions[0]}"
    tool = project["tool"]
    assert isinstance(tool, dict)
    cibuildwheel = tool["cibuildwheel"]
    assert cibuildwheel["build"] == [f"cp{version.replace('.', '')}-*" for version in versions]
    assert cibuildwheel["environment"] == {"HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"}
    assert any("pytest" in command for command in cibuildwheel["test-command"])


def test_the_release_publishes_from_a_version_tag_with_trusted_publishing() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text
    assert "pypa/cibuildwheel@" in text
    publish = text[text.index("  publish:") :]
    assert "id-token: write" in publish
    assert "name: pypi" in publish
    assert "pypa/gh-action-pypi-publish@release/v1" in publish


def test_the_install_page_and_the_readme_say_what_the_release_builds() -> None:
    page = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    workflow = WORKFLOW.read_text(encoding="utf-8")
    for platform in PLATFORMS:
        assert platform in page, platform
        assert platform in workflow, platform
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install seep-rules" in readme
    assert "pip install seep-rules" in page
