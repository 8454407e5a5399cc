"""``python -m editor``: the editor's command line."""

import sys

from editor.app import main

sys.exit(main())
