"""The bundled app's entry point (tools/havana.spec): the `havana` command.

`multiprocessing.freeze_support()` comes first: in the frozen app the AI's worker
processes and their fork server are this same executable started again, and it
runs their part and exits there instead of reading their arguments as a command
line. (Run as a script outside a bundle it does nothing.)
"""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()

    import sys

    from havana_game.cli import main

    sys.exit(main())
