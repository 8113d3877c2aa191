"""The pygame-ce client: menus, the animated table, hotseat and LAN play.

It renders only the seat views and events that a host sends; local games run a
host inside the process and talk to it the same way (see `session.link`).

Rooms by job:

- `app` (the window and the main loop) and `screens` (every screen by name:
  a screen opens another with `app.show(NAME, ...)`, never by importing it);
- `scenes/`: one small class per screen;
- `table/`: the game table, from the model of what the host sent to drawing it
  and staging the seat's decisions;
- `session/`: the links to a host, local games' slots, LAN tables and seats,
  replays;
- `profile/`: the player's settings, statistics and past games;
- `ui/`: widgets, fonts, art, tweens, the language switch;
- `audio/`: sound effects and music;
- `cli` and `shots`: `havana play` and `havana screenshot`.

Colors, shapes and the text keys of what the game shows come from the
presentation vocabulary (`havana_game.presentation`), shared with other screens
(a web seat page) that show the game.
"""
