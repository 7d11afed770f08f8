"""What the bots offer people: hints (``advice``) and the review of a match
(``analysis``)."""
