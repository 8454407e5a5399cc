"""Test-wide set-up that must happen before Qt is imported.

Qt aborts (SIGABRT) inside pytest-qt's ``qapp`` fixture when it has neither a display
nor a platform, so the offscreen platform is the default; a run that has a DISPLAY can
ask for a real window with ``ARDENNES_TEST_PLATFORM=xcb``.
"""

import os

if "QT_QPA_PLATFORM" not in os.environ:
    wanted = os.environ.get("ARDENNES_TEST_PLATFORM", "")
    os.environ["QT_QPA_PLATFORM"] = wanted if wanted and os.environ.get("DISPLAY") else "offscreen"
