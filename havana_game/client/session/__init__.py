"""The seat's link to a game: what a screen sends decisions to and receives
views and events from (`link`: the local host in-process; `netlink`: a LAN
host), local games' save slots (`localgame`), LAN tables hosted from the menu
(`lanhost`) and the seats held at them (`lanseats`), going back to an unfinished
game (`resume`), finished games stepped through (`replay`), and games advanced
by bots without a window (`headless`)."""
