"""The load benchmark's traffic: a weighted mix of what the site's visitors and API clients do.

Driven by bench/load/run.py (which seeds the data and starts gunicorn); by hand:

    LOAD_DATA=data.json .venv/bin/locust -f bench/load/locustfile.py --headless \
        -u 20 -r 20 -t 60s --host http://127.0.0.1:8000

Environment:
    LOAD_DATA   the JSON written by bench/load/seed.py (users and tokens, deck ids, card ids)
    LOAD_RAW    if set, every request's (group, name, ms, ok, time) goes there as JSON at the
                end, with the times the test started, all users were running and it stopped
                (run.py computes exact per-group percentiles; locust's own are rounded)
    LOAD_WAIT   "min,max" seconds one simulated user thinks between requests (0.5,2)
    LOAD_SEED   seed of the random choices (each user gets its own stream)

Two kinds of simulated user, 3 : 2:
    Visitor    anonymous browser: search page, card pages and their picture, deck pages
    ApiClient  a script with its own account's token (Authorization: Token …): search and
               card API, named and autocomplete look-ups, deck reads (its own private decks
               too), deck lists and exports, validation, small goldfish runs (20-50 games)
               of a saved deck or a list, and a queued goldfish job of 3,000 games
               (POST /api/jobs/ answers 202; the job is read back once)
Every request must answer 200 (and a search that should find cards must find some), else it
counts as a failure: a 429 from a throttle is a failure like any other.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from pathlib import Path
from urllib.parse import urlparse

import gevent
from locust import FastHttpUser, between, events, task

DATA = json.loads(Path(os.environ.get("LOAD_DATA", "data.json")).read_text())
RAW_OUT = os.environ.get("LOAD_RAW")
WAIT = tuple(float(x) for x in os.environ.get("LOAD_WAIT", "0.5,2").split(","))
SEED = int(os.environ.get("LOAD_SEED", "1"))
_streams = itertools.count()
_accounts = itertools.count()
_visitors = itertools.count(1)
_api_clients = itertools.count(1)

# Queries in the site's language (README "Searching cards", /cards/syntax/). `True`: the
# starter catalogue or the synthetic cards match it, so an empty result is a failure.
QUERIES = [
    ("dragon", True),
    ("ティラ", True),
    ("game:pad attr:fire stage:base", True),
    ("orb:heart orb:fire cost<=1", True),
    ("orb:heart orb:fire -kind:skill", True),
    ("type:dragon def>=500", True),
    ("cost<=2 def>=400", True),
    ("atk6>=1000", True),
    ("(attr:fire OR attr:water) stage:ultimate", True),
    ('kind:skill o:"draw"', True),
    ('!"Golden Egg"', True),
    ('!"Red Dragon"', True),
    ("name:/^Lil'/", True),
    ("stage:base game:pad -attr:fire", True),
    ("level:perfect", True),
    ("game:digimon level>=perfect bt:a", True),
    ("lv:3 bt:c", True),
    ("a>=500", True),
    ("a>450 lost3>=20", True),
    ("species:dinosaur", True),
    ("ガブモン OR パルモン", True),
    ("/dramon$/", True),
    ("option:crest", True),
    ("kind:combo", True),
    ("攻擊組件", True),
    ("風嘯草原 OR 钢铁矿山", True),
    ('o:"draw a card" (attr:water OR attr:wood)', True),
    # the synthetic benchmark cards (set SYN)
    ("synthetic", True),
    ("set:SYN attr:dark cost>=3", True),
    ("provenance:synthetic level:ultimate", True),
    ("set:SYN stage:evo2 def>=600", True),
    ("synthetic pet", True),
    # typed-in words: finding nothing is no failure, and a miss must still answer quickly
    ("greymon", False),
    ("water dragon", False),
]
JOB_GAMES = 3000
ORDERS = ["number", "number", "number", "name", "cost", "-level"]

# Every request name belongs to one group; run.py reports per group, and the target
# (p95 < 100 ms) is for "read".
GROUPS = {
    "home html": "read",
    "search html": "read",
    "card html": "read",
    "deck html": "read",
    "deck list html": "read",
    "search api": "read",
    "card api": "read",
    "autocomplete api": "read",
    "named api": "read",
    "deck api": "read",
    "deck list api": "read",
    "deck export api": "read",
    "card image": "image",
    "validate api": "validate",
    "goldfish api": "goldfish",
    "job submit api": "job",
    "job poll api": "job",
}

_raw: list[tuple[str, str, float, bool, float]] = []  # group, name, ms, ok, when it ended


@events.request.add_listener
def _record(request_type, name, response_time, response_length, exception, **_kwargs):
    _raw.append(
        (GROUPS.get(name, "other"), name, response_time, exception is None, round(time.time(), 3))
    )


_times: dict[str, float] = {}


@events.test_start.add_listener
def _started(**_kwargs):
    _times["started"] = time.time()


@events.spawning_complete.add_listener
def _spawned(**_kwargs):
    _times.setdefault("spawned", time.time())  # every user is running: the steady state


@events.test_stop.add_listener
def _stopped(**_kwargs):
    _times["stopped"] = time.time()


@events.quitting.add_listener
def _dump(environment, **_kwargs):
    if RAW_OUT:
        Path(RAW_OUT).write_text(json.dumps({**_times, "rows": _raw}))


@events.init.add_listener
def _only_localhost(environment, **_kwargs):
    host = urlparse(environment.host or "").hostname
    if host not in {"127.0.0.1", "localhost"}:
        raise SystemExit(f"bench/load only targets 127.0.0.1, not {environment.host!r}")


CARDS = DATA["cards"]
READABLE_DECKS = [d for d in DATA["decks"] if d["visibility"] != "private"]
PUBLIC_GAMES = ["pad", "digimon"]


class _Base(FastHttpUser):
    abstract = True
    wait_time = between(*WAIT)

    def on_start(self):
        self.rng = random.Random(SEED * 100_003 + next(_streams))
        # People do not all click at the same instant: a first think time spreads the
        # users' first requests instead of firing them together as each user starts.
        gevent.sleep(self.rng.uniform(0, WAIT[1]))

    def card_id(self) -> int:
        """Mostly the real cards people look at, sometimes any synthetic one."""
        pool = CARDS["real_ids"] if self.rng.random() < 0.7 else CARDS["synthetic_ids"]
        return self.rng.choice(pool)

    def get(self, url: str, name: str, *, params=None, check=None, headers=None):
        with self.client.get(
            url, params=params, name=name, headers=headers, catch_response=True
        ) as response:
            _judge(response, check)

    def post(self, url: str, name: str, payload: dict, *, check=None, headers=None, status=200):
        with self.client.post(
            url, json=payload, name=name, headers=headers, catch_response=True
        ) as response:
            _judge(response, check, status)
            return response


def _judge(response, check, status: int = 200) -> None:
    if response.status_code != status:
        body = (response.text or "")[:120].replace("\n", " ")
        response.failure(f"HTTP {response.status_code}: {body}")
        return
    if check is not None:
        problem = check(response)
        if problem:
            response.failure(problem)
            return
    response.success()


def _found(should_find: bool):
    def check(response):
        data = response.json()
        if should_find and not data.get("count"):
            return "search found nothing"
        return None

    return check


def _valid_json(key: str, expected=None):
    def check(response):
        data = response.json()
        if key not in data or (expected is not None and data[key] != expected):
            return f"unexpected {key}: {data.get(key)!r}"
        return None

    return check


class Visitor(_Base):
    """Someone browsing the HTML pages without an account."""

    weight = 3

    def on_start(self):
        super().on_start()
        # Every visitor has its own address, as behind the site's reverse proxy (run.py
        # starts gunicorn with PROXY_COUNT=1): the anonymous per-address page throttle
        # counts each person, not all of them as one 127.0.0.1.
        number = next(_visitors)
        address = f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"
        self.forwarded = {"X-Forwarded-For": address}

    def get(self, url: str, name: str, **kwargs):
        kwargs["headers"] = {**(kwargs.get("headers") or {}), **self.forwarded}
        super().get(url, name, **kwargs)

    @task(6)
    def search_page(self):
        query, _should_find = self.rng.choice(QUERIES)
        params = {"q": query, "order": self.rng.choice(ORDERS)}
        if self.rng.random() < 0.2:
            params["view"] = "list"
        if self.rng.random() < 0.1:
            params["page"] = 2
        self.get("/cards/", "search html", params=params)

    @task(5)
    def card_page(self):
        self.get(f"/cards/{self.card_id()}/", "card html")

    @task(2)
    def card_picture(self):
        size = "thumb" if self.rng.random() < 0.7 else "normal"
        self.get(f"/cards/{self.card_id()}/image/{size}/", "card image")

    @task(2)
    def deck_page(self):
        self.get(f"/decks/{self.rng.choice(READABLE_DECKS)['id']}/", "deck html")

    @task(1)
    def deck_list_page(self):
        self.get("/decks/", "deck list html")

    @task(1)
    def home(self):
        self.get("/", "home html")


class ApiClient(_Base):
    """A deck tool or bot using the REST API with its user's token."""

    weight = 2

    def on_start(self):
        super().on_start()
        # Each API client has its own account (round robin when there are more clients than
        # seeded accounts), so per-account throttles count what one client does.
        self.user_data = DATA["users"][next(_accounts) % len(DATA["users"])]
        # …and its own address (a tool runs on its own machine): the per-address limits,
        # such as SIMULATIONS_PER_ADDRESS, count each client, not all of them as one.
        number = next(_api_clients)
        address = f"172.{16 + number // 65536 % 16}.{number // 256 % 256}.{number % 256}"
        token = self.user_data["token"]
        self.auth = {"Authorization": f"Token {token}", "X-Forwarded-For": address}
        # its own decks (private ones too) and everyone's public/unlisted ones
        self.decks = self.user_data["decks"] + READABLE_DECKS

    @task(6)
    def search(self):
        query, should_find = self.rng.choice(QUERIES)
        params = {"q": query}
        if self.rng.random() < 0.2:
            params["page_size"] = 20
        self.get(
            "/api/cards/", "search api", params=params, check=_found(should_find), headers=self.auth
        )

    @task(4)
    def card(self):
        card_id = self.card_id()
        check = _valid_json("id", card_id)
        self.get(f"/api/cards/{card_id}/", "card api", check=check, headers=self.auth)

    @task(2)
    def autocomplete(self):
        self.get(
            "/api/cards/autocomplete/",
            "autocomplete api",
            params={"q": self.rng.choice(CARDS["prefixes"])},
            headers=self.auth,
        )

    @task(1)
    def named(self):
        self.get(
            "/api/cards/named/",
            "named api",
            params={"exact": self.rng.choice(CARDS["unique_names"])},
            check=_valid_json("id"),
            headers=self.auth,
        )

    @task(3)
    def deck(self):
        deck = self.rng.choice(self.decks)
        self.get(
            f"/api/decks/{deck['id']}/",
            "deck api",
            check=_valid_json("id", deck["id"]),
            headers=self.auth,
        )

    @task(1)
    def deck_list(self):
        params = {"mine": 1} if self.rng.random() < 0.5 else {"game": self.rng.choice(PUBLIC_GAMES)}
        self.get("/api/decks/", "deck list api", params=params, headers=self.auth)

    @task(1)
    def deck_export(self):
        deck = self.rng.choice(self.decks)
        self.get(
            f"/api/decks/{deck['id']}/export/",
            "deck export api",
            params={"format": "text"},
            headers=self.auth,
        )

    @task(3)
    def validate(self):
        if self.rng.random() < 0.5:
            item, valid = self.rng.choice(DATA["lists"]), True
        else:
            item, valid = self.rng.choice(DATA["drafts"]), False
        self.post(
            "/api/decks/validate/",
            "validate api",
            {"game": item["game"], "list": item["list"]},
            check=_valid_json("valid", valid),
            headers=self.auth,
        )

    @task(1)
    def goldfish(self):
        payload = {
            "games": self.rng.randint(20, 50),
            "seed": self.rng.randrange(1_000_000),
        }
        if self.rng.random() < 0.7:
            deck = self.rng.choice(self.decks)
            payload.update(game=deck["game"], deck=deck["id"])
        else:
            item = self.rng.choice(DATA["lists"])
            payload.update(game=item["game"], list=item["list"])
        self.post(
            "/api/goldfish/", "goldfish api", payload, check=_valid_json("games"), headers=self.auth
        )

    @task(1)
    def job(self):
        """Queue a goldfish job on the workers (202) and look at it once, as a script that
        polls would. The benchmark measures the web side: no worker need run, the job
        simply waits in the queue."""
        deck = self.rng.choice(self.decks)
        payload = {
            "kind": "goldfish",
            "game": deck["game"],
            "deck": deck["id"],
            "games": JOB_GAMES,
            "seed": self.rng.randrange(1_000_000),
        }
        response = self.post(
            "/api/jobs/",
            "job submit api",
            payload,
            check=_valid_json("url"),
            headers=self.auth,
            status=202,
        )
        if response.status_code == 202:
            job_id = response.json()["id"]
            check = _valid_json("state")
            self.get(f"/api/jobs/{job_id}/", "job poll api", check=check, headers=self.auth)
