"""Ardennes 1944 on the table: its counters show the game's own values (strength-steps-quality; an
HQ's support and C3I), marked estimated; the phase bar's conditions name the initiative and the
sequence; New Game and Help say what is not played by the rules yet."""

from __future__ import annotations

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.vv1944.actions import PlaceSplit


def test_the_table_draws_the_games_own_values(qtbot):
    from ardennes_qt.ui.table_window import TableWindow

    session = Session.new("vv1944/17.1", seed=1)
    window = TableWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    faces = window.view.counters.items
    assert faces["9DI"].face.values == "12-4-4" and not faces["9DI"].face.boxed and faces["9DI"].face.estimated
    assert faces["HQ:V"].face.values == "3 · B" and faces["HQ:V"].face.designation == "HQ V"
    assert faces["9DI"].face.band_colour == session.content.formations["V"].colour  # the corps' colour (1.1)
    while session.choices() and session.choices()[0].kind == "place_split":
        session.apply(session.choices()[0].actions()[0])
    assert isinstance(session.action_log()[0], PlaceSplit)
    conditions = dict(session.phase().conditions())
    assert conditions["Initiative"] == "German" and conditions["Sequence"].startswith("German")


def test_new_game_and_help_say_what_is_not_played_yet():
    from ardennes_qt.ui.about_box import about_text
    from ardennes_qt.ui.scenario_chooser import brief_html, shipped_scenarios

    listed = dict(shipped_scenarios())
    assert listed["vv1944/17.1"].endswith("(not all rules played yet)")
    assert not listed["ardennes2/7.1"].endswith("(not all rules played yet)")
    assert "Combat is played only in part" in brief_html("vv1944/17.2")
    assert "Combat is played only in part" in about_text(Session.new("vv1944/17.1").content)
