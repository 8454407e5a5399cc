"""The editor's map tools: each turns a mouse gesture into undo commands."""
