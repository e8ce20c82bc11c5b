from django.urls import path

from cards import views

app_name = "cards"

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_search, name="list"),
    path("cards/syntax/", views.syntax_help, name="syntax"),
    path("cards/<int:pk>/", views.card_detail, name="detail"),
]
