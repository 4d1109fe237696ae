"""Choosing among games announced under one name: never one chosen silently.
The pure rules on made-up announcements, then `join --discover` on loopback."""

from __future__ import annotations

import secrets

import pytest
from netkit import LOOPBACK, Proc, isolate, start_host

from net import protocol as P
from net.choosing import choose, needs_probe, probe_key
from net.discovery import Browser, FoundGame
from net.identity import HostIdentity, shown
from net.known_hosts import KnownHost, KnownHosts

REAL, OTHER = HostIdentity.generate().fingerprint, HostIdentity.generate().fingerprint


def game(address: str, fingerprint: str = REAL, name: str = "Friday rails",
         phase: str = "lobby", version: int = P.PROTOCOL_VERSION) -> FoundGame:
    host, port = address.split(":")
    return FoundGame(name=name, service=f"{name} {address}", game="routes-usa", seats=3,
                     free=2, phase=phase, host=host, port=int(port), version=version,
                     fingerprint=fingerprint)


def known(fingerprint: str = REAL) -> KnownHost:
    return KnownHost("Friday rails", "k", fingerprint)


def test_a_unique_name_is_chosen():
    choice = choose([game("10.0.0.2:1"), game("10.0.0.3:1", name="Other")], "friday RAILS")
    assert choice.game is not None and choice.game.address == "10.0.0.2:1"
    assert not choice.notes


def test_two_games_of_one_name_are_listed_not_chosen():
    found = [game("10.0.0.2:1"), game("10.0.0.9:1", OTHER, phase="playing")]
    choice = choose(found, "Friday rails")
    assert choice.game is None
    for g in found:
        assert g.address in choice.problem and shown(g.fingerprint) in choice.problem
    assert "--address" in choice.problem and "--host-key" in choice.problem


def test_the_host_played_with_before_is_chosen_and_the_other_is_told():
    found = [game("10.0.0.9:1", OTHER, phase="playing"), game("10.0.0.2:1")]
    choice = choose(found, "Friday rails", known=known())
    assert choice.game.address == "10.0.0.2:1"
    assert any("10.0.0.9:1" in note and "played with before" in note for note in choice.notes)


def test_a_remembered_name_with_a_new_key_is_flagged_not_joined():
    choice = choose([game("10.0.0.9:1", OTHER)], "Friday rails", known=known())
    assert choice.game is None
    assert "not with the key of the host you played with before" in choice.problem
    assert shown(REAL) in choice.problem and shown(OTHER) in choice.problem


def test_a_key_asked_for_picks_its_game_and_overrides_the_memory():
    found = [game("10.0.0.2:1"), game("10.0.0.9:1", OTHER)]
    assert choose(found, "Friday rails", host_key=OTHER, known=known()).game.address == \
        "10.0.0.9:1"
    missing = choose(found, "Friday rails", host_key=HostIdentity.generate().fingerprint)
    assert missing.game is None and "has the key" in missing.problem


def test_a_copied_fingerprint_is_told_apart_by_the_proof():
    found = [game("10.0.0.2:1"), game("10.0.0.9:1", phase="playing")]   # both claim REAL
    assert {g.address for g in needs_probe(found, "Friday rails")} == {"10.0.0.2:1",
                                                                       "10.0.0.9:1"}
    unproven = choose(found, "Friday rails", known=known())
    assert unproven.game is None and "cannot all be its host" in unproven.problem
    assert unproven.proof_decides
    assert not choose([game("10.0.0.2:1"), game("10.0.0.9:1", OTHER)],
                      "Friday rails").proof_decides
    proven = {"10.0.0.2:1": REAL, "10.0.0.9:1": OTHER}
    choice = choose(found, "Friday rails", proven=proven)
    assert choice.game.address == "10.0.0.2:1"
    assert any("10.0.0.9:1" in note and "could not prove" in note for note in choice.notes)
    nobody = choose(found, "Friday rails", proven={"10.0.0.2:1": None, "10.0.0.9:1": None})
    assert nobody.game is None


def test_announcements_without_a_key_or_of_another_version_are_not_chosen():
    keyless = choose([game("10.0.0.2:1", "")], "Friday rails")
    assert keyless.game is None and any("no key" in note for note in keyless.notes)
    old = choose([game("10.0.0.2:1", version=2)], "Friday rails")
    assert old.game is None and "protocol 2" in old.problem
    assert "no game called" in choose([], "Friday rails").problem


