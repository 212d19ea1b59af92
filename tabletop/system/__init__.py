"""The ground every layer above the engine stands on: where the program's own files and
the player's folders are (``paths``, the same from a checkout, an installed wheel and the
packaged program) and the log (``logs``)."""
