"""Bridges to other game frameworks (each behind its own extra, imported lazily)."""
