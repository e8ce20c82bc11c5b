"""Policy choices for engine/pad/opponent.py's vocabulary (the opponent-side actions and
the defence-side triggers), as mixins of the policies of engine/pad/policies.py:
`OpponentChoices` gives each hook a legal, simple default (no optional plays),
`GreedyOpponentChoices` the greedy policy's choices, `RandomOpponentChoices` the random
policy's (uniform among the legal options, from the game's `Random`).

Greedy:
- blockers (PAD-4.5.2, `greedy_blockers`): block every attack it can with the fewest
  pets allowed to guard, the weakest one that suffices alone, else the strongest first,
  on the defences `PadGame.guard_options` gives (this turn's changes and guard bonuses
  included);
- `negate_damage`: as much as keeps it alive when the damage would empty its life area,
  else only with spare hand cards (keep value 0);
- `guard_declaration`: a defence bonus or an untap only when no block is possible
  without it and one is with it;
- the defence bonus goes to the pet allowed to guard with the highest defence;
- swapping two of the opponent's orb cards (`opponent_orb_swap`): the swap that lowers
  most the opponent's orb score (per column and colour: 3 for two orbs, 1 for one, so
  pairs close to a combo count most, PAD-5.1), none when no swap lowers it.
"""

from __future__ import annotations

from engine.pad.opponent import defence_of

PAIR, SINGLE = 3, 1  # the orb score of a column's colour with two orbs / one orb


def greedy_blockers(options: list[tuple[int, int]], attack: int) -> list[int]:
    """PAD-4.5.2 on (pet index, defence) options: the weakest pet whose defence alone is
    strictly greater than the attack, else the strongest first until the total is."""
    ordered = sorted(options, key=lambda option: (-option[1], option[0]))
    alone = [index for index, defence in ordered if defence > attack]
    if alone:
        return [alone[-1]]
    chosen, total = [], 0
    for index, defence in ordered:
        chosen.append(index)
        total += defence
        if total > attack:  # PAD-4.5.2: strictly greater
            return chosen
    return []


def plan_blocks(options: list[tuple[int, int]], attackers: list[tuple[int, int, int]]) -> list[int]:
    """PAD-4.5.2: the order in which to answer `attackers` ((pet index, attack, damage
    points)), each then blocked by `greedy_blockers` with the pets left: the most damaging
    first (an 800 +1 before a 400, so two pets are not spent on the 400 while the 800
    walks in), and among equal damage the cheapest to block first (so more attacks are
    blocked). As declared when nothing can be blocked."""
    total = 0
    for _index, defence in options:
        total += defence
    if all(attack <= 0 or attack >= total for _index, attack, _points in attackers):
        return [index for index, _attack, _points in attackers]
    ordered = sorted(attackers, key=lambda a: (a[1] <= 0, -a[2], a[1]))
    return [index for index, _attack, _points in ordered]


def orb_score(counts: list[list[int]]) -> int:
    """How close the columns are to combos: per column and colour, 3 for two orbs and 1
    for one (a colour with three already made its combo)."""
    score = 0
    for tally in counts:
        for colour in range(6):
            held = tally[colour]
            score += PAIR if held == 2 else SINGLE if held == 1 else 0
    return score


class OpponentChoices:
    """Legal defaults: no optional plays, the first option."""

    def choose_negations(self, game, step, points: int, most: int) -> int:
        """`negate_damage`: how many times (0 … most) to pay its discard cost."""
        return 0

    def use_guard_declaration(self, game, card, step, attack: int) -> bool:
        """Whether to run an optional `guard_declaration` step of `card`."""
        return False

    def choose_defence_bonus_target(self, game, step, candidates: list[int]) -> int | None:
        return candidates[0] if candidates else None

    def choose_orb_swap(self, game, options: list) -> tuple | None:
        """`opponent_orb_swap` ("you can"): one pair of (column, position), or None."""
        return None


class GreedyOpponentChoices(OpponentChoices):
    """The greedy policy's choices (see the module docstring); needs `keep_values`."""

    def choose_negations(self, game, step, points: int, most: int) -> int:
        per = max(1, step.amount)
        life = len(game.state.life)
        if points >= life:  # lethal: negate enough to keep one life card
            return min(most, -(-(points - life + 1) // per))
        cost = max(1, step.discard_cost)
        spare = sum(1 for value in self.keep_values(game, game.state.hand) if not value)
        return min(most, spare // cost)

    def use_guard_declaration(self, game, card, step, attack: int) -> bool:
        options = game.guard_options()
        if greedy_blockers(options, attack):
            return False
        if len(game.state.hand) < step.discard_cost:
            return False
        total = sum(defence for _, defence in options)
        if step.action == "defense_bonus":
            return bool(options) and total + step.amount > attack
        if step.action == "untap" and step.scope == "self":
            for stack in game.state.pets:
                if stack.top is card and stack.tapped:
                    return total + defence_of(stack) > attack
        return False

    def choose_defence_bonus_target(self, game, step, candidates: list[int]) -> int | None:
        options = [option for option in game.guard_options() if option[0] in candidates]
        if not options:
            return super().choose_defence_bonus_target(game, step, candidates)
        return max(options, key=lambda option: (option[1], -option[0]))[0]

    def choose_orb_swap(self, game, options: list) -> tuple | None:
        state = game.opponent.state
        best, best_score = None, orb_score(state.counts)
        for pick in options:
            (a, i), (b, j) = pick
            one, other = state.columns[a][i], state.columns[b][j]
            counts = [list(tally) for tally in state.counts]
            for colour in one.orbs:
                counts[a][colour] -= 1
                counts[b][colour] += 1
            for colour in other.orbs:
                counts[b][colour] -= 1
                counts[a][colour] += 1
            score = orb_score(counts)
            if score < best_score:
                best, best_score = pick, score
        return best


class RandomOpponentChoices(OpponentChoices):
    """Uniform among the legal options, drawn from the game's `Random`."""

    def choose_negations(self, game, step, points: int, most: int) -> int:
        return game.rng.randint(0, most)

    def use_guard_declaration(self, game, card, step, attack: int) -> bool:
        return game.rng.random() < 0.5

    def choose_defence_bonus_target(self, game, step, candidates: list[int]) -> int | None:
        return game.rng.choice(candidates) if candidates else None

    def choose_orb_swap(self, game, options: list) -> tuple | None:
        pick = game.rng.randrange(len(options) + 1)
        return None if pick == len(options) else options[pick]
