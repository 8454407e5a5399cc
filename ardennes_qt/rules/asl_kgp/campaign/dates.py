"""CG Dates (8.2): the calendar day of December 1944 plus AM, PM or Night, written "19 AM", "20 N"."""

from __future__ import annotations

from dataclasses import dataclass

TIMES = ("AM", "PM", "N")


@dataclass(frozen=True, order=True)
class CgDate:
    day: int
    time: int  # index into TIMES: AM, PM, N

    @classmethod
    def parse(cls, text: str) -> CgDate:
        day, time = text.split()
        return cls(int(day), TIMES.index(time))

    def __str__(self) -> str:
        return f"{self.day} {TIMES[self.time]}"

    @property
    def is_am(self) -> bool:
        return self.time == 0

    @property
    def is_pm(self) -> bool:
        return self.time == 1

    @property
    def is_night(self) -> bool:
        return self.time == 2


def on_or_after(date: str, other: str) -> bool:
    return CgDate.parse(date) >= CgDate.parse(other)


def days_after_19_night(date: str) -> int:
    """8.6201: "+1 per day after Dec 19 N" (the 8.6205 example: 21 AM is "two days past 19 December")."""
    d = CgDate.parse(date)
    return max(0, d.day - 19) if d > CgDate(19, 2) else 0
