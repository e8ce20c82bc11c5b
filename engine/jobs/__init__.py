"""Simulation jobs on Celery workers (issue 14): submit, play a chunk, follow, cancel."""
