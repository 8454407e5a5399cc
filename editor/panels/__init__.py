"""The editor's docks and tabs, each a widget around a part of the document."""
