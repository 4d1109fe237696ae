"""Networking: protocol, host, client, discovery (see ../shared/DESIGN.md)."""
