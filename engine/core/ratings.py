"""PLAY-2's ladder ratings: Elo-style ratings from head-to-head scores, fitted as a
Bradley–Terry model (P(i beats j) = 1 / (1 + 10^((r_j − r_i) / 400))), with 95 % intervals.

- A draw counts half a win to each side.
- Every pair also gets one virtual game split in half (a weak prior): a clean sweep (greedy
  beats random in every game) would otherwise push the ratings apart without end.
- The ratings average 1500. Their intervals come from the model's information matrix
  (its pseudo-inverse, as the ratings are only fixed up to a common shift): ±1.96 standard
  errors.
"""

from __future__ import annotations

from math import exp, log, sqrt

from engine.core.intervals import Z_95

ELO = 400 / log(10)  # rating points per natural log-odds unit
MEAN = 1500
PRIOR_GAMES = 1.0  # the virtual game every pair gets, split in half


def fit(players: list[str], scores: dict[tuple[str, str], tuple[float, int]]) -> list[dict]:
    """[{policy, rating, low, high, games}] in `players` order from `scores[(a, b)] =
    (a's points against b, games)` (each unordered pair once; a draw is half a point)."""
    count = len(players)
    index = {name: i for i, name in enumerate(players)}
    wins = [[0.0] * count for _ in range(count)]
    games = [[0.0] * count for _ in range(count)]
    played = [0] * count
    for (a, b), (points, total) in scores.items():
        i, j = index[a], index[b]
        wins[i][j] += points + PRIOR_GAMES / 2
        wins[j][i] += total - points + PRIOR_GAMES / 2
        games[i][j] += total + PRIOR_GAMES
        games[j][i] += total + PRIOR_GAMES
        played[i] += total
        played[j] += total
    strength = _mm(wins, games)
    theta = [log(value) for value in strength]
    shift = sum(theta) / count
    theta = [value - shift for value in theta]
    spread = _standard_errors(theta, games)
    return [
        {
            "policy": name,
            "rating": round(MEAN + ELO * theta[i]),
            "low": round(MEAN + ELO * (theta[i] - Z_95 * spread[i])),
            "high": round(MEAN + ELO * (theta[i] + Z_95 * spread[i])),
            "games": played[i],
        }
        for i, name in enumerate(players)
    ]


def _mm(wins: list[list[float]], games: list[list[float]], rounds: int = 2000) -> list[float]:
    """Hunter's minorization–maximization iterations for the Bradley–Terry strengths."""
    count = len(wins)
    strength = [1.0] * count
    for _ in range(rounds):
        updated = []
        for i in range(count):
            total = sum(wins[i])
            bottom = sum(
                games[i][j] / (strength[i] + strength[j]) for j in range(count) if games[i][j]
            )
            updated.append(total / bottom if bottom else strength[i])
        scale = sum(updated) / count
        updated = [value / scale for value in updated]
        done = max(abs(a - b) for a, b in zip(updated, strength, strict=True)) < 1e-12
        strength = updated
        if done:
            break
    return strength


def _standard_errors(theta: list[float], games: list[list[float]]) -> list[float]:
    """√diag of the pseudo-inverse of the information matrix L (rows summing to 0):
    L⁺ = (L + J/n)⁻¹ − J/n for a connected comparison graph."""
    count = len(theta)
    matrix = [[0.0] * count for _ in range(count)]
    for i in range(count):
        for j in range(count):
            if i != j and games[i][j]:
                p = 1 / (1 + exp(theta[j] - theta[i]))
                weight = games[i][j] * p * (1 - p)
                matrix[i][j] -= weight
                matrix[i][i] += weight
    shifted = [[value + 1 / count for value in row] for row in matrix]
    inverse = _invert(shifted)
    return [sqrt(max(0.0, inverse[i][i] - 1 / count)) for i in range(count)]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan with partial pivoting (a ladder has a handful of players)."""
    size = len(matrix)
    work = [row[:] + [float(i == r) for i in range(size)] for r, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [value / lead for value in work[column]]
        for row in range(size):
            if row != column and work[row][column]:
                factor = work[row][column]
                work[row] = [a - factor * b for a, b in zip(work[row], work[column], strict=True)]
    return [row[size:] for row in work]
