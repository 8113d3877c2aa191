"""The pygame-ce client: menus, the animated table, hotseat and LAN play.

It renders only the seat views and events that a host sends; local games run a
host inside the process and talk to it the same way (see `link`).
"""
