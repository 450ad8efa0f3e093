"""Maintenance commands: re-execute the lesson notebooks, write the sample game record."""
