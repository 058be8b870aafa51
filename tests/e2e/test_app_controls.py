"""The classroom app's picker in headless Chromium: every control is clicked (game, players,
seed, each rule option, start) and reaches the kernel; Lying Pirates with Cities of Greed
starts from it and its board shows the towns and the influence cards; the board's
perspective goes to a player and back to everyone.

The real app, started with the real command (`start_app` of test_app.py).
"""
from __future__ import annotations

import json
import re
from typing import Callable

import pytest
import test_app
from playwright.sync_api import Locator, Page, expect
from test_app import PAGE_TIMEOUT, App

import explorer
from explorer.app.options import controls
from explorer.core.game import game_class

start_app = test_app.start_app
"""The fixture that starts the real `explorer app` on a free port (one server for this module)."""
CHANGED_NUMBERS = {"start_seat": 1, "coin_supply": 61, "crew_bag": 61, "max_rounds": 59,
                   "town_first_seat": 1, "town_moves": 2, "influence_per_round": 2}
"""A value other than the default, and valid, for each number option of Lying Pirates."""


@pytest.fixture(scope="module")
def app(start_app: Callable[..., App]) -> App:
    return start_app()


def option_name(control: Locator) -> str:
    match = re.search(r"\brx-option-(\w+)", control.get_attribute("class") or "")
    assert match, "an option control without its option's name"
    return match[1]


def ids(scene: dict, prefix: str) -> int:
    return len(set(re.findall(rf'"id": "({prefix}[^"]*)"', json.dumps(scene))))


def change_every_option(root: Locator) -> list[str]:
    """Click each option control of the game on show so that it differs from its default;
    the labels of the options changed (a one-value ruling is shown, disabled)."""
    labels = {c.name: c.label for c in controls(game_class("pirates"), 4)}
    changed = []
    options = root.locator(".rx-app-option")
    for i in range(options.count()):
        control = options.nth(i)
        name = option_name(control)
        if name == "variants":
            boxes = control.locator("input[type=checkbox]")
            expect(boxes).to_have_count(len(game_class("pirates").option_choices("variants")))
            for k in range(boxes.count()):
                boxes.nth(k).click()
                expect(boxes.nth(k)).to_be_checked()
        elif name == "captains":
            menus = control.locator("select:visible")
            expect(menus).to_have_count(4)                      # a menu per seat of the 4 players
            for seat in range(4):
                menus.nth(seat).select_option(index=seat + 1)
        elif control.locator("input[type=checkbox]").count():
            box = control.locator("input[type=checkbox]")
            was = box.is_checked()
            box.click()
            expect(box).to_be_checked(checked=not was)
        elif control.locator("select").count():
            menu = control.locator("select")
            values = menu.locator("option").all_text_contents()
            if len(values) == 1:
                expect(menu).to_be_disabled()                   # one ruling: shown, not a choice
                continue
            current = menu.locator("option:checked").text_content()
            menu.select_option(label=next(v for v in values if v != current))
        else:
            assert name in CHANGED_NUMBERS, f"CHANGED_NUMBERS needs a valid other value for {name!r}"
            box = control.locator("input")
            box.fill(str(CHANGED_NUMBERS[name]))
            box.press("Tab")                                    # a number box sends on change
        changed.append(labels[name])
    return changed


