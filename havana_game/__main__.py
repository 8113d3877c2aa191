"""`python -m havana_game`: the `havana` command, run by this interpreter (the
client starts its LAN host this way, as a process of its own)."""

from .cli import main

raise SystemExit(main())
