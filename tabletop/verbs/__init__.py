"""The headless verbs of the ``tabletop`` command (see ``cli.py``): bot against bot
(``selfplay``, ``arena``), the checks that play many games (``fuzz``, ``monkey``,
``smoke``) and the measurements (``bench``). They drive the engine, the bots and the
table; nothing in the app depends on them."""
