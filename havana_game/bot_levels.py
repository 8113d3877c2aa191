"""The bot levels this program plays, by name, easiest first (the bots themselves:
`havana_game.ai.BOT_LEVELS`). Kept apart from the AI so that the command line
lists and checks them without loading the engine; a test keeps the two equal."""

BOT_LEVEL_NAMES = ("random", "easy", "medium", "hard", "expert", "denial", "rush")
