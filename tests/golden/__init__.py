"""Golden records: hand-derived expected replay results (see build_euchre.py)."""
