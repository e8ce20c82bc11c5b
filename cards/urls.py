from django.urls import path

from cards import views

app_name = "cards"

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_list, name="list"),
    path("cards/<int:pk>/", views.card_detail, name="detail"),
]
