"""Legal deck lists built from the starter catalogue, shared by the API and engine tests."""

from decks.starter_lists import digimon_list, pad_list

__all__ = ["digimon_list", "pad_list"]
