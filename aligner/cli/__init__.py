"""Typer command groups: argument handling only, the work lives in the library."""
