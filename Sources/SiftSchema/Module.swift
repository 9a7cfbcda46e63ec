// SiftSchema: filled in by its issue. See README.md for the phases.
