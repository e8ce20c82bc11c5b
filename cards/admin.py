"""Curation: one admin per card kind, with the attack table and attacks edited inline."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.forms.models import BaseInlineFormSet
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html

from cards import corrections
from cards import vocabulary as v
from cards.corrections import CardCorrection
from cards.models import (
    KIND_MODELS,
    AttackRow,
    Card,
    CardSet,
    ComboCard,
    ComboComponent,
    DigimonAttack,
    DigimonCard,
    OptionCard,
    PetCard,
    SkillCard,
)

NAME_FIELDS = ("name", ("name_ja", "name_en"), ("name_zh_hant", "name_zh_hans"))
SEARCH_FIELDS = ("name", "name_ja", "name_zh_hant", "name_zh_hans", "name_en", "number")


class FixedRowsFormSet(BaseInlineFormSet):
    """An inline whose rows are a fixed list of keys (combo counts 1–6, letters A–C)."""

    key_field: str = ""
    keys: tuple = ()
    required = False

    def __init__(self, *args, **kwargs):
        instance = kwargs.get("instance")
        if instance is None or instance.pk is None:
            kwargs.setdefault("initial", [{self.key_field: key} for key in self.keys])
        super().__init__(*args, **kwargs)

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        keys = [
            form.cleaned_data[self.key_field]
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        if len(keys) != len(set(keys)):
            raise forms.ValidationError(f"Each {self.key_field} appears once.")
        if self.required and sorted(keys) != sorted(self.keys):
            raise forms.ValidationError(
                "The attack table has exactly 6 rows, one for each combo count 1–6 (PAD-1.1)."
            )


class AttackRowFormSet(FixedRowsFormSet):
    key_field, keys, required = "combos", tuple(range(1, v.ATTACK_ROWS + 1)), True


class DigimonAttackFormSet(FixedRowsFormSet):
    key_field, keys = "letter", v.ATTACK_LETTERS


class AttackRowInline(admin.TabularInline):
    model = AttackRow
    formset = AttackRowFormSet
    extra = v.ATTACK_ROWS
    max_num = v.ATTACK_ROWS
    verbose_name_plural = "Attack by combo count (PAD-1.1)"

    def get_extra(self, request, obj=None, **kwargs):
        return 0 if obj else v.ATTACK_ROWS


class DigimonAttackInline(admin.TabularInline):
    model = DigimonAttack
    formset = DigimonAttackFormSet
    max_num = 3
    verbose_name_plural = "Attacks A / B / C (DGM-1.1)"

    def get_extra(self, request, obj=None, **kwargs):
        return 0 if obj else 3


class ComboComponentInline(admin.TabularInline):
    model = ComboComponent
    fk_name = "combo"
    extra = 1
    fields = ("position", "name", "quantity", "card")
    raw_id_fields = ("card",)


class CardKindAdmin(admin.ModelAdmin):
    """Base for the per-kind admins: the proxy model fixes the game and kind."""

    search_fields = SEARCH_FIELDS
    list_select_related = ("card_set",)
    list_per_page = 100
    readonly_fields = ("image_preview", "evolves_from", "created_at", "updated_at")
    raw_id_fields = ()
    common_fieldsets = (
        ("Card", {"fields": ("card_set", "number", "rarity", "provenance")}),
        ("Names", {"fields": NAME_FIELDS}),
        (
            "Text and image",
            {"fields": ("text", "effect", "not_simulated_reason", "image", "image_preview")},
        ),
    )
    kind_fieldsets: tuple = ()

    def get_fieldsets(self, request, obj=None):
        return (*self.common_fieldsets, *self.kind_fieldsets)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        model = self.model

        class KindForm(form):
            def __init__(self, *args, **inner):
                super().__init__(*args, **inner)
                self.instance.game, self.instance.kind = model.GAME, model.KIND
                if "card_set" in self.fields:
                    self.fields["card_set"].queryset = CardSet.objects.filter(game=model.GAME)

        return KindForm

    @admin.display(description="Image")
    def image_preview(self, card: Card):
        if not card.image:
            return "No image uploaded."
        return format_html('<img src="{}" alt="" style="max-height: 240px">', card.image.url)

    @admin.display(description="Orbs")
    def orb_list(self, card: Card):
        return ", ".join(card.orbs)


@admin.register(PetCard)
class PetAdmin(CardKindAdmin):
    list_display = (
        "number",
        "name",
        "attribute",
        "sub_attribute",
        "stage",
        "cost",
        "defense",
        "orb_list",
        "card_set",
    )
    list_filter = ("attribute", "stage", "pet_type", "card_set", "provenance", "verification")
    inlines = (AttackRowInline,)
    kind_fieldsets = (
        (
            "Pet (PAD-1.1)",
            {
                "fields": (
                    ("attribute", "sub_attribute"),
                    ("cost", "defense"),
                    ("pet_type", "pet_sub_type"),
                    "stage",
                    ("evolves_from_name", "evolves_from"),
                    "ultimate_requirement",
                    "effect_types",
                    "orbs",
                )
            },
        ),
    )


@admin.register(SkillCard)
class SkillAdmin(CardKindAdmin):
    list_display = ("number", "name", "attribute", "cost", "orb_list", "card_set")
    list_filter = ("attribute", "card_set", "provenance", "verification")
    kind_fieldsets = (
        (
            "Skill (PAD-1.2)",
            {
                "fields": (
                    ("attribute", "sub_attribute"),
                    "cost",
                    "skill_icon",
                    "effect_types",
                    "orbs",
                )
            },
        ),
    )


@admin.register(DigimonCard)
class DigimonAdmin(CardKindAdmin):
    list_display = ("number", "name", "level", "battle_type", "species", "field_code", "card_set")
    list_filter = (
        "level",
        "battle_type",
        "digimon_type",
        "field_code",
        "card_set",
        "provenance",
        "verification",
    )
    inlines = (DigimonAttackInline,)
    kind_fieldsets = (
        (
            "Digimon (DGM-1.1)",
            {
                "fields": (
                    ("level", "battle_type"),
                    ("species", "digimon_type"),
                    ("field_code", "background"),
                    "special_keywords",
                    "special_ability",
                    "support",
                    "copy_limit",
                )
            },
        ),
        (
            "Lost points by opponent level",
            {"fields": (("lost_iii", "lost_iv", "lost_perfect", "lost_ultimate"),)},
        ),
        (
            "Evolution requirement (DGM-4.3)",
            {
                "fields": (
                    ("evolves_from_name", "evolves_from"),
                    ("evo_circles", "evo_crosses"),
                    "evo_other",
                )
            },
        ),
    )


@admin.register(OptionCard)
class OptionAdmin(CardKindAdmin):
    list_display = ("number", "name", "option_type", "timing", "card_set")
    list_filter = ("option_type", "timing", "card_set", "provenance", "verification")
    kind_fieldsets = (
        ("Option (DGM-1.2)", {"fields": ("option_type", "timing", "duration", "targets")}),
    )


@admin.register(ComboCard)
class ComboAdmin(CardKindAdmin):
    list_display = ("number", "name", "card_set")
    list_filter = ("card_set", "provenance", "verification")
    inlines = (ComboComponentInline,)
    kind_fieldsets = (("Combo (DGM-1.3)", {"fields": ("combo_bonus", "incompatible")}),)


@admin.register(Card)
class AllCardsAdmin(admin.ModelAdmin):
    """Search every card at once; opening one goes to the admin of its kind."""

    list_display = ("number", "name", "game", "kind", "attribute", "level", "card_set")
    list_filter = ("game", "kind", "attribute", "level", "card_set", "provenance", "verification")
    search_fields = SEARCH_FIELDS
    list_select_related = ("card_set",)
    list_per_page = 100

    def has_add_permission(self, request):
        return False

    def change_view(self, request, object_id, form_url="", extra_context=None):
        card = self.get_object(request, object_id)
        if card is None:
            return super().change_view(request, object_id, form_url, extra_context)
        model = KIND_MODELS[card.kind]
        return redirect(reverse(f"admin:cards_{model._meta.model_name}_change", args=[card.pk]))


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game")
    list_filter = ("game",)
    search_fields = ("code", "name")


@admin.register(CardCorrection)
class CardCorrectionAdmin(admin.ModelAdmin):
    """The corrections queue in the admin: accepting goes through the same checks and the
    same single transaction as the queue page (cards.corrections.accept)."""

    list_display = ("id", "card", "proposer", "status", "created_at", "reviewer")
    list_filter = ("status",)
    list_select_related = ("card", "proposer", "reviewer")
    search_fields = ("card__name", "card__number", "proposer__username")
    readonly_fields = (
        "card",
        "proposer",
        "changes",
        "source_scan",
        "source_url",
        "note",
        "status",
        "reviewer",
        "created_at",
        "reviewed_at",
    )
    actions = ["accept_selected", "reject_selected"]

    def has_add_permission(self, request):
        return False

    def has_module_permission(self, request):
        return corrections.is_curator(request.user)

    def has_view_permission(self, request, obj=None):
        return corrections.is_curator(request.user)

    def has_change_permission(self, request, obj=None):
        return corrections.is_curator(request.user)

    @admin.action(description="Accept the selected corrections")
    def accept_selected(self, request, queryset):
        self._review(request, queryset, lambda one: corrections.accept(one, request.user))

    @admin.action(description="Reject the selected corrections (each with its reason filled in)")
    def reject_selected(self, request, queryset):
        self._review(
            request, queryset, lambda one: corrections.reject(one, request.user, one.reason)
        )

    def _review(self, request, queryset, decide) -> None:
        for correction in queryset:
            try:
                reviewed = decide(correction)
            except corrections.CorrectionError as error:
                self.message_user(request, f"#{correction.pk}: {error.message}", messages.ERROR)
            else:
                self.message_user(request, f"#{reviewed.pk}: {reviewed.status}.")
