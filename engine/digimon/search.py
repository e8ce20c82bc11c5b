"""PLAY-2's `search` for the Digimon card game (engine/core/search.py): greedy
(engine/digimon/policies.py) whose decisions are searched. Decisions (PLAY-1.2), each
listing greedy's choice first:

- the Level III to start with (DGM-3.1) and the Level III swap (DGM-4.1 step 2);
- the discards (step 1): greedy's, or none;
- the evolution chain (step 3): every chain the hand and Net Ocean can pay for, and none;
- the options set into slots (step 4): greedy's, none, or any one of them;
- going on with an evolution whose requirement is met (DGM-4.2);
- each alternating play of DGM-4.4, or passing.

The other choices (requirement cards, evolution options, their targets) stay greedy's.

Fair information (PLAY-1.3): the opponent's hand, both Net Oceans' order, the opponent's
face-down Level III and its face-down evolving cards with their ○/× cards (DGM-4.1 step 3,
DGM-4.3, until the evolution phase turns them up) are dealt anew in every simulation, as a
legal chain (`DigimonReplay.deal_rival`).
"""

from __future__ import annotations

from random import Random

from engine.core.search import Replay, Searching
from engine.digimon.cards import III
from engine.digimon.policies import GreedyPolicy, affordable_chains
from engine.digimon.random_policy import battle_plays

MAX_CHAINS = 8  # evolution chains a decision compares, greedy's and none included
CHAIN_ATTEMPTS = 8  # random deals of a hidden Level III and evolving chain before the real


def _legal_deal(unseen: list, box, chain: list, top, rng: Random):
    """One random (Level III, evolving chain) from the unseen cards in the shape of the
    real ones (`box` None: the Level III is seen; `chain` [] : no hidden chain), or None at
    a dead end."""
    left = list(unseen)
    if box is not None:
        thirds = [card for card in left if card.level == III]
        box = thirds[rng.randrange(len(thirds))]
        left.remove(box)
        top = box
    dealt = []
    for real in chain:
        fits = [
            card
            for card in left
            if card in top.children and card.need == real.need and not card.other
        ]
        if not fits:
            return None
        top = fits[rng.randrange(len(fits))]
        left.remove(top)
        dealt.append(top)
    return box, dealt


def _unique(options: list) -> list:
    found: dict = {}
    for option in options:
        key = tuple(option) if isinstance(option, list) else option
        found.setdefault(key, option)
    return list(found.values())


class DigimonSearch(Searching, GreedyPolicy):
    name = "search"
    description = (
        "Looks ahead: at each choice of a round it plays the candidates out many times "
        "(greedy for both sides, the unseen cards shuffled) and keeps the one that wins "
        "most."
    )
    simulations = 40

    def choose_level_iii(self, game, candidates):
        return self.decide(
            game,
            lambda: _unique([GreedyPolicy.choose_level_iii(self, game, candidates), *candidates]),
            lambda: GreedyPolicy.choose_level_iii(self, game, candidates),
        )

    def choose_discards(self, game):
        def greedy():
            return GreedyPolicy.choose_discards(self, game)

        def options():
            cards, slots = greedy()
            if not cards and not slots:
                return [(cards, slots)]
            return [(cards, slots), ([], [])]

        return self.decide(game, options, greedy)

    def choose_swap(self, game):
        def options():
            if len(game.state.box) != 1:
                return [None]
            thirds = [card for card in game.state.hand if card.level == III]
            return _unique([GreedyPolicy.choose_swap(self, game), None, *thirds])

        return self.decide(game, options, lambda: GreedyPolicy.choose_swap(self, game))

    def plan_evolution(self, game) -> None:
        def options():
            state = game.state
            found = [self.evolution_chain(game), []]
            for chain in affordable_chains(
                game, state.top, list(state.hand), len(state.net_ocean), []
            ):
                found.append(chain)
                if len(found) > 4 * MAX_CHAINS:
                    break
            return _unique(found)[:MAX_CHAINS]

        for card in self.decide(game, options, lambda: self.evolution_chain(game)):
            game.choose_evolution(card)

    def choose_options(self, game):
        def options():
            best = GreedyPolicy.choose_options(self, game)
            if not game.state.slots.count(None):
                return [best]
            singles = [[card] for card in dict.fromkeys(game.state.hand) if card.is_option]
            return _unique([best, [], *singles])

        return self.decide(game, options, lambda: GreedyPolicy.choose_options(self, game))

    def confirm_evolution(self, game, card) -> bool:
        def greedy() -> bool:
            return GreedyPolicy.confirm_evolution(self, game, card)

        return self.decide(game, lambda: [greedy(), not greedy()], greedy)

    def choose_battle_play(self, game):
        def greedy():
            return GreedyPolicy.choose_battle_play(self, game)

        return self.decide(game, lambda: _unique([greedy(), None, *battle_plays(game)]), greedy)


class DigimonSearchStrong(DigimonSearch):
    name = "search-strong"
    description = "As search, with four times the simulations per decision (run as a job)."
    simulations = 160


