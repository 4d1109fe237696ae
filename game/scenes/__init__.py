"""One module per scene. A scene handles intents, updates on the fixed tick
and draws; the app keeps them in a stack (see game/app.py)."""
