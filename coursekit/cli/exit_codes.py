"""The exit codes of every command: 0 clean, 1 findings, 2 usage or internal error."""

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
