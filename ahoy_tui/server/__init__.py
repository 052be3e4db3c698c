"""Play over SSH and in a browser: the game host, its clients and the front doors.

:mod:`host` is the one authority over every live game; :mod:`messages` is what it and its
clients say; :mod:`link` is a client's end of the socket; :mod:`remote` puts a hosted game behind
the UI's session interface; :mod:`ssh` runs one game process per SSH connection; :mod:`web`
serves the same games to browsers.
"""
