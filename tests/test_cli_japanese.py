"""The command line speaks the language `--lang` asks for: every command's
`--help` (argparse's own words too) and the `history` table come through the
catalogs, the table's columns lined up by terminal cells."""

from __future__ import annotations

import re

import pytest

from game.cli.main import build_parser, main
from game.cli.parser import requested_language
from game.words import i18n

COMMANDS = sorted(build_parser()._subparsers._group_actions[0].choices)


def english_words(text: str) -> list[str]:
    """Runs of English words a player reads, outside option names, metavars,
    choices and the program's name."""
    text = re.sub(r"--?[\w-]+|\{[^}]*\}|\b[A-Z][A-Z:_]+\b|Rail Party|railparty|openskill|"
                  r"JSON|PNG|TCP|IPv4|zeroconf|Ctrl\+\w+\+\w|Enter|Esc|ms\b", " ", text)
    return re.findall(r"\b[A-Za-z]{2,}(?: [A-Za-z]{2,})+\b", text)


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_commands_help_is_japanese_under_lang_ja(command, capsys):
    args = ["--lang", "ja", *([command] if command else []), "--help"]
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("使い方：") and "\nオプション：\n" in out, out
    assert not english_words(out), (english_words(out), out)


def test_help_stays_english_without_lang(capsys):
    with pytest.raises(SystemExit):
        main(["history", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: ") and "show this help message" in out


@pytest.mark.parametrize(("argv", "lang"), [(["--lang", "ja", "play"], "ja"),
                                            (["play", "--lang=ja"], "ja"),
                                            (["play", "--lang", "xx"], None),
                                            (["play", "--", "--lang", "ja"], None),
                                            (["history"], None)])
def test_the_language_is_read_before_the_command_line_is(argv, lang):
    assert requested_language(argv) == lang


def test_the_history_table_is_japanese_under_lang_ja(capsys):
    from game.story.history import write_record
    from game.tables.match import Match, Seat

    match = Match("routes-usa", [Seat("さくら", "red", "random"), Seat("Bob", "blue", "random")],
                  3)
    while not match.state.is_over:
        match.play_bot(match.state.to_act[0])
    write_record(match, "hot-seat")
    unfinished = Match("routes-italy", [Seat("Ann", "red"), Seat("Bob", "blue")], 4)
    write_record(unfinished, "hot-seat")
    try:
        assert main(["--lang", "ja", "history"]) == 0
        assert main(["history", "--lang", "ja"]) == 0       # after the command too
    finally:
        i18n.pin(None)
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert out[:len(out) // 2] == out[len(out) // 2:]
    out = out[:len(out) // 2]
    lines = out.splitlines()
    assert lines[0].split() == ["プレイヤー", "対戦数", "勝利", "レーティング"], lines[0]
    assert "レイルルート：北アメリカ" in out and "勝者" in out and "0手で中断" in out, out
    words = [w for w in english_words(out) if w not in ("Ann", "Bob")]
    assert not words, (words, out)
    # a Japanese name lines its numbers up with the header's (two cells a character)
    from game.cli.columns import cells

    row = next(line for line in lines if line.startswith("さくら"))
    assert cells(row) == cells(lines[0]), (row, lines[0])


@pytest.mark.parametrize(("argv", "words"), [
    (["simulate", "--games", "x"], "引数 --games：'x' は整数ではありません"),
    (["simulate", "--games", "0"], "0 は1以上にしてください"),
    (["play", "--game", "nope"], "選べない値です：'nope'"),
    (["play", "--seats"], "値を1つ指定してください"),
    (["simulate", "--no-such-option"], "知らない引数です：--no-such-option"),
    (["host", "--port", "99999"], "ポート 99999 は範囲外です"),
    (["play", "--seats", "hot,zz"], "'zz'：席は hot、phone、easy、normal、hard のどれかです"),
])
def test_a_refused_command_line_says_why_in_japanese(argv, words, capsys):
    with pytest.raises(SystemExit) as done:
        main(["--lang", "ja", *argv])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "エラー：" in err and words in err, err
    assert not english_words(err.splitlines()[-1]), err


def test_a_refused_command_line_stays_english_without_lang(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "x"])
    assert "argument --games: 'x' is not a whole number" in capsys.readouterr().err
