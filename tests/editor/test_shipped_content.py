"""The shipped Ardennes II content as the editor's validation sees it: the representative map
lets every printed set-up stand where it is printed (forest tracks where Mech units set up in
forest), no road or track ends in terrain its users may not enter, and every arrival has a
place to enter."""

from pathlib import Path

from ardennes_qt.store.contenttext import module_from_folder
from editor.validation import check_module

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_scenarios_validate_cleanly():
    """7.2 plays Map B alone with the full Orders of Arrival (M10); its entries printed on Map A
    (the 740 Arm Bn at A38.48, the 551 Abn Bn at Entry Area L) enter at the play area's edge
    nearest their printed place (the scenario option outside_arrivals), so none is left out."""
    assert check_module(module_from_folder(ROOT / "scenarios" / "ardennes2")) == []


def test_arrivals_printed_outside_the_play_area_are_flagged_when_the_rules_give_them_no_place():
    module = module_from_folder(ROOT / "scenarios" / "ardennes2")
    module.scenarios["7.2"].options["outside_arrivals"] = "nearest_hex"
    problems = check_module(module, "7.2")
    assert [(p.severity, p.hex) for p in problems] == [("warning", "A38.48"), ("warning", "A1.30")]
    assert problems[0].message.startswith("Scenario 7.2, turn 4: the entry hex A38.48 is outside the play area")
    assert problems[1].message.startswith("Scenario 7.2, turn 6: entry area L is outside the play area")
