"""The command line: `railparty` and its subcommands, and the argument types they share."""
