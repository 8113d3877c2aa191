"""The client's screens: each a small class with handle_event, update and draw."""
