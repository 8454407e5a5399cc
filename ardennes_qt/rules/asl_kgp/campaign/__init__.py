"""The ASL *Kampfgruppe Peiper* Campaign Game companion (rules 8.1-8.625): the CG state and CG Roster,
the RG Purchase Record, and the Refit Phase as a guided sequence of steps, each with its rule, its
tables rolled with the program's seeded dice (or the players' own) and every modifier with its reason.

What needs the map or the ASL rulebook (Melee, rally, Setup Areas, Escape by Location, setup) is a
step the players do at the table and confirm; the step says why.
"""

from ardennes_qt.rules.asl_kgp.campaign.play import apply_campaign, campaign_actions, new_campaign
from ardennes_qt.rules.asl_kgp.campaign.situation import campaign_situation
from ardennes_qt.rules.asl_kgp.campaign.state import (
    CampaignState, campaign_from_json, campaign_to_json, state_hash,
)

__all__ = ["CampaignState", "new_campaign", "campaign_actions", "apply_campaign", "campaign_situation",
           "campaign_to_json", "campaign_from_json", "state_hash"]
