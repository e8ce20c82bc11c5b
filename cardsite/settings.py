"""Settings read from the environment, with safe defaults (see README)."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
import dj_email_url
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key
from whitenoise.compress import Compressor

from cardsite import job_queues

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def envint(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


DEBUG = envbool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and DEBUG:
    # A fresh key per process is fine for development: sessions just don't survive restarts.
    SECRET_KEY = get_random_secret_key()
# Without DEBUG there is no fallback key: the WSGI application refuses to start
# (cardsite/wsgi.py), while key-free commands such as migrate still run.

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "cardsite.apps.CardsiteAdminConfig",  # django.contrib.admin, log-in failures limited
    "cardsite.apps.CardsiteConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # Card history: who changed what, when, from which source (issue 13).
    "simple_history",
    "cards",
    "decks",
    "engine",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "cardsite.middleware.request_log",
    "cardsite.middleware.api_worker_timeout",
    "cardsite.middleware.content_security_policy",
    "cardsite.middleware.api_body_limit",
    "cardsite.middleware.api_url_limit",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "cardsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "cardsite.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=envint("DB_CONN_MAX_AGE", 60),
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # Keep the catalogue in memory (64 MB page cache), and take the write lock at the
        # start of a transaction so concurrent writers queue instead of failing mid-way.
        "init_command": "PRAGMA cache_size=-65536; PRAGMA journal_mode=WAL;",
        "transaction_mode": "IMMEDIATE",
        # A queued writer waits this many seconds for the lock (SQLite's default, 5, is
        # too short for a burst of writers on a busy machine: "database is locked").
        "timeout": 20,
    }

REDIS_URL = os.environ.get("REDIS_URL", "")
_redis_cache = {"BACKEND": "cardsite.redis_cache.ReusedClientRedisCache", "LOCATION": REDIS_URL}
CACHES = {
    # Reports and other copies a process may keep for itself.
    "default": (
        _redis_cache if REDIS_URL else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    ),
    # Limits (API and page throttles, log-in failures, goldfish budgets, sign-up and reset
    # rates) must count across every gunicorn worker and app server: in Redis, else in a
    # table of the database (cardsite/limits_cache.py), never in a process's own memory.
    "limits": (
        _redis_cache
        if REDIS_URL
        else {
            "BACKEND": "cardsite.limits_cache.AtomicDatabaseCache",
            "LOCATION": "cardsite_limits",  # made by migrate (decks 0006)
            # Culling past MAX_ENTRIES drops live counters too: keep it well above the
            # number of clients seen within the longest window (an hour).
            "OPTIONS": {"MAX_ENTRIES": 200_000},
        }
    ),
    # Catalogue pages and JSON (cards/cache.py): one app server's edit must invalidate every
    # server's copy, so they are cached only in a shared Redis, never per process.
    # CATALOGUE_CACHE=0 turns it off (bench/load/run.py --no-catalogue-cache compares).
    "catalogue": (
        {"BACKEND": "cardsite.redis_cache.ReusedClientRedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL and envbool("CATALOGUE_CACHE", True)
        else {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    ),
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 5)
LOGIN_FAILURE_WINDOW = envint("LOGIN_FAILURE_WINDOW", 15 * 60)
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("zh-hant", "繁體中文"),
    ("zh-hans", "简体中文"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Source maps are fetched by developer tools only: compressing the API documentation's (13 MB,
# each under two names) was about half of collectstatic's 37 s of CPU where the brotli
# package is installed (WhiteNoise then writes Brotli copies beside the gzip ones).
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")

REST_FRAMEWORK = {
    # Adds the documented JSON error responses to every operation.
    "DEFAULT_SCHEMA_CLASS": "cardsite.api.ApiSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_RENDERER_CLASSES": [
        # DRF's, which also send answers kept already rendered (cardsite/renderers.py)
        "cardsite.renderers.JSONRenderer",
        "cardsite.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "cardsite.token_auth.TokenAuthentication",  # DRF's, its SQL written once
        "rest_framework.authentication.SessionAuthentication",
    ],
    # `format` is an ordinary parameter of our endpoints (export formats), not a renderer pick.
    "URL_FORMAT_OVERRIDE": None,
    # JSON nested deeper than API_MAX_JSON_DEPTH is refused before json.loads recurses.
    "DEFAULT_PARSER_CLASSES": [
        "cardsite.parsers.DepthLimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "cardsite.api.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Every endpoint is throttled per client: by IP address for anonymous requests, by
    # account for authenticated ones; goldfish runs and token requests have tighter scopes.
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_ANON_RATE", "300/minute"),
        "user": os.environ.get("API_USER_RATE", "600/minute"),
        "goldfish": os.environ.get("GOLDFISH_API_RATE", "30/minute"),
        "login": os.environ.get("LOGIN_API_RATE", "10/minute"),
        # Password-reset requests (each may send a mail), per client; cardsite.throttles.
        "password_reset": os.environ.get("PASSWORD_RESET_RATE", "5/hour"),
        # Accounts made per client address (decks.accounts.SignupThrottle).
        "signup": os.environ.get("SIGNUP_RATE", "5/hour"),
        # Card corrections proposed by one player (cards.api.corrections).
        "corrections": os.environ.get("CORRECTIONS_API_RATE", "20/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Cardsite API",
    "DESCRIPTION": (
        "Cards, decks and goldfish simulations for the Puzzle & Dragons TCG and the original "
        "Digimon card game. Every error is JSON with a machine-readable `code` and a `message`."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "AttributeEnum": "cards.vocabulary.ATTRIBUTES",
        "AttackLetterEnum": "cards.vocabulary.BATTLE_TYPES",
    },
}

# Security: HTTPS=1 when the site is served over HTTPS (directly or behind a proxy that
# sets X-Forwarded-Proto); then cookies are secure, HTTP redirects to HTTPS and HSTS is on.
HTTPS = envbool("HTTPS")
# Behind PROXY_COUNT trusted proxies the client's address is the one they appended to
# X-Forwarded-For; throttles and log-in limits count per client, not per proxy.
PROXY_COUNT = envint("PROXY_COUNT", 1 if envbool("BEHIND_PROXY") else 0)
REST_FRAMEWORK["NUM_PROXIES"] = PROXY_COUNT
if envbool("BEHIND_PROXY"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain HTTP

CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'",
)

# Request bodies: API payloads (deck lists, collections) stay small; refuse, don't parse.
API_MAX_BODY_BYTES = envint("API_MAX_BODY_BYTES", 512 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = envint("DATA_UPLOAD_MAX_MEMORY_SIZE", 8 * 1024 * 1024)
API_MAX_JSON_DEPTH = envint("API_MAX_JSON_DEPTH", 32)
# Addresses under /api/ (path and query) longer than this are refused with JSON 414; keep it
# below gunicorn's limit_request_line (gunicorn.conf.py: 8190 bytes for the whole line).
API_MAX_URL_BYTES = envint("API_MAX_URL_BYTES", 4096)

# A card search statement may run this long (PostgreSQL statement_timeout, SQLite progress
# handler); past it the API answers 503 search_timeout. 0 turns it off.
SEARCH_TIME_LIMIT_MS = envint("SEARCH_TIME_LIMIT_MS", 2000)

# Writes to a deck by one author within this many seconds of their latest revision update
# that revision instead of adding one (decks.services): a burst of clicks is one revision.
DECK_REVISION_BURST_SECONDS = envint("DECK_REVISION_BURST_SECONDS", 300)

# A goldfish run (page or API) may take this long before it is stopped with 503 time_limit:
# keep it below the server's worker timeout (README: gunicorn --timeout 60).
GOLDFISH_API_TIME_LIMIT = float(os.environ.get("GOLDFISH_API_TIME_LIMIT", 20))
# Goldfish CPU budget: games per client per window, shared by the page and the API through
# the cache (REDIS_URL: all app servers count together). Anonymous clients count per address.
GOLDFISH_BUDGET_ANON = envint("GOLDFISH_BUDGET_ANON", 20_000)
GOLDFISH_BUDGET_USER = envint("GOLDFISH_BUDGET_USER", 200_000)
GOLDFISH_BUDGET_WINDOW = envint("GOLDFISH_BUDGET_WINDOW", 60)  # seconds
# Render budget (decks/render_budget.py): proxy sheets, deck pictures and large deck lists
# cost render units (~2 ms of one core each) per client per window, counted like the
# goldfish budget; a file drawn before is sent from storage for one unit. 0 turns one off.
RENDER_BUDGET_ANON = envint("RENDER_BUDGET_ANON", 3_000) or None
RENDER_BUDGET_USER = envint("RENDER_BUDGET_USER", 15_000) or None
RENDER_BUDGET_WINDOW = envint("RENDER_BUDGET_WINDOW", 60)  # seconds
# Stored proxy sheets and deck pictures older than this are deleted by prune_renders.
RENDER_KEEP_DAYS = envint("RENDER_KEEP_DAYS", 30)
# Batches played in a request at once (engine/concurrency.py): per signed-in account, and per
# address for everyone behind it; past them 429 `busy`. 0 turns a limit off.
SIMULATIONS_PER_ACCOUNT = envint("SIMULATIONS_PER_ACCOUNT", 1)
SIMULATIONS_PER_ADDRESS = envint("SIMULATIONS_PER_ADDRESS", 2)

# Jobs (issue 14): goldfish, matchup and comparison batches above JOB_SYNC_GAMES games run
# on Celery workers, cut into chunks of JOB_CHUNK_GAMES consecutive games. The broker is
# CELERY_BROKER_URL, else Redis (REDIS_URL), else an embedded queue of files in JOB_QUEUE_DIR
# (one machine: `make run` starts a worker beside the web server). Chunk results and
# reports live in the database, so no Celery result backend is needed.
JOB_SYNC_GAMES = envint("JOB_SYNC_GAMES", 5000)
JOB_CHUNK_GAMES = envint("JOB_CHUNK_GAMES", 1000)
JOB_KEEP_DAYS = envint("JOB_KEEP_DAYS", 7)  # a finished job's report is kept this long
# A matchup or comparison page plays in its request up to about a second's worth of games
# (greedy games: ~1,500 a second for PAD on one core); a longer run goes to the workers and
# its page shows the progress bar. Every run's report is stored (engine/stored_runs.py) and
# kept until nobody viewed it for STORED_RUN_KEEP_DAYS.
PAGE_MATCH_SYNC_GAMES = envint("PAGE_MATCH_SYNC_GAMES", 1500)
STORED_RUN_KEEP_DAYS = envint("STORED_RUN_KEEP_DAYS", 90)
# A job that no worker moved for this many seconds (no chunk of it taken, played or
# finished) fails with `workers_unavailable` instead of staying "queued" or "running" forever.
JOB_STALL_SECONDS = envint("JOB_STALL_SECONDS", 300)
# A chunk being played is leased to its worker for this many seconds, renewed every third of
# it; a worker that dies stops renewing, and its chunk is queued again once the lease ran out.
JOB_LEASE_SECONDS = envint("JOB_LEASE_SECONDS", 30)
# A chunk still playing after this many seconds fails its job (`chunk_time_limit`).
JOB_CHUNK_TIME_LIMIT = envint("JOB_CHUNK_TIME_LIMIT", 120)
# The deck browser's gauntlet standing (decks/gauntlet_standing.py): games per reference deck.
DECK_BROWSER_GAUNTLET_GAMES = envint("DECK_BROWSER_GAUNTLET_GAMES", 200)
# The deck doctor (engine/core/doctor.py): games against each opponent for every swap in
# the screening's first round, and for every confirmed swap on fresh seeds.
DOCTOR_FIRST_GAMES = envint("DOCTOR_FIRST_GAMES", 4)
DOCTOR_CONFIRM_GAMES = envint("DOCTOR_CONFIRM_GAMES", 400)
JOB_QUEUE_DIR = Path(os.environ.get("JOB_QUEUE_DIR") or BASE_DIR / "var" / "queue")
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or REDIS_URL or "filesystem://"
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "cardsite")
# Players' runs on that queue; the site's own upkeep (proxy pictures, deck standings) on
# "<queue>.background", which workers read only while the first is empty (cardsite/job_queues.py).
CELERY_TASK_QUEUES = job_queues.queues(CELERY_TASK_DEFAULT_QUEUE)
CELERY_TASK_ROUTES = ("cardsite.job_queues.route_task",)
# A chunk is acknowledged once played: a worker killed mid-chunk leaves it to another one
# (at once when a pool process dies; after the visibility timeout when a whole worker
# machine dies, Redis).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0.2, "interval_step": 0.5}
if CELERY_BROKER_URL.startswith("filesystem:"):
    CELERY_BROKER_TRANSPORT = job_queues.FILESYSTEM_TRANSPORT
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(JOB_QUEUE_DIR / "messages"),
        "data_folder_out": str(JOB_QUEUE_DIR / "messages"),
        "control_folder": str(JOB_QUEUE_DIR / "control"),
        "store_processed": False,
        # kombu polls the folder once a second by default: a worker would then take about
        # one chunk a second, whatever its processes; 0.1 s keeps them fed.
        "polling_interval": 0.1,
    }
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": envint("JOB_VISIBILITY_TIMEOUT", 600),
        "queue_order_strategy": "priority",  # Redis: the queues in their order, players' first
    }

# Card images are validated on upload; refuse anything larger than this many bytes.
CARD_IMAGE_MAX_BYTES = envint("CARD_IMAGE_MAX_BYTES", 5 * 1024 * 1024)
# Proxy pictures of imported cards (cards/predraw.py): "" draws them on first view, "now"
# right after each import, "background" on the job workers. `make run` queues them itself.
CARD_PROXIES_AFTER_IMPORT = os.environ.get("CARD_PROXIES_AFTER_IMPORT", "")

# Mail (password resets) from one URL: console://, smtp://user:password@host:587/?tls=True,
# smtp://…:465/?ssl=True; `_default_from_email=` sets the sender. Without EMAIL_URL mails are
# written to the log (the console backend), which `check --deploy` warns about.
EMAIL_URL = os.environ.get("EMAIL_URL", "")
_email = dj_email_url.parse(EMAIL_URL or "console://")
if "EMAIL_BACKEND" not in _email:
    raise ImproperlyConfigured(f"EMAIL_URL has an unknown scheme: {EMAIL_URL.split(':')[0]!r}")
EMAIL_BACKEND = _email["EMAIL_BACKEND"]
EMAIL_HOST = _email["EMAIL_HOST"] or "localhost"
EMAIL_PORT = _email["EMAIL_PORT"] or 25
EMAIL_HOST_USER = _email["EMAIL_HOST_USER"] or ""
EMAIL_HOST_PASSWORD = _email["EMAIL_HOST_PASSWORD"] or ""
EMAIL_USE_TLS = _email["EMAIL_USE_TLS"]
EMAIL_USE_SSL = _email["EMAIL_USE_SSL"]
EMAIL_FILE_PATH = _email["EMAIL_FILE_PATH"] or None
# A mail server that does not answer must not hold a web worker for long.
EMAIL_TIMEOUT = _email["EMAIL_TIMEOUT"] or envint("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = _email.get("DEFAULT_FROM_EMAIL") or os.environ.get(
    "DEFAULT_FROM_EMAIL", "webmaster@localhost"
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "permission_denied_one_line": {
            "()": "cardsite.log_filters.PermissionDeniedWithoutTraceback"
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.request": {"filters": ["permission_denied_one_line"]},
        # REQUEST_LOG=0 silences the per-request JSON lines (e.g. behind an access-logging proxy).
        "cardsite.requests": {
            "level": "INFO" if envbool("REQUEST_LOG", True) else "WARNING",
        },
    },
}

# A browser game's event stream (engine/play_events.py) stays open at most this long, well
# under gunicorn's worker time-out (README: --timeout 60); the browser then opens the next.
PLAY_EVENTS_SECONDS = envint("PLAY_EVENTS_SECONDS", 15)
# A browser game started signed out is deleted (`manage.py jobs --purge`) once nobody
# touched it for this many days; games of an account are kept.
PLAY_ANONYMOUS_KEEP_DAYS = envint("PLAY_ANONYMOUS_KEEP_DAYS", 30)
