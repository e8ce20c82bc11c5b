from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        from decks.browse import public_decks_changed
        from decks.models import Deck, GauntletStanding
        from decks.printing.stored import deck_deleted

        # The card pages' "Decks using this card" and the deck browser, cached, are stale
        # after any deck write (tags and entries are written in the deck's transaction, whose
        # commit bumps the version again).
        post_save.connect(public_decks_changed, sender=Deck, dispatch_uid="public-decks-save")
        post_delete.connect(public_decks_changed, sender=Deck, dispatch_uid="public-decks-delete")
        # The deck browser, cached, shows each deck's gauntlet standing.
        for signal, name in ((post_save, "save"), (post_delete, "delete")):
            signal.connect(
                public_decks_changed, sender=GauntletStanding, dispatch_uid=f"standing-{name}"
            )
        # Its stored proxy sheets and pictures go with it (decks/printing/stored.py).
        post_delete.connect(deck_deleted, sender=Deck, dispatch_uid="deck-renders-delete")
