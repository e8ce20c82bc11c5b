"""Sign up, log in and out on the web (Django's auth views plus a sign-up form)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.shortcuts import redirect, render
from django.urls import include, path
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters
from rest_framework.throttling import BaseThrottle


@sensitive_post_parameters("password1", "password2")
def signup(request):
    next_url = request.POST.get("next") or request.GET.get("next") or "/"
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        next_url = "/"
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect(next_url)
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


class RateLimitedLoginView(LoginView):
    """Log in, refusing further tries after LOGIN_FAILURE_LIMIT failures for the same client
    and username within LOGIN_FAILURE_WINDOW seconds (guessing passwords gets slow)."""

    def post(self, request, *args, **kwargs):
        key = _failure_key(request)
        if cache.get(key, 0) >= settings.LOGIN_FAILURE_LIMIT:
            response = render(request, "registration/login_limited.html", status=429)
            response["Retry-After"] = str(settings.LOGIN_FAILURE_WINDOW)
            return response
        response = super().post(request, *args, **kwargs)
        if response.status_code == 302:
            cache.delete(key)
        elif not cache.add(key, 1, settings.LOGIN_FAILURE_WINDOW):
            cache.incr(key)
        return response


def _failure_key(request) -> str:
    username = request.POST.get("username", "")[:150].casefold()
    # The client as the API throttles see it: behind PROXY_COUNT proxies, the address the
    # outermost one appended to X-Forwarded-For.
    client = BaseThrottle().get_ident(request)
    digest = hashlib.sha256(f"{client}|{username}".encode()).hexdigest()[:32]
    return f"login-failures:{digest}"


urlpatterns = [
    path("signup/", signup, name="signup"),
    path("login/", RateLimitedLoginView.as_view(), name="login"),
    path("", include("django.contrib.auth.urls")),
]
