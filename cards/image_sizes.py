"""The sizes every card picture is served in (63 × 88 mm cards): the thumbnail for grids and
lists, the normal size for card pages. Uploads are fitted within them; proxies are drawn at
them, with a layout of their own at the thumbnail size (cards/proxies/grid.py)."""

SIZES = {"thumb": (146, 204), "normal": (488, 680)}
