"""Game-neutral pieces of the goldfish engine: card specs, errors, seeds, the registry of
game engines, batch running and the public entry points (`engine.core.api`).

Standard library only: the Django app converts its models into `CardSpec`s and calls
`engine.core.api`; nothing here imports Django.
"""
