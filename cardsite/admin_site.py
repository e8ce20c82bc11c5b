"""The admin site, with its log-in under the site-wide failure limit."""

from __future__ import annotations

from django.contrib import admin

from cardsite.login_limits import limit_login_failures


class CardsiteAdminSite(admin.AdminSite):
    def login(self, request, extra_context=None):
        return limit_login_failures(super().login)(request, extra_context)
