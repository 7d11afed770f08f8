"""The fields of the public facts' JSON form (``json_fields.WireField``) that games of more
than one family write, each declared once: a facts class lists them in its ``wire`` among
its own (``public_facts.FactsBase``).

>>> from tricktable.cards import parse_card
>>> TURNED.codec.write(parse_card("JH")), BIDS.codec.read([2, None], "public.bids")
('JH', (2, None))
"""

from __future__ import annotations

from tricktable.json_fields import CARD, FLAG, INTEGER, INTEGERS, SUIT, WireField

TRUMP = WireField("trump", SUIT.optional())
"""The trump suit (``null``: not made yet, or none)."""
TURNED = WireField("turned", CARD.optional())
"""The card turned for trump."""
TRICKS_WON = WireField("tricks_won", INTEGERS)
HAND_SIZE = WireField("hand_size", INTEGER)
"""Cards dealt to each seat."""
BIDS = WireField("bids", INTEGER.optional().listed())
HIGH_BID = WireField("high_bid", INTEGER.optional())
BIDDER = WireField("bidder", INTEGER.optional())
OWN_DISCARDS = WireField("own_discards", CARD.listed())
"""The cards this seat discarded this deal (only it knows them)."""
OWN_HAND_HIDDEN = WireField("own_hand_hidden", FLAG)
