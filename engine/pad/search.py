"""PLAY-2's `search` for PAD (engine/core/search.py): greedy (engine/pad/policies.py) whose
main decisions are searched. Decisions (PLAY-1.2), each listing greedy's choice first:

- the main phase (PAD-4.3), one action at a time: play a skill it can pay for, evolve a
  pet (free or paid), or end the main phase;
- where each orb card goes (PAD-4.4): the column;
- the defender's answers (PAD-4.5.2): which attacker to answer first (greedy's order, or
  one of the next two first), and whether to block it (greedy's blockers, or none).

The other choices (payments, effect targets, "may" triggers) stay greedy's.
"""

from __future__ import annotations

from random import Random

from engine.core.search import Replay, Searching
from engine.pad.opponent import defence_of
from engine.pad.policies import GreedyPolicy

END_MAIN = ("end",)
# simulations per kind of decision, as shares of the level's budget: the main phase
# decides most (evolving or keeping, using a skill), a block is a yes/no
MAIN_SHARE, DEFENCE_SHARE = 1.5, 0.5
MAX_ORDERS = 3  # answer orders compared: greedy's, and another attacker first


class PadSearch(Searching, GreedyPolicy):
    name = "search"
    description = (
        "Looks ahead: at each main-phase action, orb placement and block it plays the "
        "candidates out many times (greedy for both sides, the unseen cards shuffled) and "
        "keeps the one that wins most."
    )
    simulations = 40

    # --- main phase (PAD-4.3) ---------------------------------------------------------
    def main_phase(self, game) -> None:
        # Ends: every action but END_MAIN takes a card from the hand.
        while True:
            action = self.decide(
                game,
                lambda: self.main_actions(game),
                lambda: self.greedy_main_action(game),
                MAIN_SHARE,
            )
            if action == END_MAIN:
                return
            if action[0] == "skill":
                game.play_skill(action[1])
            else:
                game.evolve(action[1], action[2])

    def greedy_main_action(self, game) -> tuple:
        """Greedy's main phase one action at a time: a wanted skill, else the next of its
        evolutions, else the end."""
        skill = self.skill_to_play(game)
        if skill is not None:
            return ("skill", skill)
        for index, card in self.evolutions(game):
            if card in game.state.hand and game.can_evolve(index, card):
                return ("evolve", index, card)
        return END_MAIN

    def main_actions(self, game) -> list[tuple]:
        hand = dict.fromkeys(game.state.hand)
        actions = [self.greedy_main_action(game), END_MAIN]
        actions += [("skill", card) for card in hand if game.can_play(card)]
        actions += [
            ("evolve", index, card)
            for card in hand
            if card.is_pet
            for index in range(len(game.state.pets))
            if game.can_evolve(index, card)
        ]
        return list(dict.fromkeys(actions))

    # --- puzzle phase (PAD-4.4) -------------------------------------------------------
    def choose_column(self, game, card) -> int:
        return self.decide(
            game,
            lambda: list(
                dict.fromkeys(
                    [GreedyPolicy.choose_column(self, game, card), *range(len(game.state.columns))]
                )
            ),
            lambda: GreedyPolicy.choose_column(self, game, card),
        )

    # --- the defender (PAD-4.5.2) -----------------------------------------------------
    def choose_answer_order(self, game, attackers: list[tuple[int, int, int]]) -> list[int]:
        def greedy() -> list[int]:
            return GreedyPolicy.choose_answer_order(self, game, attackers)

        def orders() -> list[list[int]]:
            best = greedy()
            found = [best]
            for index in best[1:MAX_ORDERS]:
                found.append([index, *(other for other in best if other != index)])
            return found

        return self.decide(game, orders, greedy, DEFENCE_SHARE)

    def choose_blockers(self, game, attack: int) -> list[int]:
        def greedy() -> list[int]:
            return GreedyPolicy.choose_blockers(self, game, attack)

        def sets() -> list[list[int]]:
            # blocking taps the pets that could attack next turn: the choice that matters
            # is whether to block at all (which pets, greedy's cheapest, rarely does)
            best = greedy()
            return [best, []] if best else [best]

        return self.decide(game, sets, greedy, DEFENCE_SHARE)


class PadSearchStrong(PadSearch):
    name = "search-strong"
    description = "As search, with four times the simulations per decision (run as a job)."
    simulations = 160


class PadReplay(Replay):
    @staticmethod
    def policies(game) -> list:
        return [side.policy for side in game.sides] if game.sides else [game.policy]

    def install(self, game, seat: int, policy) -> None:
        (game.sides[seat] if game.sides else game).policy = policy

    def hidden(self, game, seat: int, owner: int) -> list[list]:
        if not game.sides:  # the goldfish (DGM-5) hides nothing but the player's deck
            if owner:
                return []
            return [game.state.deck, game.state.life]
        state = game.sides[owner].state
        if owner == seat:
            return [state.deck, state.life]
        return [state.hand, state.deck, state.life]

    def after_determinization(self, game, rng: Random) -> None:
        game.rng.seed(rng.getrandbits(64))
        for side in game.sides or (game,):
            side.version += 1

    # --- the game interface (engine/core/interface.py) --------------------------------
    search_class = PadSearch

    def label_parts(self, kind: str, option) -> tuple[str, dict]:
        """(English template, its values) of an option: the glue translates the template
        (engine/action_texts.py); `card` / `cards` values are card names."""
        if kind == "main_phase":
            if option == END_MAIN:
                return "End the main phase", {}
            if option[0] == "skill":
                return "Use %(card)s", {"card": option[1].name}
            return "Evolve pet %(slot)s into %(card)s", {
                "slot": option[1] + 1,
                "card": option[2].name,
            }
        if kind == "choose_column":
            return "Put the orb card in column %(column)s", {"column": option + 1}
        if kind == "choose_answer_order":
            return "Answer the attacker in slot %(slot)s first", {"slot": option[0] + 1}
        if kind == "choose_blockers":
            if not option:
                return "Do not block", {}
            pets = ", ".join(str(index + 1) for index in option)
            return "Block with pet %(pets)s", {"pets": pets}
        return "%(option)s", {"option": str(option)}

    def observe(self, world, seat: int) -> dict:
        """PLAY-1.3 for PAD: own hand; both sides' pets, orb columns, discard piles and
        the sizes of the hidden zones."""
        sides = world.sides or (world,)
        me = sides[seat]
        view = {"turn": world.turn, "phase": me.phase, "me": _side(me.state, True)}
        if len(sides) > 1:
            view["opponent"] = _side(sides[1 - seat].state, False)
        return view


def _side(state, own: bool) -> dict:
    return {
        "hand": [card.name for card in state.hand] if own else len(state.hand),
        "life": len(state.life),
        "deck": len(state.deck),
        "discard": [card.name for card in state.discard],
        "columns": [[card.name for card in column] for column in state.columns],
        "pets": [
            {
                "name": stack.top.name,
                "cards": len(stack.cards),
                "tapped": stack.tapped,
                "defense": defence_of(stack),
            }
            for stack in state.pets
        ],
        "attack_area": list(state.attack_area),  # pet indices attacking now
    }
