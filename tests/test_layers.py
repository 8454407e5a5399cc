"""The layering holds: Qt only in ardennes_qt.ui and editor; layers point down (import-linter)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_linter_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Qt lives only in the ui and the editor KEPT" in result.stdout


def test_core_layers_import_without_qt():
    code = (
        "import sys, ardennes_qt.core.state, ardennes_qt.engine, ardennes_qt.store.gamefile, "
        "ardennes_qt.rules.ardennes2.ruleset; "
        "sys.exit(1 if any(m.startswith('PySide6') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
