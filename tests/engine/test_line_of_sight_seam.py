"""A game without line of sight answers None and an empty viewshed: the table shows less."""

from ardennes_qt.core.system import LineOfSight
from ardennes_qt.engine import Session


def test_a_game_without_line_of_sight_says_so():
    session = Session.new("ardennes2/7.5", seed=1)
    assert not session.offers(LineOfSight)
    assert session.los("A37.23", "A36.24") is None
    assert session.viewshed("A37.23") == {}
