import pytest


@pytest.fixture
def vv():
    """A new game of 17.1 (seed 1), at its German set-up."""
    from ardennes_qt.engine import Session

    return Session.new("vv1944/17.1", seed=1)
