"""The Textual user interface. It shows a session's state and sends it actions; no rules here."""
