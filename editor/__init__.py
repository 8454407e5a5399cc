"""ardennes-qt-editor: the workshop for maps, counters, scenarios and rule tables.

How it is put together (each module's docstring says more):

- The data is a ``Module`` (ardennes_qt/store/editormodel.py): map, formations,
  counters, several scenarios, the Orders of Arrival, vector layers, the backdrop,
  house rules, provenance and the original text files.  It is saved to SQLite by
  store/editorfile.py (recovery copy: editorautosave.py) and written back to the text
  form under scenarios/ by store/contenttext.py.  The edits themselves are worked out
  without Qt in store/editoredits.py (map), editorcounters.py, editorscenario.py.
- document.py holds the module being edited: every edit is a swap of records in named
  tables, announced as a ``Change``; commands.py has one undo command class per kind
  of edit; a gesture's steps merge into one undo entry.
- map_canvas.py shows the map with the table's own terrain tiles and counters, plus the
  backdrop, vector layers, the scenario and the tools' overlay; tools/ turn mouse
  gestures into commands (tools/base.py: the tool protocol and the settings).
- panels/ are the docks and tabs (tool options, map and backdrop, layers, validation,
  order of battle; counters, scenarios, rule tables); each works on the document only
  through commands and redraws from its ``changed`` signal.
- editor_window.py puts them together; files.py has the menus and file handling;
  app.py is the command line; play.py opens the table on a scenario.
"""
