"""A rule table's entry written for a reader, not as the file holds it: one setting a line
("Kind: map edges"), a list of settings as bullets, nested settings indented, and names
in words ("vp_schedule" is "VP schedule")."""

from __future__ import annotations

KEY_WORDS = {"vp": "VP", "vp_schedule": "VP schedule", "min": "At least", "max": "At most", "rule": "Rule",
             "hex": "Hex", "hexes": "Hexes"}
VALUE_WORDS = {"vp": "VP", "map_edges": "map edges"}


def key_words(key: str) -> str:
    words = key.replace("_", " ")
    return KEY_WORDS.get(key) or words[:1].upper() + words[1:]


def value_words(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return VALUE_WORDS.get(value) or value.replace("_", " ") or "none"
    if isinstance(value, (list, tuple)) and not any(isinstance(v, (dict, list, tuple)) for v in value):
        return ", ".join(value_words(v) for v in value) or "none"
    return str(value)


def _simple(value) -> bool:
    """One value, or a list of them: said on one line."""
    if isinstance(value, dict):
        return False
    return not isinstance(value, (list, tuple)) or not any(isinstance(v, (dict, list, tuple)) for v in value)


def readable(value, indent: int = 0) -> str:
    """``value`` (a table's entry: settings, lists and values) as lines of text."""
    pad = "  " * indent
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if _simple(item):
                lines.append(f"{pad}{key_words(str(key))}: {value_words(item)}")
            else:
                lines.append(f"{pad}{key_words(str(key))}:")
                lines.append(readable(item, indent + 1))
        return "\n".join(lines)
    if isinstance(value, (list, tuple)):
        if _simple(value):
            return pad + value_words(value)
        lines = []
        for item in value:
            if isinstance(item, dict) and all(_simple(v) for v in item.values()):
                lines.append(pad + "• " + " · ".join(f"{key_words(str(k))}: {value_words(v)}" for k, v in item.items()))
            else:
                lines.append(pad + "•")
                lines.append(readable(item, indent + 1))
        return "\n".join(lines)
    return pad + value_words(value)
