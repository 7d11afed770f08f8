"""Tests of the game engines (rules, conformance, perft)."""
