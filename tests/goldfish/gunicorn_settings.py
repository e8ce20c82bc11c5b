"""Production settings (DEBUG from the environment) for the real-gunicorn pool test: the
goldfish budget is off, since that test measures process pools, not budgets."""

from cardsite.settings import *  # noqa: F403

GOLDFISH_BUDGET_ANON = None
GOLDFISH_BUDGET_USER = None
