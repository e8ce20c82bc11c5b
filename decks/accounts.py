"""Sign up, log in and out on the web (Django's auth views plus a sign-up form)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView, PasswordResetView
from django.shortcuts import redirect, render
from django.urls import include, path
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters

from cardsite.login_limits import limit_login_failures
from cardsite.throttles import throttle_page


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


_password_reset_form = PasswordResetView.as_view()
_password_reset_sent = throttle_page("password_reset")(_password_reset_form)


def password_reset(request, *args, **kwargs):
    """The reset form; only sending it counts against the rate, since each send mails."""
    view = _password_reset_sent if request.method == "POST" else _password_reset_form
    return view(request, *args, **kwargs)


urlpatterns = [
    path("signup/", signup, name="signup"),
    path("login/", limit_login_failures(LoginView.as_view()), name="login"),
    path("password_reset/", password_reset, name="password_reset"),
    path("", include("django.contrib.auth.urls")),
]
