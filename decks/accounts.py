"""Sign up, log in and out on the web (Django's auth views plus a sign-up form)."""

from __future__ import annotations

from urllib.parse import urlsplit

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView, PasswordResetView
from django.shortcuts import redirect, render
from django.urls import include, path, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.debug import sensitive_post_parameters

from cardsite.login_limits import limit_login_failures
from cardsite.throttles import PageRateThrottle, throttle_page, throttled_response
from decks.showcase import showcase


def _safe_next(request) -> str:
    """The page to go back to after signing up, or "" when none (or not a page of ours)."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    return next_url


def _is_destination(next_url: str) -> bool:
    """Whether `next` names a page worth going back to: not the home page, and not an
    account page (the sign-up or log-in form the header linked to itself)."""
    path = urlsplit(next_url).path
    accounts = reverse("signup").removesuffix("signup/")
    return bool(next_url) and path != reverse("cards:home") and not path.startswith(accounts)


EMAIL_HELP = gettext_lazy(
    "Optional. Only used to send you a link to choose a new password if you forget it; "
    "never shown to anyone. You can add or change it later on your account page."
)


def _free_email(email: str, user=None) -> str:
    """The address, refused when another account has it (a reset link goes to one person)."""
    if not email:
        return ""
    others = get_user_model().objects.filter(email__iexact=email)
    if user is not None:
        others = others.exclude(pk=user.pk)
    if others.exists():
        raise forms.ValidationError(_("Another account already uses this address."))
    return email


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=gettext_lazy("Email"), required=False, help_text=EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean_email(self) -> str:
        return _free_email(self.cleaned_data.get("email", ""))


class EmailForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("Email"), required=False, help_text=EMAIL_HELP)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        return _free_email(self.cleaned_data.get("email", ""), self.user)


class SignupThrottle(PageRateThrottle):
    """Accounts made per address (SIGNUP_RATE), whoever is signed in: signing up signs the
    new account in, so counting per account would start afresh with each one.

    Only a sign-up that would make an account counts: a player whose password was refused
    a few times is not locked out for the hour."""

    def __init__(self, request):
        super().__init__("signup", request)

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


@sensitive_post_parameters("password1", "password2")
def signup(request):
    """A new account, then the page that asked for one; from the home page (or from no
    page), the first-deck step, so a new player is not left without a next step."""
    next_url = _safe_next(request)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        throttle = SignupThrottle(request)
        if not throttle.allow_request(request, None):
            return throttled_response(request, throttle.wait())
        user = form.save()
        login(request, user)
        if _is_destination(next_url):
            return redirect(next_url)
        return redirect("welcome")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


@login_required
def account(request):
    """The signed-in player's account: the email address password resets go to (add,
    change or remove it) and a link to change the password."""
    form = EmailForm(request.POST or None, user=request.user, initial={"email": request.user.email})
    if request.method == "POST" and form.is_valid():
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        if request.user.email:
            messages.success(request, _("Your email address is saved."))
        else:
            messages.success(request, _("Your email address is removed."))
        return redirect("account")
    return render(request, "registration/account.html", {"form": form})


@login_required
def welcome(request):
    """The first-deck step: copy a reference deck into the builder, or paste a list."""
    return render(request, "registration/welcome.html", {"showcase": showcase()})


_password_reset_form = PasswordResetView.as_view()
_password_reset_sent = throttle_page("password_reset")(_password_reset_form)


def password_reset(request, *args, **kwargs):
    """The reset form; only sending it counts against the rate, since each send mails."""
    view = _password_reset_sent if request.method == "POST" else _password_reset_form
    return view(request, *args, **kwargs)


urlpatterns = [
    path("signup/", signup, name="signup"),
    path("welcome/", welcome, name="welcome"),
    path("account/", account, name="account"),
    path("login/", limit_login_failures(LoginView.as_view()), name="login"),
    path("password_reset/", password_reset, name="password_reset"),
    path("", include("django.contrib.auth.urls")),
]
