from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Card catalogue"

    def ready(self) -> None:
        from cards import fields  # noqa: F401  (registers the flag lookups)
        from cards.cache import connect_signals
        from cards.search import lookups  # noqa: F401  (registers has_text)
        from cards.search.regex import use_re2_for_regexp

        # SQLite's REGEXP runs RE2 (linear time) instead of Python's backtracking re.
        connection_created.connect(use_re2_for_regexp, dispatch_uid="cards-re2-regexp")
        # Every catalogue write bumps the version the cached pages and JSON are keyed by.
        connect_signals()
        from cards import attack_columns

        attack_columns.connect_signals()
