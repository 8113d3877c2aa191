"""The game table: everything that shows a game from a seat's view and turns
clicks into decisions.

- What the host sent: `model`, `seatstate`; the edition on the table: `edition`.
- The table screen (`screen`) composes its parts, none built on another: the
  course of play (`flow`), what the player asks (`asks`: hints, take-backs, the
  first game's guide), its buttons and action panel's words (`buttons`), the
  input router (`input`), the drawing (`drawing`) and the layers (`layers`).
- What lies over the table for a while, each a `layers.Layer` on the screen's
  stack (input to the top first; the screen wakes for the soonest): the recap
  (`recapbox`), the hotseat `curtain` (it hides the table), the tutorial's
  `lessonbox`, the pause menu and its questions (`pausemenu`: leave, concede,
  give a seat), the unreachable host's notice (`unreachable`).
- Drawing, by part: where things go (`layout`), the frame's `canvas` and card
  faces, `topbar`, `rows`, `market`, `seats`, `hand`, `logpanel`, the action
  `panel`, the pause menu (`overlays`), the first game's
  `guide`, `animations` of events, and what a part of the static table is keyed by (`framekey`).
- Deciding: the staged choice (`staging`, `choices`), what a pick or a button
  means (`controller`, `targets`), each decision's buttons (`controls`), the
  prompt (`prompt`), hints (`hints`), the log's words (`logtext`, `logbook`).

`scenes/table.py`, `scenes/tutorial.py` and `scenes/replay.py` are the screens
built on `screen` (the replay gives it its own panel, `replaypanel`)."""
