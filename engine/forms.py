"""The goldfish pages' forms and the page parameters they read."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from cards import vocabulary as v
from decks.forms import MAX_LIST_CHARS, game_choices
from engine.policy_texts import POLICY_LABELS
from engine.services import DEFAULT_TURN_CAP, MAX_GAMES

# Games of one run (against each opponent, for a matchup), as the API allows: a run above
# the synchronous size goes to the job workers, so only the goldfish budget bounds its total.
PAGE_MAX_GAMES = MAX_GAMES
# The most a page plays inside its own request, whatever JOB_SYNC_GAMES says: more would
# hold a server worker past the time limit.
PAGE_SYNC_MAX_GAMES = 20_000
DEFAULT_GAMES = 1000
MAX_SEED = 2**63 - 1
MAX_TURN_CAP = 100
ORDERS = {"both": None, "first": True, "second": False}


class RunOptionsForm(forms.Form):
    """What the goldfish, matchup and compare forms share: the seeds, "allow an illegal deck",
    the policy selects (POLICY_FIELDS) and defaults for whatever the address leaves out."""

    seed = forms.IntegerField(
        label=gettext_lazy("Seed"), min_value=0, max_value=MAX_SEED, required=False
    )
    allow_invalid = forms.BooleanField(label=gettext_lazy("Allow an illegal deck"), required=False)
    sample = forms.IntegerField(
        label=gettext_lazy("Sample game seed"), min_value=0, max_value=MAX_SEED, required=False
    )

    DEFAULTS: dict = {}
    POLICY_FIELDS: tuple[str, ...] = ("policy",)

    def __init__(self, policies: dict[str, str], *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.POLICY_FIELDS:
            # The value stays the engine's name (addresses, the API); the reader sees its label.
            self.fields[name].choices = [
                (policy, POLICY_LABELS.get(policy, policy)) for policy in policies
            ]
        self.defaults = self.defaults_for(policies)
        for name, value in self.defaults.items():
            self.fields[name].initial = value

    @staticmethod
    def pick_policy(policies) -> str:
        return "greedy" if "greedy" in policies else next(iter(policies), "")

    @classmethod
    def defaults_for(cls, policies) -> dict:
        """DEFAULTS, and every policy select at the default policy of the game."""
        policy = cls.pick_policy(policies)
        return {**cls.DEFAULTS, **dict.fromkeys(cls.POLICY_FIELDS, policy)}

    def clean(self):
        data = super().clean()
        for name, value in self.defaults.items():
            if data.get(name) in (None, ""):
                data[name] = value
        return data


class GoldfishForm(RunOptionsForm):
    """The run options; every field has a default, so a partial address still runs."""

    games = forms.IntegerField(
        label=gettext_lazy("Games"), min_value=1, max_value=PAGE_MAX_GAMES, required=False
    )
    policy = forms.ChoiceField(label=gettext_lazy("Policy"), required=False)
    order = forms.ChoiceField(
        label=gettext_lazy("Going"),
        required=False,
        choices=[
            ("both", gettext_lazy("Both (half the games each)")),
            ("first", pgettext_lazy("going", "First")),
            ("second", pgettext_lazy("going", "Second")),
        ],
    )
    turn_cap = forms.IntegerField(
        label=gettext_lazy("Turn cap"), min_value=1, max_value=MAX_TURN_CAP, required=False
    )

    DEFAULTS = {
        "games": DEFAULT_GAMES,
        "seed": 0,
        "order": "both",
        "turn_cap": DEFAULT_TURN_CAP,
        "sample": 1,
    }


class ListForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=game_choices, initial=v.PAD)
    list = forms.CharField(
        label=gettext_lazy("Deck list"),
        max_length=MAX_LIST_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )


def int_param(value, default: int) -> int:
    """A whole-number page parameter, or the default when it is missing or not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


GAUNTLET = "gauntlet"  # every reference deck of the game as opponents


class MatchupForm(RunOptionsForm):
    """ "Test against…": an opponent (a deck or the gauntlet) and the run options; every
    field but the opponent has a default, so a partial address still runs."""

    opponent = forms.ChoiceField(label=gettext_lazy("Opponent"))
    games = forms.IntegerField(
        label=gettext_lazy("Games against each opponent"),
        min_value=1,
        max_value=PAGE_MAX_GAMES,
        required=False,
    )
    policy = forms.ChoiceField(label=gettext_lazy("Your policy"), required=False)
    opponent_policy = forms.ChoiceField(label=gettext_lazy("Opponent's policy"), required=False)
    order = forms.ChoiceField(
        label=gettext_lazy("Going"),
        required=False,
        choices=[
            ("both", gettext_lazy("Alternating (half the games each)")),
            ("first", pgettext_lazy("going", "First")),
            ("second", pgettext_lazy("going", "Second")),
        ],
    )

    DEFAULTS = {
        "opponent": GAUNTLET,
        "games": DEFAULT_GAMES,
        "seed": 0,
        "order": "both",
        "sample": 1,
    }

    POLICY_FIELDS = ("policy", "opponent_policy")

    def __init__(self, policies: dict[str, str], opponents: list, *args, **kwargs):
        """`opponents`: the select's choices, (value, label) pairs and (group, pairs)."""
        super().__init__(policies, *args, **kwargs)
        self.fields["opponent"].choices = opponents


def with_defaults(params, defaults: dict):
    """The address's options, the missing ones at their defaults (shown in the form)."""
    data = params.copy()
    for name, value in defaults.items():
        if not data.get(name):
            data[name] = str(value)
    return data


class CompareForm(MatchupForm):
    """A/B compare: the same run for this deck and another one (MATCH-1)."""

    other = forms.ChoiceField(label=gettext_lazy("Compare with"))

    def __init__(self, policies: dict[str, str], opponents: list, others: list, *args, **kwargs):
        super().__init__(policies, opponents, *args, **kwargs)
        self.fields["other"].choices = others
        self.order_fields(["other", "opponent"])
