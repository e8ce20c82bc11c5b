"""A batch as a plan: recipes, each played over games 0 … games-1, and the assembly that
turns their summaries into the report.

A plan runs either here (`Plan.run`: one process or a pool, engine/core/batch.py) or cut
into chunks of consecutive game indices that any task-queue worker plays
(`Plan.chunks`, `play_chunk`) and merged back in index order (`Plan.assemble`). Game `i` of
every recipe is seeded `game_seed(seed, i)` either way, so both paths give the same report,
byte for byte. Plans and summaries pickle, so a plan can wait in a database for workers on
other machines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.core import batch
from engine.core.recipes import Recipe
from engine.core.registry import Prepared, Summary


class Assembly(Protocol):
    """Turns the merged summary of each recipe, in recipe order, into the report."""

    def report(self, summaries: Sequence[Summary]) -> dict: ...


@dataclass(frozen=True)
class Chunk:
    """Games start … stop-1 of recipe number `recipe`."""

    recipe: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True)
class GoldfishAssembly:
    seed: int
    going_first: bool | None

    def report(self, summaries: Sequence[Summary]) -> dict:
        (summary,) = summaries
        return summary.report(seed=self.seed, going_first=self.going_first)


@dataclass(frozen=True)
class Plan:
    recipes: tuple[Recipe, ...]
    games: int  # per recipe
    seed: int
    going_first: bool | None
    assembly: Assembly

    @property
    def total(self) -> int:
        """Games over every recipe."""
        return self.games * len(self.recipes)

    def run(
        self,
        *,
        processes: int | None = None,
        progress: Callable[[int, int], None] | None = None,
        deadline: float | None = None,
    ) -> dict:
        """The report, played in this process (or its pool); progress(done, total) counts
        games over every recipe; past `deadline` (time.monotonic()) raises TimeLimit."""
        summaries = []
        for number, recipe in enumerate(self.recipes):

            def step(played: int, _games: int, done: int = number * self.games) -> None:
                if progress:
                    progress(done + played, self.total)

            summaries.append(
                batch.run_recipe(
                    recipe,
                    games=self.games,
                    seed=self.seed,
                    going_first=self.going_first,
                    processes=processes,
                    progress=step,
                    deadline=deadline,
                )
            )
        return self.assembly.report(summaries)

    def check(self) -> None:
        """Prepare every recipe once, so a deck or option the engine refuses raises its
        EngineError now rather than on a worker."""
        for recipe in self.recipes:
            recipe.prepare()

    def games_left(self) -> int:
        """Every game of the plan: it has one stage."""
        return self.total

    def prepare(self, recipe: int) -> Prepared:
        """Recipe number `recipe`, prepared (a worker keeps it for the plan's next chunks)."""
        return self.recipes[recipe].prepare()

    def chunks(self, size: int) -> list[Chunk]:
        """The plan cut into chunks of at most `size` games, recipe by recipe."""
        return [
            Chunk(number, start, min(start + size, self.games))
            for number in range(len(self.recipes))
            for start in range(0, self.games, size)
        ]

    def play_chunk(self, chunk: Chunk, prepared: Prepared | None = None) -> Summary:
        """The summary of one chunk's games (`prepared`: the chunk's recipe, prepared once
        by a worker that plays many chunks of it)."""
        recipe = self.recipes[chunk.recipe]
        if prepared is None:
            prepared = recipe.prepare()
        summary = recipe.summary(prepared)
        for result in batch.play_range(
            prepared, self.seed, chunk.start, chunk.stop, self.going_first
        ):
            summary.add(result)
        return summary

    def assemble(self, parts: Iterable[tuple[Chunk, Summary]]) -> dict:
        """The report from every chunk's summary, merged per recipe in index order (as
        `batch.run_recipe` merges its chunks)."""
        ordered = sorted(parts, key=lambda part: (part[0].recipe, part[0].start))
        covered = [(chunk.recipe, chunk.start, chunk.stop) for chunk, _ in ordered]
        expected = [(chunk.recipe, chunk.start, chunk.stop) for chunk in self.chunks_of(covered)]
        if covered != expected:
            raise ValueError("The chunks do not cover the plan's games exactly once.")
        totals = [recipe.summary(recipe.prepare()) for recipe in self.recipes]
        for chunk, summary in ordered:
            totals[chunk.recipe].merge(summary)
        return self.assembly.report(totals)

    def chunks_of(self, covered: list[tuple[int, int, int]]) -> list[Chunk]:
        """The plan's chunks for the chunk size the covering parts used."""
        size = max((stop - start for _, start, stop in covered), default=self.games)
        return self.chunks(size)


def goldfish_plan(recipe: Recipe, *, games: int, seed: int, going_first: bool | None) -> Plan:
    return Plan((recipe,), games, seed, going_first, GoldfishAssembly(seed, going_first))
