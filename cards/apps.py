from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Card catalogue"

    def ready(self) -> None:
        from cards import fields  # noqa: F401  (registers the flag lookups)
        from cards.search import lookups  # noqa: F401  (registers has_text)
