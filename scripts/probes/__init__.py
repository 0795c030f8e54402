"""The probe catalogue and harness behind scripts/probe_inputs.py."""
