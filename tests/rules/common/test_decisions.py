"""A Decision saved and read back: hexes travel by their printed ids, sets sorted, mappings by
key, so equal Decisions write the same JSON."""

from __future__ import annotations

import json
from types import MappingProxyType

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.rules.common.decisions import Decision


def hex_id(h: Hex) -> str:
    return f"{h.q}/{h.r}"


def parse_hex(text: str) -> Hex:
    q, r = text.split("/")
    return Hex(int(q), int(r))


def test_a_decision_is_written_plainly_and_read_back():
    d = Decision("retreat", "German", {"battle": {"defender_hex": Hex(3, -1), "attackers": ("a", "b")},
                                       "hexes": frozenset({Hex(2, 0), Hex(1, 0)}), "n": 2}, "3.2")
    data = d.to_json(hex_id)
    assert data == {"kind": "retreat", "side": "German", "rule": "3.2",
                    "data": {"battle": {"attackers": ["a", "b"], "defender_hex": {"hex": "3/-1"}},
                             "hexes": [{"hex": "1/0"}, {"hex": "2/0"}], "n": 2}}
    back = Decision.from_json(json.loads(json.dumps(data)), parse_hex)
    assert back.data["battle"] == {"defender_hex": Hex(3, -1), "attackers": ("a", "b")}
    assert back.data["hexes"] == (Hex(1, 0), Hex(2, 0))
    assert (back.kind, back.side, back.rule) == ("retreat", "German", "3.2")
    assert back.to_json(hex_id) == data


def test_its_data_cannot_be_changed_and_a_missing_rule_reads_as_none_given():
    d = Decision.from_json({"kind": "loss", "side": "Allied", "data": {}}, parse_hex)
    assert isinstance(d.data, MappingProxyType) and d.rule == ""
