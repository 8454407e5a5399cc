"""The VP track dock: the German VP total now and the greatest at the end of a turn, the
victory level it means on the scenario's scale (6.0, 7.3) or, where VP hexes decide
(7.4-7.6), how many are held, and the chart of VPs by turn.  Every number comes from the
rules (the game's VP track, ``core.planning.VpTrack``); hovering the result lists the
reasons behind it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ardennes_qt.core.planning import VpTrack
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.vp_chart import BAND_TEXT, VpChart

NO_TRACK = "No VP track in this scenario: it is won otherwise."  # its dock is hidden then (table_window)
PROVISIONAL = "#b26a00"


def provisional_note(track: VpTrack) -> tuple[str, str]:
    """(a short note, its explanation) when the result rests on a provisional choice of the
    rules (Ardennes II M10: the VP hexes nobody has occupied), else ("", "")."""
    if not track.provisional_note:
        return "", ""
    return track.provisional_note, "\n".join(f"{where}: {reason}" for where, reason in track.provisional)


def reason_lines(track: VpTrack) -> list[str]:
    """The reasons behind the result, one per line, each with its rule."""
    out = []
    for i, (amount, why, rule) in enumerate(track.reasons):
        if track.kind == "vp":
            lead = f"{amount} VP: " if amount != "" else ""
        else:  # the first reason counts the VP hexes held; the others name them
            lead = f"{amount} " if i == 0 else ""
        out.append(f"{lead}{why} ({rule})" if rule else f"{lead}{why}")
    return out


def result_words(track: VpTrack) -> str:
    when = "Final result" if track.final else "If play ended now"
    return f"{when}: {track.result}"


def standing_words(track: VpTrack) -> str:
    """What the result is judged on: the greatest total (6.0) or the VP hexes held (7.4-7.6)."""
    if track.kind == "vp" and track.judged_on == "end":
        so_far = f"; so far at most {track.greatest} VP, at the end of Turn {track.greatest_turn}" if track.greatest is not None else ""
        return f"Judged on the total at the end of Turn {track.last_turn} ({track.rule}){so_far}"
    if track.kind == "vp":
        if track.greatest is None:
            return "No turn has ended yet: the total now is judged"
        level = track.level_of(track.greatest)
        return f"Greatest: {track.greatest} VP at the end of Turn {track.greatest_turn} — {level.result if level else ''}"
    held, why, rule = track.reasons[0]
    return f"{held} {why} ({rule})"


class VpTrackPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.track: VpTrack | None = None
        self.current = QLabel()
        self.current.setObjectName("vpNow")
        self.standing = QLabel()
        self.standing.setWordWrap(True)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.PlainText)
        self.provisional = QLabel()
        self.provisional.setWordWrap(True)
        self.provisional.setStyleSheet(f"color: {PROVISIONAL};")
        self.chart = VpChart()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        for label in (self.current, self.standing, self.result, self.provisional):
            layout.addWidget(label)
        layout.addWidget(self.chart, 1)

    def show_session(self, session: Session) -> None:
        track = session.vp_track()
        self.track = track
        self.chart.setVisible(track is not None)
        if track is None:
            self.current.setText(NO_TRACK)
            for label in (self.standing, self.result, self.provisional):
                label.clear()
            return
        note, why = provisional_note(track)
        self.provisional.setText(note)
        self.provisional.setToolTip(why)
        self.provisional.setVisible(bool(note))
        self.current.setText(f"<b>{track.side} VP now: {track.current}</b> (Turn {track.turn} of {track.last_turn})")
        self.standing.setText(standing_words(track))
        self.result.setText(result_words(track))
        colour = BAND_TEXT[track.winner].name()
        self.result.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.result.setToolTip("\n".join(reason_lines(track)))
        self.chart.show_track(track, dict(session.content.scenario.dates))
        self.chart.setToolTip(
            "German VP at the end of each turn (6.0); the open dot is the total now, the red ring the greatest."
        )
