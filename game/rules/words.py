"""A marker for the words the registry shows players (game names, blurbs,
option labels): `N_("...")` returns its argument unchanged, and Babel
extracts it into the message catalogs. The screens translate the words as
they draw them (game/i18n.py); the rules themselves never depend on a
language."""


def N_(message: str) -> str:  # noqa: N802 - gettext's conventional name
    return message
