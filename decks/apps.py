from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        from decks.browse import public_decks_changed
        from decks.models import Deck
        from decks.printing.stored import deck_deleted

        # The card pages' "Decks using this card", cached, is stale after any deck write.
        post_save.connect(public_decks_changed, sender=Deck, dispatch_uid="public-decks-save")
        post_delete.connect(public_decks_changed, sender=Deck, dispatch_uid="public-decks-delete")
        # Its stored proxy sheets and pictures go with it (decks/printing/stored.py).
        post_delete.connect(deck_deleted, sender=Deck, dispatch_uid="deck-renders-delete")
