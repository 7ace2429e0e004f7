"""The durable store (SQLite by default) and safe file writes."""
