from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from cards.image_views import media_file
from cardsite.health import healthz

api_patterns = [
    path("", include("cards.api.urls")),
    path("", include("decks.api.urls")),
    path("", include("engine.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: the CSP allows no inline script.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("decks.accounts")),
    path("decks/", include("decks.urls")),
    path("goldfish/", include("engine.urls")),
    path("play/", include("engine.play_urls")),
    path("api/", include((api_patterns, "api"))),
    path("", include("cards.urls")),
    path("", include("cards.image_urls")),
]

handler400 = "cardsite.api.bad_request"
handler403 = "cardsite.api.permission_denied"
handler404 = "cardsite.api.not_found"
handler500 = "cardsite.api.server_error"

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, media_file, document_root=settings.MEDIA_ROOT)
