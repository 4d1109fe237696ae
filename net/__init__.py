"""Networking: protocol, host, client, discovery (docs/architecture.md describes the protocol)."""
