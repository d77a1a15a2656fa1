"""sheetgen: play materials, setups and scoring for four Wild-West mining games."""

__version__ = "0.1.0"
