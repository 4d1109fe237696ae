"""Networking: protocol, host, client, discovery (docs/lan-protocol.md describes the protocol)."""
