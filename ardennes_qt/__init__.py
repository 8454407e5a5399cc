"""ardennes-qt: a table and an editor for the 1944 Ardennes board wargames.

The version is kept here, where the About box, ``--version``, the wheel's metadata and
the bundles all read it (a bundle has no installed metadata to ask).
"""

__version__ = "0.2.0"
