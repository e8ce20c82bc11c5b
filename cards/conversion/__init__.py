"""Conversions of public fan card lists into the project's card schema (docs/card-schema.md)."""

# The schema's key order of every card, as the fixtures have always been written; each game
# adds its own keys after these.
COMMON_KEY_ORDER = (
    "game",
    "kind",
    "set",
    "number",
    "name",
    "names",
    "rarity",
    "text",
    "effect",
    "not_simulated_reason",
    "provenance",
    "verification",
)
