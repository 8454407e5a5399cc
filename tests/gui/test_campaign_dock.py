"""The campaign on the table (Kampfgruppe Peiper's CG I): the Campaign dock's step and buttons, a
roll with the player's own dice and modifiers, the forms as tables, the forms printed to a PDF;
nothing of it for a game without a campaign."""

import pytest
from PySide6.QtWidgets import QPushButton

from ardennes_qt.engine.session import Session
from ardennes_qt.engine.systems import register_system
from ardennes_qt.rules.asl_kgp.campaign.actions import (
    AnswerVictory, ConfirmStep, PurchaseRg, RecordLvp, RollForRg, RollTable, ScenarioPlayed, SideDone,
)
from ardennes_qt.rules.asl_kgp.ruleset import AslKgp
from ardennes_qt.ui.campaign_forms_panel import CampaignFormsPanel
from ardennes_qt.ui.campaign_panel import CampaignPanel
from ardennes_qt.ui.campaign_roll_dialog import CampaignRollDialog
from ardennes_qt.ui.printing.campaign_forms_pdf import FormPages, export_campaign_forms_pdf


@pytest.fixture
def cg1():
    register_system(AslKgp())  # the entry point may not be installed in a checkout's environment
    return Session.new("asl_kgp/CG1", seed=2)


def test_the_panel_shows_the_step_and_its_buttons_apply_through_the_rules(qtbot, cg1):
    panel = CampaignPanel()
    qtbot.addWidget(panel)
    panel.show_step(cg1.campaign())
    assert panel.title.text() == "8.619 Purchasing Reinforcement Groups"
    assert "85 CPP left" in panel.waiting.text()
    chosen = []
    panel.chosen.connect(chosen.append)
    german = next(panel.purchases.topLevelItem(i) for i in range(2) if panel.purchases.topLevelItem(i).text(0) == "German")
    panel.purchases.setCurrentItem(next(german.child(i) for i in range(german.childCount())
                                        if german.child(i).text(0).startswith("RG V2 ")))
    assert panel.buy.text() == "Buy RG V2" and panel.variant.itemText(0).endswith("14 CPP")
    panel.buy.click()
    assert chosen == [PurchaseRg("German", "V2")]
    finished = [b for b in panel.findChildren(QPushButton) if b.text() == "Finished"]
    finished[0].click()
    assert isinstance(chosen[-1], SideDone)


def to_escape(session):
    """On to 8.606 Escape: nothing bought, every roll made, the fewest LVP, every question 'no'."""
    while session.campaign().rule != "8.606":
        actions = session.legal_actions()
        for kind in (ScenarioPlayed, SideDone, RollForRg, ConfirmStep, RecordLvp, AnswerVictory):
            found = [a for a in actions if isinstance(a, kind) and getattr(a, "met", False) is False]
            if found:
                session.apply(found[0])
                break


def test_a_roll_of_the_players_own_dice_with_the_modifiers_stated(qtbot, cg1):
    to_escape(cg1)
    option = next(o for o in cg1.campaign().options if o.kind == "roll" and o.facts)
    dialog = CampaignRollDialog(option)
    qtbot.addWidget(dialog)
    assert not dialog.rolled_dice()  # the program's dice unless the player says otherwise
    for die in dialog.dice:
        die.setValue(3)
    first = option.facts[0]
    widget = dialog.facts[first.id]
    widget.setValue(1) if hasattr(widget, "setValue") else widget.setChecked(True)
    action = cg1.campaign_roll(option.variants[0][1], dialog.rolled_dice(), dialog.stated_facts())
    assert isinstance(action, RollTable) and action.roll == (3,) * len(dialog.dice) and action.facts == (first.id,)
    cg1.apply(action)
    last = cg1.campaign().last_roll
    assert last.own and any(reason in first.label for _, reason, _ in last.modifiers)
    panel = CampaignPanel()
    qtbot.addWidget(panel)
    panel.show_step(cg1.campaign())
    assert "own dice" in panel.last_roll.text() and f"Final {last.final}" in panel.last_roll.text()


def test_the_forms_as_tables_and_printed(qtbot, cg1, tmp_path):
    cg1.apply(PurchaseRg("German", "V2"))
    forms = CampaignFormsPanel()
    qtbot.addWidget(forms)
    forms.show_forms(cg1.campaign_forms())
    assert [forms.tabText(i) for i in range(forms.count())] == ["CG Roster", "RG Purchase Record"]
    roster = forms.tables[0].table
    assert roster.item(0, 0).text() == "U.S." and roster.item(1, 0).text() == "Dec 19 AM"
    german = next(r for r in range(roster.rowCount()) if roster.item(r, 0).text() == "German")
    assert roster.item(german + 1, 7).text() == "V2 (14)"
    path = export_campaign_forms_pdf(cg1.campaign_forms(), tmp_path / "roster.pdf", "Kampfgruppe Peiper")
    assert path.read_bytes().startswith(b"%PDF")
    sheets = FormPages(cg1.campaign_forms(), "Kampfgruppe Peiper").sheets
    # A landscape sheet a side for the roster (all eight CG Dates), and for the purchase record.
    assert [(s.form.name, s.side) for s in sheets][:2] == [("CG Roster", "U.S."), ("CG Roster", "German")]
    assert len(sheets[0].rows) == 8 and {s.form.name for s in sheets[2:]} == {"RG Purchase Record"}


def test_the_table_shows_the_campaign_only_for_a_game_with_one(qtbot, cg1, table):
    assert not table.campaign.dock.isVisible() and not table.campaign.print_action.isVisible()
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(cg1, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    assert window.campaign.dock.isVisible() and window.campaign.print_action.text() == "Print CG Roster…"
    assert window.campaign.panel.title.text().startswith("8.619")
    assert window.apply(PurchaseRg("German", "V2"))
    assert "V2 (14)" in [window.campaign.forms.tables[0].table.item(r, 7).text()
                         for r in range(window.campaign.forms.tables[0].table.rowCount())
                         if window.campaign.forms.tables[0].table.item(r, 7) is not None]
    window.session.undo()
    assert window.campaign.panel.title.text().startswith("8.619")
    assert "Buy RG" in window.campaign.panel.buy.text()
