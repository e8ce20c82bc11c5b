"""What a deck looks like on paper and in a forum post (issue 16, items 1 and 2).

- `sheet.py`: the cards to print (main deck and PAD team, never the sideboard) and each
  card's picture: its upload when it has one, else its proxy in the chosen language.
- `pdf.py`: proxy sheets, every copy at real size (63 × 88 mm), nine to an A4 or Letter page.
- `picture.py`: one PNG of the deck to share, with the counts and the team apart.

Both reuse the card pictures of cards/images.py, so a pre-drawn proxy (cards/predraw.py) is
read from storage rather than drawn again.
"""
