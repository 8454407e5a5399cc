"""The bundle's ``ardennes-qt`` executable: the same as the ``ardennes-qt`` command."""

import sys

from ardennes_qt.app import main

sys.exit(main())
