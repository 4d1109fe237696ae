"""`python -m game` runs the same command line as `railparty`."""

from game.cli.main import main

raise SystemExit(main())
