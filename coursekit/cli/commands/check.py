"""``coursekit check``: lessons and subtitles together, or one of them."""
