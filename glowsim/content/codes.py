"""Integer codes shared by the content tables, both engines and the records.

Symbols (R1): the five elements, then the three special faces.  The code of a
die colour equals the code of the symbol on its sixth face, so
``die_symbol[color, 5] == color`` for the default dice.
"""

LEAF, WATER, CLOUD, FIRE, ROCK, FOOTPRINT, BURST, CURSE = range(8)
N_ELEMENTS = 5
N_SYMBOLS = 8
SYMBOLS = ("leaf", "water", "cloud", "fire", "rock", "footprint", "burst", "curse")
ELEMENTS = SYMBOLS[:N_ELEMENTS]
SYMBOL_CODE = {name: i for i, name in enumerate(SYMBOLS)}

GREEN, BLUE, AZURE, RED, ORANGE, PURPLE, YELLOW, BLACK = range(8)
N_COLORS = 8
COLORS = ("green", "blue", "azure", "red", "orange", "purple", "yellow", "black")
COLOR_CODE = {name: i for i, name in enumerate(COLORS)}
ANY_COLOR = 8  # Sketal power `sketal_die: any` (R3)
NO_COLOR = -1

# Trigger kinds (R5)
TRIG_NONE, TRIG_SYMBOLS, TRIG_SAME, TRIG_ABSENT, TRIG_SYMBOLS_ABSENT = range(5)
TRIGGER_KINDS = ("none", "symbols", "same", "absent", "symbols+absent")

# Effect amount columns (R5)
EFF_BURSTS, EFF_FOOTPRINTS, EFF_FIREFLIES, EFF_REROLLS = range(4)
N_AMOUNTS = 4
AMOUNT_NAMES = ("bursts", "footprints", "fireflies", "rerolls")

# Effect flags (bit mask)
FLAG_DISCARD_SELF = 1
FLAG_CAST_SPELLS = 2
FLAG_RESURRECT = 4
FLAG_DISCARD_LAST = 8
FLAG_LOSE_COMPANION_OR_SPELL = 16  # board gains only (R6)
FLAG_NAMES = {
    "discard_self": FLAG_DISCARD_SELF,
    "cast_spells": FLAG_CAST_SPELLS,
    "resurrect": FLAG_RESURRECT,
    "discard_last_companion": FLAG_DISCARD_LAST,
}

# Item kinds (the rows of the item tables: tables.item_kind)
KIND_COMPANION, KIND_ADVENTURER, KIND_SPELL = range(3)

# Decks
DECK_A, DECK_B, DECK_ADVENTURER = 0, 1, 2
DECKS = ("A", "B", "adventurer")

# Board sides
PROVINCE, ARCHIPELAGO = 0, 1
SIDES = ("province", "archipelago")
SIDE_CODE = {"province": PROVINCE, "archipelago": ARCHIPELAGO,
             "province_of_shadows": PROVINCE, "archipelago_of_darkness": ARCHIPELAGO}

# Solo tiles: Tom's journey (R9)
JOURNEY_NONE, JOURNEY_MIN, JOURNEY_MAX = range(3)
JOURNEYS = ("none", "min", "max")
