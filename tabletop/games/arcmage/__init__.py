"""ARC-mage (arcmage.org): cities and an army, faction resources, marking, an event stack.

Work in progress: the reader of the arcmage.org database (``database``) and the card model
(``cards``) are here; the game registers itself (``GAME``) once its rules and its table
exist, so until then no menu, verb or bench lists it.
"""
