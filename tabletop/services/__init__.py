"""The app's services: the player's settings (``settings``), saved games and replays
(``saves``) and card databases brought in from elsewhere (``imports``). Every file they
read is untrusted and validated; they know the games and the computer players only
through their registries."""