class DigimonReplay(Replay):
    @staticmethod
    def policies(game) -> tuple:
        return game.policies

    def install(self, game, seat: int, policy) -> None:
        policies = list(game.policies)
        policies[seat] = policy
        game.policies = tuple(policies)
        if game.side == seat:
            game.policy = policy

    def hidden(self, game, seat: int, owner: int) -> list[list]:
        if game.dummy and owner:
            return []  # DGM-5: the dummy has no cards
        state = game.sides[owner]
        if owner == seat:
            return [state.net_ocean]
        return [state.hand, state.net_ocean]

    def determinize(self, live, copy, seat: int, rng: Random) -> None:
        if live.dummy:
            super().determinize(live, copy, seat, rng)
            return
        own = self.canonical(list(live.sides[seat].net_ocean))
        rng.shuffle(own)
        copy.sides[seat].net_ocean[:] = own
        self.deal_rival(live.sides[1 - seat], copy.sides[1 - seat], rng)
        self.after_determinization(copy, rng)

    def deal_rival(self, state, target, rng: Random) -> None:
        """The opponent's unseen cards dealt anew: its hand and Net Ocean, its face-down
        Level III (DGM-3.1: one of the unseen Level IIIs) and its face-down evolving cards
        with their ○/× cards (DGM-4.1 step 3, DGM-4.3) until the evolution phase turns
        them up. What stays seen stays: the count of evolving cards and of each one's ○/×
        cards, and every upright requirement card (a chain with one is kept as it is). A
        dealt chain is legal: each card evolves from the one before and asks as many ○/×
        as the card it replaces."""
        hidden_box = state.face_down and bool(state.box)
        hidden_chain = bool(state.evolving) and not any(card.other for card in state.evolving)
        unseen = [*state.hand, *state.net_ocean]
        if hidden_box:
            unseen.append(state.box[0])
        if hidden_chain:
            unseen += state.evolving
            for group, taken in zip(state.requirements, state.taken, strict=True):
                unseen += group[:taken]
        unseen = self.canonical(unseen)
        box = state.box[0] if hidden_box else None
        chain = list(state.evolving) if hidden_chain else []
        for _attempt in range(CHAIN_ATTEMPTS):
            drawn = _legal_deal(unseen, box, chain, state.box[-1] if state.box else None, rng)
            if drawn is not None:
                box, chain = drawn
                break
        # else the real ones, which are always legal (a dead end each time is rare)
        rest = list(unseen)
        for card in ([box] if hidden_box else []) + chain:
            rest.remove(card)
        rng.shuffle(rest)
        if hidden_box:
            target.box[0] = box
        if hidden_chain:
            target.evolving[:] = chain
            for group, taken in zip(target.requirements, state.taken, strict=True):
                group[:taken] = rest[:taken]
                del rest[:taken]
        size = len(target.hand)
        target.hand[:] = rest[:size]
        target.net_ocean[:] = rest[size:]

    def after_determinization(self, game, rng: Random) -> None:
        game.rng.seed(rng.getrandbits(64))

    # --- the game interface (engine/core/interface.py) --------------------------------
    search_class = DigimonSearch

    def label_parts(self, kind: str, option) -> tuple[str, dict]:
        """(English template, its values) of an option: the glue translates the template
        (engine/action_texts.py); `card` / `cards` values are card names."""
        if kind == "choose_level_iii":
            return "Start with %(card)s", {"card": option.name}
        if kind == "choose_discards":
            cards, slots = option
            if not cards and not slots:
                return "Discard nothing", {}
            if not slots:
                return "Discard %(cards)s", {"cards": _names(cards)}
            numbers = ", ".join(str(slot + 1) for slot in slots)
            return "Discard %(cards)s and the options in slots %(slots)s", {
                "cards": _names(cards),
                "slots": numbers,
            }
        if kind == "choose_swap":
            if option is None:
                return "Keep the Level III", {}
            return "Swap in %(card)s", {"card": option.name}
        if kind == "plan_evolution":
            if not option:
                return "Do not evolve", {}
            return "Evolve into %(cards)s", {"cards": _names(option)}
        if kind == "choose_options":
            if not option:
                return "Set no option", {}
            return "Set %(cards)s", {"cards": _names(option)}
        if kind == "confirm_evolution":
            return ("Evolve", {}) if option else ("Give up this evolution", {})
        if kind == "choose_battle_play":
            if option is None:
                return "Pass", {}
            play, what = option
            if play == "support":
                return "Use the support effect of %(card)s", {"card": what.name}
            if play == "combo":
                return "Complete the combo in slot %(slot)s", {"slot": what + 1}
            return "Use the option in slot %(slot)s", {"slot": what + 1}
        return "%(option)s", {"option": str(option)}

    def observe(self, world, seat: int) -> dict:
        """PLAY-1.3 for Digimon: own hand; both boxes once turned up, the evolving
        boxes' sizes, option slots, Dark Areas, points and hidden zones' sizes."""
        return {
            "round": world.round,
            "phase": world.phase,
            "points": {"me": world.points[seat], "opponent": world.points[1 - seat]},
            "me": _digimon_side(world.sides[seat], True),
            "opponent": _digimon_side(world.sides[1 - seat], False),
        }


def _names(cards) -> list[str]:
    return [card.name for card in cards]


def _digimon_side(state, own: bool) -> dict:
    """One side as `own` (or the other player) sees it: the requirement cards face down
    for the other (DGM-4.3: it may not look at them), their ○/× orientation seen."""
    hidden_box = state.face_down and not own
    requirements = [card.name for group in state.requirements for card in group]
    return {
        "hand": _names(state.hand) if own else len(state.hand),
        "net_ocean": len(state.net_ocean),
        "dark_area": _names(state.dark_area),
        "box": None if hidden_box else _names(state.box),
        "box_size": len(state.box),
        "box_face_down": state.face_down,
        "evolving": _names(state.evolving) if own else len(state.evolving),
        "requirements": requirements if own else len(requirements),
        "requirement_marks": state.requirement_marks(),
        "support": _names(state.support),
        "gauge": len(state.gauge),
        "slots": [None if card is None else card.name for card in state.slots],
    }
