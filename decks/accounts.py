"""Sign up, log in and out on the web (Django's auth views plus a sign-up form)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.shortcuts import redirect, render
from django.urls import include, path
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters

from cardsite.login_limits import limit_login_failures


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


urlpatterns = [
    path("signup/", signup, name="signup"),
    path("login/", limit_login_failures(LoginView.as_view()), name="login"),
    path("", include("django.contrib.auth.urls")),
]
