"""The academy: courses, levels and lessons on video, what unlocks them, protected streaming and
progress. See contracts/academy-api.md."""
