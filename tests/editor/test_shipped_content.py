"""The shipped Ardennes II content as the editor's validation sees it: the representative map
lets every printed set-up stand where it is printed (forest tracks where Mech units set up in
forest), and no road or track ends in terrain its users may not enter."""

from pathlib import Path

from ardennes_qt.store.contenttext import module_from_folder
from editor.validation import check_module

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_scenarios_validate_with_only_their_documented_warning():
    problems = check_module(module_from_folder(ROOT / "scenarios" / "ardennes2"))
    # 7.2 plays the full Orders of Arrival (M10, noted in 7.2.toml): the 740 Arm Bn's entry hex
    # is on Map A, which 7.2 does not play.
    assert [(p.severity, p.hex) for p in problems] == [("warning", "A38.48")]
    assert "7.2" in problems[0].message
