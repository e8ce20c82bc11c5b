"""Conversions of public fan card lists into the project's card schema (docs/card-schema.md)."""
