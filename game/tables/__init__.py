"""Tables and sessions: a running game (match, seats, saves) and the ways a table plays it
(hot-seat, couch with phones, a LAN seat, bot-only simulations)."""
