"""The arcmage.org card texts, read into abilities (``cards.Ability``) the engine enforces.

The texts are written by many hands but fall into recurring sentences: keywords with their
reminder texts, "Level N: ...", "M, ..." (an ability paid by marking the card), "When I come
into play, ...", "deal N damage to target creature", "+X/+Y until end of turn", "draw a
card"... The reader of the whole text (``card``) reads a text sentence by sentence against
tables of those sentences (``trigger_sentences``, ``paid_sentences``, ``effect_sentences``).
Whatever no sentence reads is kept, word for word, as the card's ``unenforced`` text: the
card still plays with its stats and keywords, shows "text not enforced", and its
controller applies that part by hand.

A sentence is read from parts that recur across the whole card database, never from a
whole sentence of one card, each part in a module of its own:

* ``amounts`` — digits or number words ("deal one damage", "draw two cards", "a card"),
  signed stats ("+2/+2"), the mark that pays an ability, what "for each ..." and "X is
  the number of ..." count (in play, yours, an opponent's, in your graveyard or hand, your
  resource cards);
* ``keywords`` — creature types (plural or singular), keywords, factions, kinds of card,
  and the keywords a text opens with (:func:`read_keywords`);
* ``reaches`` — who an effect reaches: a target of a kind ("target creature", "two target
  opposing creatures"), the card itself ("I", "me"), its city ("my city"), a group ("each
  creature", "Orcs you control", "your Soldiers"), players and graveyards; a group or a
  target qualified by more than a type ("other creatures you control", "target creature
  with cost 2 or less", "each creature with 2 or less attack");
* ``costs`` — what an ability costs besides the mark ("remove a fire counter:");
* ``triggers`` — when an ability is set off ("When I die", "At the start of your play
  phase", "Whenever you play an Orc card");
* ``effects`` — a one-off phrase: each verb with its reach, and the conjunctions that
  make one phrase of several effects ("A and B", "A, then B") (:func:`read_phrase`);
* ``passives`` — what holds while a card is in play, and what it forbids
  (:func:`read_static`);
* ``explanations`` — what a sentence no reader read lacks (:func:`missing`), and how each
  sentence was read (:class:`Reading`).

Parts give ``None`` for words they cannot read, so the reader of the whole text keeps them
for play by hand. No part imports a sentence table or the reader of the whole text.
"""

from .amounts import amount, count_of, mark_cost
from .card import Parsed, explain, parse, tokens_made
from .costs import read_cost
from .effects import Phrase, read_phrase
from .explanations import Reading, missing
from .keywords import card_kind, read_keywords
from .passives import read_static
from .reaches import Reach, reach
from .sentences import AMEND

__all__ = [
    "AMEND",
    "Parsed",
    "Phrase",
    "Reach",
    "Reading",
    "amount",
    "card_kind",
    "count_of",
    "explain",
    "mark_cost",
    "missing",
    "parse",
    "reach",
    "read_cost",
    "read_keywords",
    "read_phrase",
    "read_static",
    "tokens_made",
]