def test_every_picker_control_then_pirates_with_cities_of_greed(
        page: Page, app: App, shot: Callable[[Locator, str], None]) -> None:
    page.goto(app.url())
    root = page.locator(".rx-app")
    expect(root).to_be_visible(timeout=PAGE_TIMEOUT)
    game, players = root.locator(".rx-app-game select"), root.locator(".rx-app-players select")
    seed, start = root.locator(".rx-app-seed input"), root.locator(".rx-app-start")
    options, message = root.locator(".rx-app-options"), root.locator(".rx-app-message")

    # each game its own option controls, by their labels
    for name in explorer.list_games():
        cls = game_class(name)
        game.select_option(label=cls.title)
        expect(players.locator("option")).to_have_count(cls.max_players - cls.min_players + 1)
        made = controls(cls, cls.default_players)
        expect(options.locator(".rx-app-option")).to_have_count(len(made))
        for c in made:
            expect(options.locator(f".rx-option-{c.name}")).to_contain_text(c.label)
        expect(options.get_by_text("Cities of Greed expansion")).to_have_count(1 if name == "pirates" else 0)

    # Lying Pirates: the captain menus follow the number of players
    game.select_option(label="Lying Pirates")
    players.select_option(label="3")
    expect(options.locator(".rx-option-captains select:visible")).to_have_count(3)
    players.select_option(label="4")
    expect(options.locator(".rx-option-captains select:visible")).to_have_count(4)
    seed.fill("7")
    seed.press("Tab")
    options.get_by_text(re.compile("^Assumed rulings")).click()   # the rulings fold out
    expect(options.locator(".rx-option-max_rounds input")).to_be_visible()

    # every option changed, then started: the kernel got each of them
    changed = change_every_option(root)
    assert "Cities of Greed expansion" in changed and "Round limit" in changed and "Captains" in changed
    start.click()
    board = root.locator(".rx-panel .rx-board")
    expect(board).to_be_visible(timeout=60_000)
    expect(message).to_contain_text("Lying Pirates, 4 players, seed 7")
    for label in changed:
        expect(message).to_contain_text(label)
    expect(message).to_contain_text("Captains: The Hoarder, The Heiress, The Haggler, The Gambler")
    shot(root, "app-picker-every-option.png")

    # a combination the game refuses: its words, no traceback, the game on show stays
    first = options.locator(".rx-option-start_seat input")
    first.fill("5")
    first.press("Tab")
    start.click()
    expect(message).to_contain_text("could not start the game: Starting captain (seat number): "
                                    "no seat 5 among 4 players")
    expect(root).not_to_contain_text("Traceback")
    expect(board).to_be_visible()

    # another game and back: the controls are made anew, with the defaults
    game.select_option(label="Momiji")
    expect(options.locator(".rx-option-landscapes")).to_be_visible()
    game.select_option(label="Lying Pirates")
    players.select_option(label="4")
    cities = options.locator(".rx-option-cities_of_greed input[type=checkbox]")
    expect(cities).not_to_be_checked()
    expect(options.locator(".rx-option-draft input[type=checkbox]")).not_to_be_checked()
    expect(options.locator(".rx-option-variants input:checked")).to_have_count(0)
    cities.click()
    expect(cities).to_be_checked()
    start.click()
    expect(message).to_have_text("Lying Pirates, 4 players, seed 7; Cities of Greed expansion")

    # the board shows the expansion: the towns' banners, each player's influence cards
    state = explorer.load("pirates", 4, cities_of_greed=True).new(7)
    influence = board.locator('[data-id^="influence:"]')
    expect(board).to_have_attribute("data-viewer", "teacher")
    expect(board.locator('[data-id^="banner:"]')).to_have_count(ids(state.scene(None), "banner:"))
    expect(influence).to_have_count(ids(state.scene(None), "influence:"))
    assert ids(state.scene(None), "influence:") == 12 and ids(state.scene(None), "banner:") >= 5
    shot(root, "app-picker-pirates-cities.png")

    # the perspective: to P1 (after the hand-over screen) and back to everyone
    panel = root.locator(".rx-panel")
    panel.get_by_role("button", name="P1", exact=True).click()
    expect(panel.get_by_text("Pass the device to")).to_be_visible()
    panel.get_by_role("button", name="I am ready: show my view").click()
    expect(board).to_have_attribute("data-viewer", "1")
    expect(influence).to_have_count(ids(state.scene(1), "influence:"))
    expect(board.locator('[data-id^="influence:"]:not([data-id^="influence:1:"])')).to_have_count(0)
    expect(board.locator('[data-id^="banner:"]')).to_have_count(ids(state.scene(1), "banner:"))
    panel.get_by_role("button", name="Teacher", exact=True).click()
    expect(board).to_have_attribute("data-viewer", "teacher")
    expect(influence).to_have_count(12)
