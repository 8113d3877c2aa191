"""A game interrupted and taken up again tells the same story as one played
straight through (same seed, same decisions): after a local game's Resume, and
after a LAN guest's client dies and rejoins with its token, the log and the
results' stories match the uninterrupted game's, event for event."""

from __future__ import annotations

import time

from havana_game.client.session import localgame
from havana_game.client.session.netlink import NetLink
from havana_game.client.table.logtext import story
from havana_game.client.table.model import TableModel
from net.client import ClientConnection
from net.host import HostConfig
from net.local import start_local_host

from .seeds import HOST_SEED

NAMES = ["Ana", "Bea"]


class Player:
    """The seats of one link, deciding the first legal decision each time asked."""

    def __init__(self, link: NetLink) -> None:
        self.link = link
        self.model = TableModel(list(link.human_seats), names=list(link.names))
        self.asked: set[tuple[int, int]] = set()

    def take_news(self) -> None:
        self.model.feed(self.link.poll())
        while self.model.pop() is not None:
            pass

    def decide_one(self) -> int | None:
        """Decide for one asked seat; the version decided on, or None."""
        for seat in self.link.human_seats:
            view = self.model.views.get(seat)
            if view is not None and seat in view["to_decide"] \
                    and (seat, view["version"]) not in self.asked:
                self.asked.add((seat, view["version"]))
                self.link.send(seat, view["legal"][0])
                return int(view["version"])
        return None

    @property
    def version(self) -> int:
        view = self.model.view()
        return -1 if view is None else view["version"]

    @property
    def seen(self) -> set[int]:
        """The versions of its seats' latest views (one when they agree)."""
        return {self.model.views[s]["version"] if s in self.model.views else -1
                for s in self.link.human_seats}

    @property
    def over(self) -> bool:
        view = self.model.view()
        return view is not None and view["phase"] == "over"


def play(players: list[Player], until: int | None = None, seconds: float = 60) -> None:
    """Play until the game is over (or reaches version `until`), one decision at a
    time in seat order: the opening choices, made at once, are applied in the same
    order in every run, so that runs compare event for event."""
    deadline = time.monotonic() + seconds
    sent_at = -1
    while not all(p.over or (until is not None and p.version >= until) for p in players):
        assert time.monotonic() < deadline, "the game did not move on"
        for player in players:
            player.take_news()
        seen = set().union(*(p.seen for p in players))
        if len(seen) == 1 and seen.pop() > sent_at:  # every seat sees the same, newer state
            for player in players:
                decided = player.decide_one()
                if decided is not None:
                    sent_at = decided
                    break
        time.sleep(0.002)


def stories(model: TableModel) -> list[list[str]]:
    view = model.view()
    assert view is not None
    return [story(model.events, seat, view["seats"][seat]["built"])
            for seat in range(view["players"])]


def test_a_resumed_local_game_tells_the_same_story(tmp_path, monkeypatch):
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(tmp_path))
    straight = Player(NetLink.local(["human", "human"], NAMES, seed=HOST_SEED))
    play([straight])
    straight.link.close()

    first = Player(NetLink.local(["human", "human"], NAMES, seed=HOST_SEED))
    play([first], until=40)
    first.link.close()  # quit: the game stays saved
    assert len(localgame.saved_games()) == 1
    resumed_link = NetLink.resume()
    assert resumed_link is not None
    resumed = Player(resumed_link)
    play([resumed])
    resumed.link.close()
    assert resumed.model.events == straight.model.events
    assert stories(resumed.model) == stories(straight.model)
    assert not localgame.saved_games()  # over: nothing left to resume
    assert not list(localgame.slots_dir().iterdir())  # nor any file of it


def _lan_game() -> tuple[object, dict[int, ClientConnection]]:
    host = start_local_host(2, ["human", "human"], HostConfig(seed=HOST_SEED, autostart=True))
    seats = {}
    for seat, name in enumerate(NAMES):
        conn = ClientConnection("127.0.0.1", host.port)
        conn.join(host.code, name, seat=seat)
        seats[seat] = conn
    return host, seats


def test_a_lan_guest_who_crashed_and_rejoined_sees_the_same_story():
    host, seats = _lan_game()
    straight = [Player(NetLink({seat: conn}, NAMES)) for seat, conn in seats.items()]
    play(straight)
    for player in straight:
        player.link.close()
    host.stop()

    host, seats = _lan_game()
    players = [Player(NetLink({seat: conn}, NAMES)) for seat, conn in seats.items()]
    play(players, until=40)
    deadline = time.monotonic() + 5
    while seats[1].token is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    token = seats[1].token
    players[1].link.close()  # the guest's client dies mid-game
    back = ClientConnection("127.0.0.1", host.port)
    back.join(host.code, "Bea", seat=1, token=token)
    players[1] = Player(NetLink({1: back}, NAMES))
    play(players)
    for player in players:
        player.link.close()
    host.stop()
    assert players[1].model.events == straight[1].model.events
    assert stories(players[1].model) == stories(straight[1].model)
