"""The game table: everything that shows a game from a seat's view and turns
clicks into decisions. The model of what the host sent (`model`, `seatstate`),
the edition on the table (`edition`), where things go (`layout`) and drawing
them (`draw`), the decision being put together (`staging`, `choices`,
`controller`, `controls`, `targets`, `prompt`), the action panel (`panel`),
animations of events (`animations`), the log (`logtext`, `logbook`), hints
(`hints`), the hotseat curtain (`curtain`), the first game's guide (`guide`),
the pause menu (`overlays`) and what a redraw depends on (`framekey`).
`scenes/table.py` puts them together."""
