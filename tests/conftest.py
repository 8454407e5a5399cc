"""Test-wide set-up that must happen before Qt is imported.

Qt aborts (SIGABRT) inside pytest-qt's ``qapp`` fixture when it has neither a display
nor a platform, so the offscreen platform is the default; a run that has a DISPLAY can
ask for a real window with ``ARDENNES_TEST_PLATFORM=xcb``.
"""

import os

if "QT_QPA_PLATFORM" not in os.environ:
    wanted = os.environ.get("ARDENNES_TEST_PLATFORM", "")
    os.environ["QT_QPA_PLATFORM"] = wanted if wanted and os.environ.get("DISPLAY") else "offscreen"


def _register_the_checkouts_systems() -> None:
    """The rule systems this checkout's pyproject.toml declares, registered by name where the
    installed entry points (perhaps of another checkout) do not have them yet."""
    import tomllib
    from importlib import import_module
    from pathlib import Path

    from ardennes_qt.engine.systems import known_systems, register_system

    doc = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    for name, target in doc["project"]["entry-points"]["ardennes_qt.systems"].items():
        if name not in known_systems():
            module, _, attr = target.partition(":")
            register_system(getattr(import_module(module), attr)())


_register_the_checkouts_systems()
