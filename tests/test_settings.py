"""Settings: defaults when missing, defaults and a message when unreadable, kept when saved."""

import json

from tabletop.services.settings import Settings, load_settings, save_settings, settings_path


def test_a_missing_settings_file_means_the_defaults_and_no_message():
    settings, message = load_settings()
    assert settings == Settings() and message is None


def test_settings_are_kept_between_starts():
    settings = Settings(
        animation="fast",
        sound=False,
        ui_scale=1.15,
        bot="hard",
        decks={"ewc": ["hexblade", "stonewall"]},
        window=(1600, 900),
    )
    assert save_settings(settings) is None
    assert load_settings() == (settings, None)


def test_a_damaged_settings_file_gives_the_defaults_with_a_message_and_is_kept_aside():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"animation": "fa')
    settings, message = load_settings()
    assert settings == Settings()
    assert "settings.json" in message and "default settings" in message
    assert path.with_name("settings.json.bad").read_text() == '{"animation": "fa'


def test_a_wrong_value_is_named_in_the_message():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"animation": "very fast"}))
    settings, message = load_settings()
    assert settings == Settings()
    assert message.startswith("settings.json: animation:")


def test_a_settings_file_from_before_the_three_levels_reads_as_the_level_it_meant():
    path = settings_path()
    path.parent.mkdir(parents=True)
    for old, level in (("random", "easy"), ("greedy", "normal")):
        path.write_text(json.dumps({"bot": old}))
        assert load_settings() == (Settings(bot=level), None)
