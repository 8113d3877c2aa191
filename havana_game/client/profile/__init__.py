"""The player's own files in the config folder: settings (`settings`, which also
names the folder), statistics (`stats`) and finished games kept for replays
(`pastgames`)."""
