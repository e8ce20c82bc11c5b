"""The suite's own order (tests/conftest.py): browser test modules spread among the others,
whole, after the process-starting tests (issue 29: the suite's time)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import spread_browser_modules


class FakeItem:
    def __init__(self, module: str, number: int, marker: str = ""):
        self.path = Path(f"tests/{module}.py")
        self.name = f"{module}::{number}"
        self.marker = marker

    def get_closest_marker(self, name: str):
        return name if name == self.marker else None


def module(name: str, count: int, marker: str = "") -> list[FakeItem]:
    return [FakeItem(name, number, marker) for number in range(count)]


def test_browser_modules_are_spread_whole_among_the_others_after_the_process_tests():
    processes = module("test_workers", 2, "processes")
    others = [item for name in "abcdefgh" for item in module(f"unit_{name}", 10)]
    browser = module("e2e_one", 3, "browser") + module("e2e_two", 3, "browser")
    spread = spread_browser_modules(processes + others + browser)
    names = [item.name for item in spread]
    assert sorted(names) == sorted(item.name for item in processes + others + browser)
    assert spread[:2] == processes
    # 80 unit tests, two browser modules: one after the first quarter, one after the third.
    first = names.index("e2e_one::0")
    second = names.index("e2e_two::0")
    assert names[first : first + 3] == ["e2e_one::0", "e2e_one::1", "e2e_one::2"]
    assert names[second : second + 3] == ["e2e_two::0", "e2e_two::1", "e2e_two::2"]
    assert names[first - 1] == "unit_b::9" and names[second - 1] == "unit_f::9"
    # The other modules keep their order, each whole.
    units = [name for name in names if name.startswith("unit_")]
    assert units == [item.name for item in others]


def test_a_run_without_browser_tests_keeps_its_order():
    items = module("test_workers", 1, "processes") + module("unit_a", 3)
    assert spread_browser_modules(items) == items
