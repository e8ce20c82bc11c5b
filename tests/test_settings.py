"""Settings come from the environment with safe defaults (issue 2)."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings

PROBE = "import django; django.setup(); from django.conf import settings as s; print(repr(({})))"


def run_settings(expression: str, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    environment |= {"DJANGO_SETTINGS_MODULE": "cardsite.settings", **env}
    return subprocess.run(
        [sys.executable, "-c", PROBE.format(expression)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=settings.BASE_DIR,
    )


def test_debug_is_off_and_a_secret_key_is_required_unless_debug():
    assert run_settings("s.DEBUG", SECRET_KEY="x" * 50).stdout.strip() == "False"
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    environment |= {"DJANGO_SETTINGS_MODULE": "cardsite.settings"}
    served = subprocess.run(
        [sys.executable, "-c", "import cardsite.wsgi"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=settings.BASE_DIR,
    )
    assert served.returncode != 0
    assert "SECRET_KEY must be set" in served.stderr
    # No key is generated without DEBUG: anything that signs refuses too.
    assert "SECRET_KEY setting must not be empty" in run_settings("s.SECRET_KEY").stderr


def test_key_free_commands_run_without_a_secret_key():
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    environment |= {"DJANGO_SETTINGS_MODULE": "cardsite.settings"}
    result = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=settings.BASE_DIR,
    )
    assert result.returncode == 0, result.stderr


def test_debug_generates_a_development_key():
    result = run_settings("len(s.SECRET_KEY) > 30", DEBUG="1")
    assert result.stdout.strip() == "True"


def test_default_database_is_sqlite_in_the_project_folder():
    result = run_settings("s.DATABASES['default']['NAME']", DEBUG="1", DATABASE_URL="")
    assert result.stdout.strip() == repr(str(settings.BASE_DIR / "db.sqlite3"))


def test_database_url_selects_postgresql():
    result = run_settings(
        "s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME']",
        DEBUG="1",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/cards",
    )
    assert result.stdout.strip() == "('django.db.backends.postgresql', 'cards')"


def test_hosts_and_roots_come_from_the_environment(tmp_path):
    result = run_settings(
        "s.ALLOWED_HOSTS, str(s.MEDIA_ROOT)",
        DEBUG="1",
        ALLOWED_HOSTS="cards.example, www.cards.example",
        MEDIA_ROOT=str(tmp_path),
    )
    assert result.stdout.strip() == repr((["cards.example", "www.cards.example"], str(tmp_path)))


PRODUCTION_KEY = "a-long-random-production-key-" + "x9Q2" * 12


def deploy_check(**env) -> subprocess.CompletedProcess:
    unset = ("DEBUG", "SECRET_KEY", "EMAIL_URL")
    environment = {k: v for k, v in os.environ.items() if k not in unset}
    environment |= {
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "SECRET_KEY": PRODUCTION_KEY,
        "HTTPS": "1",
        "ALLOWED_HOSTS": "cards.example",
        **env,
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=settings.BASE_DIR,
    )


PRODUCTION_SERVICES = {
    "EMAIL_URL": "smtp://cards:secret@mail.example:587/?tls=True",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}


def test_production_settings_pass_the_deploy_check():
    result = deploy_check(**PRODUCTION_SERVICES)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_deploy_check_warns_when_no_mail_server_is_set():
    result = deploy_check(REDIS_URL=PRODUCTION_SERVICES["REDIS_URL"])
    assert result.returncode != 0
    assert "cardsite.W001" in result.stdout + result.stderr


def test_the_deploy_check_warns_when_limits_are_not_kept_in_redis():
    """Issue 24, finding 6: "`check --deploy` says nothing" about a site without Redis."""
    result = deploy_check(EMAIL_URL=PRODUCTION_SERVICES["EMAIL_URL"], REDIS_URL="")
    assert result.returncode != 0
    assert "cardsite.W002" in result.stdout + result.stderr
    assert "REDIS_URL is not set" in result.stdout + result.stderr


def serve_wsgi(**env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    environment |= {"DJANGO_SETTINGS_MODULE": "cardsite.settings", **env}
    return subprocess.run(
        [sys.executable, "-c", "import cardsite.wsgi"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=settings.BASE_DIR,
    )


def test_the_server_refuses_a_secret_key_that_check_deploy_would_flag():
    """Issue 24, low item: a 32-character key started the server but failed `check
    --deploy` (security.W009 wants 50 characters, 5 of them different)."""
    for weak in ("k" * 32, "k" * 49, "abcd" * 13, "django-insecure-" + "x9Q2" * 10):
        refused = serve_wsgi(SECRET_KEY=weak)
        assert refused.returncode != 0, weak
        assert "at least 50 characters" in refused.stderr
    assert serve_wsgi(SECRET_KEY="abcde" * 10).returncode == 0
    # Development keeps working with any key.
    assert serve_wsgi(SECRET_KEY="short", DEBUG="1").returncode == 0


def test_the_shortest_key_the_server_accepts_passes_the_deploy_check():
    shortest = "abcde" * 10
    assert serve_wsgi(SECRET_KEY=shortest).returncode == 0
    result = deploy_check(SECRET_KEY=shortest, **PRODUCTION_SERVICES)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mail_goes_to_the_console_by_default_and_to_smtp_from_email_url():
    backend = "s.EMAIL_BACKEND.rsplit('.', 2)[1]"
    assert run_settings(backend, DEBUG="1", EMAIL_URL="").stdout.strip() == "'console'"
    smtp = run_settings(
        f"{backend}, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_HOST_PASSWORD, "
        "s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL, s.EMAIL_TIMEOUT",
        DEBUG="1",
        EMAIL_URL="smtp://cards:p%40ss@mail.example:587/?tls=True"
        "&_default_from_email=cards@example.org",
    )
    assert smtp.stdout.strip() == repr(
        ("smtp", "mail.example", 587, "cards", "p@ss", True, "cards@example.org", 10)
    )


def test_an_email_url_of_unknown_kind_is_refused_at_start():
    result = run_settings("s.EMAIL_BACKEND", DEBUG="1", EMAIL_URL="carrier-pigeon://coop")
    assert "EMAIL_URL has an unknown scheme" in result.stderr


def test_https_turns_on_secure_cookies_and_hsts():
    expression = "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0"
    assert run_settings(expression, DEBUG="1", HTTPS="1").stdout.strip() == "(True, True, True)"
    assert run_settings(expression, DEBUG="1").stdout.strip() == "(False, False, False)"


def test_without_redis_url_each_process_keeps_its_own_cache_but_limits_are_shared():
    """Issue 24, finding 6: limits counted in the per-process cache, so each gunicorn worker
    had an allowance of its own; they count in the database now."""
    result = run_settings(
        "s.CACHES['default']['BACKEND'], s.CACHES['limits']['BACKEND']", DEBUG="1", REDIS_URL=""
    )
    assert result.stdout.strip() == repr(
        (
            "django.core.cache.backends.locmem.LocMemCache",
            "cardsite.limits_cache.AtomicDatabaseCache",
        )
    )


def test_with_redis_url_limits_count_in_redis():
    result = run_settings(
        "s.CACHES['limits']['BACKEND'], s.CACHES['limits']['LOCATION']",
        DEBUG="1",
        REDIS_URL="redis://127.0.0.1:6379/3",
    )
    assert result.stdout.strip() == repr(
        ("cardsite.redis_cache.ReusedClientRedisCache", "redis://127.0.0.1:6379/3")
    )


def test_redis_url_gives_app_servers_one_shared_cache_for_throttles_and_login_limits():
    """Two processes (two app servers) count login failures in the same place."""
    key = f"cardsite-test-shared-{os.getpid()}"
    count = (
        "import django; django.setup(); from django.core.cache import cache; "
        f"cache.add('{key}', 0, 60); print(cache.incr('{key}'))"
    )
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    environment |= {
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "1",
        "REDIS_URL": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15"),
    }
    counts = [
        subprocess.run(
            [sys.executable, "-c", count],
            capture_output=True,
            text=True,
            env=environment,
            cwd=settings.BASE_DIR,
        )
        for _ in range(2)
    ]
    assert [c.stderr for c in counts] == ["", ""]
    assert [c.stdout.strip() for c in counts] == ["1", "2"]


def test_behind_a_proxy_throttles_read_the_forwarded_client_address():
    assert run_settings("s.REST_FRAMEWORK['NUM_PROXIES']", DEBUG="1").stdout.strip() == "0"
    behind = run_settings("s.REST_FRAMEWORK['NUM_PROXIES']", DEBUG="1", BEHIND_PROXY="1")
    assert behind.stdout.strip() == "1"


def test_a_process_loads_the_pdf_library_only_when_it_prints_a_sheet():
    """fpdf2 takes about 0.2 s to import: every process loading the URLs (each gunicorn
    worker, each manage.py command) paid it at start for a file few requests ask for."""
    code = (
        "import sys, django; django.setup(); import cardsite.urls; "
        "print('fpdf' in sys.modules); from decks.printing import pdf; "
        "pdf.proxy_sheets([], paper='a4', language='en', title='t'); print('fpdf' in sys.modules)"
    )
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    environment |= {"DJANGO_SETTINGS_MODULE": "cardsite.settings", "DEBUG": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=environment,
        cwd=settings.BASE_DIR,
    )
    assert result.stdout.split() == ["False", "True"], result.stderr
