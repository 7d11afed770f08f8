"""Tests of the words and layouts for people (``tricktable.presentation``)."""
