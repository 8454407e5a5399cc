"""The bundle's ``ardennes-qt-editor`` executable: the same as the ``ardennes-qt-editor`` command."""

import sys

from editor.app import main

sys.exit(main())
