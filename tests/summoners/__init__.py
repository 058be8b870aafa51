"""Tests of the Piri Piri Summoners engine."""
