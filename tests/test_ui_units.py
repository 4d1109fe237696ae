"""Tweens, the animator, board geometry and input mapping, without a window."""

from __future__ import annotations

import pygame
import pytest

from game.anim.tween import Animator, Tween, ease_out_cubic, hop, linear, scaled
from game.rules.routes.board import load_board
from game.rules.routes.geometry import BoardGeometry
from game.ui.input import InputMapper


def test_tween_progress_is_counted_in_ticks():
    t = Tween(10, delay=5, easing=linear)
    assert t.value == 0 and not t.started
    t.step(5)
    assert t.started and t.value == 0
    t.step(5)
    assert t.value == pytest.approx(0.5)
    t.step(5)
    assert t.done and t.value == 1


def test_easing_ends_and_hop_returns_to_the_ground():
    assert ease_out_cubic(0) == 0 and ease_out_cubic(1) == 1
    assert ease_out_cubic(0.5) > 0.5
    assert hop(0) == pytest.approx(0) and hop(1) == pytest.approx(0) and hop(0.5) == 1


def test_animator_plays_batches_in_order_and_instant_ones_at_once():
    anim = Animator()
    first = Tween(3)
    second = Tween(2)
    anim.add_batch([first])
    anim.add_batch([second])
    anim.update(1)
    assert anim.active() == [first] and second.elapsed == 0
    anim.update(2)
    assert anim.active() == [second]
    anim.update(2)
    assert not anim.busy
    anim.add_batch([Tween(scaled(20, 0.0)), Tween(scaled(15, 0.0))])
    anim.update(1)
    assert not anim.busy


def test_speed_setting_scales_durations():
    assert scaled(20, 0) == 0
    assert scaled(20, 0.5) == 10
    assert scaled(20, 2) == 40


@pytest.fixture(scope="module")
def geometry():
    return BoardGeometry(load_board("usa"), (10, 62, 1420, 896))


def test_every_track_has_its_spaces_on_the_board(geometry):
    x, y, w, h = geometry.rect
    for tid, shape in geometry.tracks.items():
        assert len(shape.spaces) == shape.track.length
        for space in shape.spaces:
            cx, cy = space.center
            assert x <= cx <= x + w and y <= cy <= y + h, tid


def test_clicking_a_space_finds_its_own_track(geometry):
    for tid, shape in geometry.tracks.items():
        for space in shape.spaces:
            assert geometry.track_at(space.center) == tid


def test_double_tracks_lie_side_by_side(geometry):
    board = geometry.board
    a, b = (board.tracks[i] for i in board.parallel["atlanta--new-orleans-1"])
    ca = geometry.tracks[a.id].spaces[0].center
    cb = geometry.tracks[b.id].spaces[0].center
    distance = ((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5
    assert 10 < distance < 30


def test_input_mapper_gives_the_same_intents_from_every_device():
    mapper = InputMapper()
    kinds = [i.kind for e in [
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"),
        pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0, joy=0),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""),
        pygame.event.Event(pygame.JOYHATMOTION, value=(-1, 0), instance_id=0, joy=0, hat=0),
        pygame.event.Event(pygame.JOYAXISMOTION, axis=0, value=-0.9, instance_id=0, joy=0),
        pygame.event.Event(pygame.JOYAXISMOTION, axis=0, value=-0.95, instance_id=0, joy=0),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""),
        pygame.event.Event(pygame.JOYBUTTONDOWN, button=1, instance_id=0, joy=0),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT,
                           unicode=""),
    ] for i in mapper.map(e)]
    # the held stick gives one "left", not one per motion event
    assert kinds == ["select", "select", "left", "left", "left", "back", "back", "prev"]


@pytest.mark.parametrize("board_name", ["usa", "italy"])
def test_city_labels_overlap_no_label_and_no_city(board_name):
    from game.rules.routes.geometry import CITY_RADIUS
    from game.scenes.boards.routes import layout
    from game.ui.route_drawing import label_boxes

    pygame.font.init()
    board = load_board(board_name)
    bw, bh = board.size
    rect = layout.PORTRAIT_BOARD_RECT if bw / bh < 1.2 else layout.BOARD_RECT
    geo = BoardGeometry(board, rect)
    boxes = label_boxes(geo)
    assert set(boxes) == set(geo.cities)

    def overlap(a, b):
        return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
            b[1] < a[1] + a[3]

    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlap(boxes[a], boxes[b]), (a, b)
    r = CITY_RADIUS * geo.scale
    for name, box in boxes.items():
        for city, (x, y) in geo.cities.items():
            assert not overlap(box, (x - r, y - r, 2 * r, 2 * r)), (name, "covers", city)
        x, y, w, h = box
        bx, by, bw2, bh2 = rect
        assert bx <= x and by <= y and x + w <= bx + bw2 and y + h <= by + bh2, name


def test_a_long_heading_shrinks_to_fit_its_box():
    from game.ui import theme

    title = "Your seat is played from another window"
    size = theme.fit_size(title, 60, 840, True)
    assert size < 60 and theme.font(size, True).size(title)[0] <= 840
    assert theme.fit_size("Leave?", 60, 840, True) == 60


def test_the_region_legend_stays_clear_of_where_toasts_appear():
    from game.scenes.boards.routes import layout as L
    from game.ui.region_legend import legend_box

    geo = BoardGeometry(load_board("italy"), L.PORTRAIT_BOARD_RECT)
    from game.ui import theme

    pygame.font.init()
    toasts = theme.toast_band(64)
    box, _ = legend_box(geo, [toasts])
    assert not box.colliderect(toasts)
    assert pygame.Rect(geo.rect).contains(box)


def test_a_voronoi_cell_keeps_the_points_nearer_its_city_within_reach():
    from game.ui.route_drawing import voronoi_cell

    cell = voronoi_cell((0, 0), [(0, 0), (10, 0), (0, -30)], 8)
    xs = [x for x, _ in cell]
    assert max(xs) <= 5 + 1e-9             # cut at the bisector with (10, 0)
    assert min(xs) == pytest.approx(-8)    # the reach elsewhere
    assert voronoi_cell((0, 0), [(0, 0), (0.0, 1e-9)], 8) != []
