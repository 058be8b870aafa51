"""Static boards: `scene_html` draws a scene with inline styles only, like the live board."""
from __future__ import annotations

import re

import pytest
from widget_toy import toy_game

import explorer
from explorer.core.scene import CARD_BACK, describe, ink_for, items, longest, scene_html, zone_index

SCENE = {
    "game": "demo", "title": "Demo <Game>", "viewer": 1, "status": "P1 to move",
    "zones": [
        {"id": "grid", "label": "Board", "layout": "grid", "items": [
            {"id": "cell:0,0", "kind": "cell", "x": -1, "y": 2},
            {"id": "cell:1,0", "kind": "card", "text": "Ace", "color": "#1d3557", "x": 1, "y": 3,
             "badges": ["P1"]},
        ]},
        {"id": "players", "label": "Players", "layout": "group", "zones": [
            {"id": "p0", "label": "P0", "layout": "row", "highlight": True, "items": [
                {"id": "", "kind": "card", "face": "down", "text": "SECRET", "sub": "×3"}]},
            {"id": "p1", "label": "P1", "layout": "row", "note": "you", "items": [
                {"id": "hand:1:x", "kind": "token", "text": "<script>x</script>", "title": 'a "quote"'}]},
        ]},
    ],
    "events": [{"text": "P0 drew a card", "rule": "D-DRAW-1"}],
}


def test_items_walks_every_zone_and_sub_zone() -> None:
    assert [i["id"] for i in items(SCENE)] == ["cell:0,0", "cell:1,0", "", "hand:1:x"]


def test_static_html_shows_the_scene_with_inline_styles_only() -> None:
    page = scene_html(SCENE)
    assert "<style" not in page and "<script" not in page and "class=\"rx-scene\"" in page
    assert "Demo &lt;Game&gt;" in page and "P1 to move" in page and "P1&#x27;s view" in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page and 'title="a &quot;quote&quot;"' in page
    assert 'data-id="cell:1,0"' in page and ">P1</span>" in page
    assert "P0 drew a card" in page and "D-DRAW-1" in page
    assert "border:2px solid #e8a33d" in page        # the highlighted zone


def test_a_face_down_card_shows_its_back_and_count_but_no_text() -> None:
    page = scene_html(SCENE)
    assert "SECRET" not in page
    assert CARD_BACK in page and "×3" in page


def test_grid_items_are_placed_relative_to_the_top_left_item() -> None:
    page = scene_html(SCENE)
    assert "grid-template-columns:repeat(3,minmax(0,64px))" in page
    assert re.search(r'data-id="cell:0,0"[^>]*grid-column:1;grid-row:1;', page)
    assert re.search(r'data-id="cell:1,0"[^>]*grid-column:3;grid-row:2;', page)


def test_text_colour_contrasts_with_the_fill() -> None:
    assert ink_for("#1d3557") == "#fff" and ink_for("#f2c14e") == "#111"
    assert ink_for("#fff") == "#111" and ink_for("teal") == "#111"


@pytest.mark.parametrize("name", ["village", "summoners"])
def test_every_state_renders_itself_as_a_static_board(name: str) -> None:
    state = explorer.load(name).new(seed=2)
    page = state._repr_html_()
    assert page.startswith('<div class="rx-scene"')
    for item in items(state.scene(None)):
        if item.get("text") and item.get("face") != "down":
            assert str(item["text"]).replace("&", "&amp;").replace("<", "&lt;") in page


def test_the_toy_board_renders_too() -> None:
    page = toy_game().new(seed=1)._repr_html_()
    assert page.count('class="rx-item rx-card"') >= 4 and "Toy Grid" in page


def test_a_cell_fits_its_longest_word_and_wraps_between_words_only() -> None:
    """Grid and compact cells are containers whose print shrinks to fit the longest word
    of the zone (every cell alike): "Graveyard" is never cut "Graveyar d" (classroom
    issue #30, item 6)."""
    page = scene_html(SCENE)
    assert "overflow-wrap:anywhere" not in page
    ace = re.search(r'<div class="rx-item rx-card rx-fit" data-id="cell:1,0"[^>]*>(.*?)</div></div>', page)
    assert ace and "container-type:inline-size" in ace[0]
    assert re.search(r'class="rx-text" style="[^"]*font-size:min\(11px,calc\(100cqw / 2\.\d\d\)\)">Ace<', ace[1])
    assert re.search(r'class="rx-badge" style="[^"]*font-size:min\(10px,calc\(\(100cqw - 8px\) / 1\.\d\d\)\)">P1<',
                     ace[1])
    assert longest("Ghost Ship Graveyard") == longest("Graveyard") > longest("Ghost") > 0
    assert longest("mmm") > longest("iii") and longest("") == 0
    route = {"zones": [{"id": "route", "label": "Route", "layout": "row", "compact": True, "items": [
        {"id": "tile:0", "kind": "cell", "text": "Fog Bank"},
        {"id": "tile:1", "kind": "cell", "text": "Ghost Ship Graveyard"}]}]}
    sizes = set(re.findall(r'class="rx-text" style="[^"]*(font-size:[^"]*)"', scene_html(route)))
    assert sizes == {f"font-size:min(11px,calc(100cqw / {longest('Graveyard'):.2f}))"}   # one print for all
    die = scene_html({"zones": [{"id": "d", "layout": "row", "items": [
        {"kind": "die", "text": "double sword"}, {"kind": "die", "text": "5"}]}]})
    assert die.count("font-size:10px;line-height:1.05") == 1 and not re.search(r"[;\"]width:38px", die)   # whole words


ARRANGED = {"zones": [
    {"id": "table", "layout": "group", "bare": True, "items": [], "zones": [
        {"id": "cups", "label": "Cups", "layout": "stack", "share": 6, "zones": [
            {"id": "cup:0", "label": "P0's cup", "layout": "row", "inline": True, "plain": True,
             "items": [{"kind": "die", "text": "3"}]}]},
        {"id": "side", "layout": "stack", "bare": True, "share": 5, "items": [], "zones": [
            {"id": "bids", "label": "Bids", "layout": "row", "items": [{"kind": "counter", "text": "2 fives"}]}]}]}]}


def test_a_bare_group_arranges_zones_side_by_side_and_is_found_through() -> None:
    page = scene_html(ARRANGED)
    assert re.search(r'<div class="rx-bare rx-group" data-zone="table" style="display:flex;flex-wrap:wrap', page)
    assert re.search(r'data-zone="cups" style="[^"]*flex:6 1 0', page)
    assert re.search(r'data-zone="side" style="display:flex;flex-direction:column[^"]*flex:5 1 0', page)
    assert page.count("rx-zone-head") == 3                      # the bare zones have no head
    cup = re.search(r'<div class="rx-zone rx-inline rx-plain" data-zone="cup:0" style="([^"]*)">', page)
    assert cup and "border-width:0 0 0 3px" in cup[1] and "align-items:center" in cup[1]
    assert re.search(r'data-zone="cup:0".*?<div class="rx-row" style="display:contents">', page)
    assert set(zone_index(ARRANGED)) == {"table", "cups", "cup:0", "side", "bids"}
    assert list(describe(ARRANGED)) == ["status", "Cups › P0's cup", "Bids"]   # no path through a bare zone
