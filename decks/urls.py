from django.urls import path

from decks import views
from decks.views import collection

app_name = "decks"

DECK = "<str:deck_id>"

urlpatterns = [
    path("", views.deck_list, name="list"),
    path("mine/", views.my_decks, name="mine"),
    path("new/", views.deck_new, name="new"),
    # Before the deck pages: "collection" is no deck id.
    path("collection/", collection.my_collection, name="collection"),
    path("collection/import/", collection.collection_import, name="collection_import"),
    path("collection/count/", collection.collection_count, name="collection_count"),
    path("collection/share/", collection.collection_visibility, name="collection_visibility"),
    path("collection/export.txt", collection.collection_export, name="collection_export"),
    path("collection/needs.txt", collection.collection_needs_export, name="collection_needs"),
    path("collection/of/<str:username>/", collection.user_collection, name="user_collection"),
    path(
        "collection/of/<str:username>/needs.txt",
        collection.user_collection_needs,
        name="user_collection_needs",
    ),
    path(f"{DECK}/", views.deck_detail, name="detail"),
    path(f"{DECK}/export.txt", views.deck_export, name="export"),
    path(f"{DECK}/fork/", views.deck_fork_view, name="fork"),
    path(f"{DECK}/delete/", views.deck_delete, name="delete"),
    path(f"{DECK}/edit/", views.deck_builder, name="edit"),
    path(f"{DECK}/edit/add/", views.builder_add, name="add"),
    path(f"{DECK}/edit/quantity/", views.builder_quantity, name="quantity"),
    path(f"{DECK}/edit/move/", views.builder_move, name="move"),
    path(f"{DECK}/edit/paste/", views.builder_paste, name="paste"),
    path(f"{DECK}/edit/settings/", views.builder_settings, name="settings"),
    path(f"{DECK}/edit/unresolved/add/", views.builder_resolve, name="resolve"),
    path(f"{DECK}/edit/unresolved/dismiss/", views.builder_dismiss, name="dismiss"),
    path(f"{DECK}/revisions/", views.deck_revisions, name="revisions"),
    path(f"{DECK}/revisions/<int:number>/restore/", views.deck_restore_view, name="restore"),
    path(f"{DECK}/diff/", views.deck_diff_view, name="diff"),
]
