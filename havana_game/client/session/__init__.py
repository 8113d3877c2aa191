"""The seat's link to a game: the one door to a host (`link`: the interface, and
`LocalLink`, the engine in this process for screenshots and tests), the host
over the `net/` protocol for local and LAN games alike (`netlink`), local games'
save slots (`localgame`), LAN tables hosted from the menu (`lanhost`) and the
seats held at them (`lanseats`), going back to an unfinished game (`resume`),
finished games stepped through (`replay`), and games advanced by bots without a
window (`headless`)."""
