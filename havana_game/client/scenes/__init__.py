"""The client's screens: each a small class with handle_event, update and draw,
opened by name through the app (`app.show`, the names in `screens.SCREENS`); a
screen never imports another. The table and the replay are drawn by the table
room's layers (`havana_game.client.table.screen`)."""
