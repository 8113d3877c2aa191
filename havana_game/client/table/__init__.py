"""The table scene's parts: what can be picked on the table (`targets`), what a
pick or a button means (`controller`), the buttons of each kind of decision
(`controls`), the prompt (`prompt`), the action panel's drawing (`panel`), the pause
menu (`overlays`), and what a redraw of the static table depends on (`framekey`).
`scenes/table.py` puts them together."""