def test_probe_key_reads_what_a_host_proves(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    host = start_host(identity=HostIdentity.generate())
    try:
        assert probe_key(game(f"{LOOPBACK}:{host.port}")) == host.identity.fingerprint
        assert host.status()["connections"] <= 1      # the probe said no hello
    finally:
        host.stop()
    assert probe_key(game(f"{LOOPBACK}:{host.port}"), timeout=1.0) is None


@pytest.fixture
def twins(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    name = f"Twin rails {secrets.token_hex(3)}"
    hosts = [start_host(seats=2, name=name, advertise=True, interfaces=[LOOPBACK],
                        identity=HostIdentity.generate()) for _ in range(2)]
    with Browser(interfaces=[LOOPBACK]) as browser:    # both announced (clashes settle slowly)
        assert browser.wait_for(lambda games: len([g for g in games if g.named(name)]) == 2,
                                timeout=60), browser.games()
    yield name, hosts
    for host in hosts:
        host.stop()


def test_join_discover_lists_two_games_of_one_name_and_joins_by_key(twins, tmp_path):
    name, hosts = twins
    data = {"RAILPARTY_DATA_DIR": str(tmp_path / "joiner")}
    listed = Proc("join", "--discover", name, "--spectate", "--headless", "--interface",
                  LOOPBACK, "--discover-timeout", "30", env=data)
    code, _ = listed.finish()
    said = "\n".join(listed.err)
    assert code == 3, said
    for host in hosts:
        assert f":{host.port}" in said and shown(host.identity.fingerprint) in said
    assert "--host-key" in said and "none is chosen" in said
    picked = hosts[1]
    chosen = Proc("join", "--discover", name, "--spectate", "--headless", "--interface",
                  LOOPBACK, "--discover-timeout", "30", "--host-key",
                  shown(picked.identity.fingerprint).lower(), "--timeout", "2", env=data)
    chosen.finish()
    said = "\n".join(chosen.err)
    assert f"{LOOPBACK}:{picked.port}" in said and "joined" in said, said
    assert KnownHosts(tmp_path / "joiner" / "known-hosts.json").get(name).fingerprint == \
        picked.identity.fingerprint
    # the memory now picks that host without being told
    again = Proc("join", "--discover", name, "--spectate", "--headless", "--interface",
                 LOOPBACK, "--discover-timeout", "30", "--timeout", "2", env=data)
    again.finish()
    said = "\n".join(again.err)
    assert f"{LOOPBACK}:{picked.port}" in said and "joined" in said, said
    assert "played with before" in said


# --- the kiosk: what it follows among announcements (real hosts on loopback) -----------

class Listing:
    """Stands in for the zeroconf Browser: the announcements the test makes."""

    changes = 0

    def __init__(self, games: list[FoundGame]):
        self.list = games

    def games(self) -> list[FoundGame]:
        return list(self.list)

    def stop(self) -> None:
        pass


def kiosk_on(app, announced: list[FoundGame], **kw):
    from game.scenes.kiosk import KioskScene

    kiosk = KioskScene(app, address=None, **kw)
    if kiosk.browser is not None:
        kiosk.browser.stop()
    kiosk.browser = Listing(announced)
    app.push(kiosk)
    return kiosk


def steps(app, kiosk, predicate, looks: int | None = None) -> bool:
    """Step the app until predicate() holds (True). False after `looks` of the
    kiosk's searches when given (a thing that must not happen), else after a
    generous bound for the network."""
    import time

    from game.scenes.kiosk import LOOK_EVERY_TICKS

    deadline = time.monotonic() + 60
    ticks = 0
    while not predicate():
        if (looks is not None and ticks >= looks * LOOK_EVERY_TICKS) or \
                time.monotonic() > deadline:
            return False
        app.step(1)
        ticks += 1
        time.sleep(0.002)
    return True


@pytest.fixture
def app(monkeypatch, tmp_path):
    from game.app import App
    from game.system.settings import Settings

    isolate(monkeypatch, tmp_path)
    application = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    yield application
    for scene in application.stack:
        if hasattr(scene, "shutdown"):
            scene.shutdown()
    application.close()


def followed(kiosk) -> str | None:
    client = kiosk.client
    return f"{client.host}:{client.port}" if client is not None and client.connections else None


def test_the_kiosk_skips_a_copied_fingerprint_and_follows_the_real_host(app):
    from forgerkit import Forger

    real = start_host(name="Friday rails", identity=HostIdentity.generate())
    forger = Forger()
    try:
        fp = real.identity.fingerprint
        kiosk = kiosk_on(app, [game(f"{LOOPBACK}:{forger.port}", fp, phase="playing"),
                               game(f"{LOOPBACK}:{real.port}", fp)], discover="Friday rails")
        assert steps(app, kiosk, lambda: followed(kiosk))
        assert followed(kiosk) == f"{LOOPBACK}:{real.port}"
        assert all(m["type"] == "challenge" for m in forger.received)   # never a hello
    finally:
        forger.close()
        real.stop()


def test_the_kiosk_follows_none_of_two_games_of_one_name_and_says_so(app):
    hosts = [start_host(name="Friday rails", identity=HostIdentity.generate())
             for _ in range(2)]
    try:
        kiosk = kiosk_on(app, [game(f"{LOOPBACK}:{h.port}", h.identity.fingerprint)
                               for h in hosts], discover="Friday rails")
        assert not steps(app, kiosk, lambda: kiosk.client is not None, looks=3)
        assert "2 games are called 'Friday rails'" in kiosk.notice
        assert all(h.status()["connections"] == 0 for h in hosts)
        # once it has watched one of them, that one is followed
        KnownHosts().remember("Friday rails", hosts[1].identity.public_text,
                              hosts[1].identity.fingerprint)
        assert steps(app, kiosk, lambda: followed(kiosk))
        assert followed(kiosk) == f"{LOOPBACK}:{hosts[1].port}"
    finally:
        for host in hosts:
            host.stop()


def test_the_kiosk_never_leaves_its_game_for_one_marked_playing(app):
    first = start_host(name="Friday rails", identity=HostIdentity.generate())
    second = start_host(name="Friday rails", identity=HostIdentity.generate(), seats=2)
    try:
        listing = [game(f"{LOOPBACK}:{first.port}", first.identity.fingerprint)]
        kiosk = kiosk_on(app, listing, discover="Friday rails")
        assert steps(app, kiosk, lambda: followed(kiosk))
        second.start_game()             # bots play it: a game of the same name, playing
        kiosk.browser.list.insert(0, game(f"{LOOPBACK}:{second.port}",
                                          second.identity.fingerprint, phase="playing"))
        assert not steps(app, kiosk, lambda: followed(kiosk) != f"{LOOPBACK}:{first.port}",
                         looks=5)
        assert second.status()["spectators"] == 0
        # the followed game stops: it is left, and the other one (a new key under the
        # name it remembers) is not followed silently
        first.stop()
        kiosk.browser.list.pop()
        assert steps(app, kiosk, lambda: kiosk.client is None and kiosk.notice)
        assert "new key" in kiosk.notice and second.status()["spectators"] == 0
    finally:
        first.stop()
        second.stop()


def test_the_join_list_shows_both_games_and_asks_before_a_new_key(app):
    from game.scenes.confirm import ConfirmScene
    from game.scenes.lan import JoinScene, LobbyScene

    hosts = [start_host(name="Friday rails", identity=HostIdentity.generate())
             for _ in range(2)]
    try:
        KnownHosts().remember("Friday rails", hosts[0].identity.public_text,
                              hosts[0].identity.fingerprint)
        listed = [game(f"{LOOPBACK}:{h.port}", h.identity.fingerprint) for h in hosts]
        join = JoinScene(app, name="Remy")
        if join.browser is not None:
            join.browser.stop()
        join.browser = Listing(listed)
        app.push(join)
        app.step(1)
        assert "played with before" in join.flag(listed[0], listed)[0]
        assert "NEW KEY" in join.flag(listed[1], listed)[0]
        copied = [*listed, game(f"{LOOPBACK}:1", hosts[0].identity.fingerprint)]
        assert "announce this key" in join.flag(copied[0], copied)[0]
        join._join(listed[1])
        assert isinstance(app.top, ConfirmScene)
        assert hosts[1].status()["connections"] == 0      # nothing joined yet
        app.top._no()
        join._join(listed[0])
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        assert lobby.client.expect_key == hosts[0].identity.fingerprint
        assert steps(app, lobby, lambda: lobby.client.snapshot()["seat"] is not None)
        lobby.client.stop()
    finally:
        for host in hosts:
            host.stop()


def test_a_typed_address_under_a_remembered_name_with_a_new_key_is_told(app):
    from game.scenes.lan import JoinScene

    before = HostIdentity.generate()
    KnownHosts().remember("Friday rails", before.public_text, before.fingerprint)
    host = start_host(name="Friday rails", identity=HostIdentity.generate())
    try:
        join = JoinScene(app, name="Remy")
        app.push(join)
        join.connect(f"{LOOPBACK}:{host.port}")
        lobby = app.top
        assert steps(app, lobby, lambda: any(shown(before.fingerprint) in text
                                             for text, _, _ in app.toasts))
        lobby.client.stop()
    finally:
        host.stop()
